import { graphqlRequestBody } from '@/lib/api-types/graphql'
import { roleAtLeast } from '../access'
import { runGraphqlRequest } from '../graphql/execute'
import { route } from '../http/route'
import { refParams } from '../projects/schemas'
import { requireServing } from '../projects/status'

/**
 * `POST /platform/projects/{ref}/api/graphql` {query, variables?, operationName?} → {data, errors}.
 * The schema is generated from the project's public schema. Every member may query; Developers
 * and above may mutate (a Read-only member's mutation answers a GraphQL error). Problems of the
 * GraphQL itself answer 200 with `errors`; a bad body (JSON, fields, a query over 100 kB) 400.
 */
export const graphqlRoutes = [
  route({
    method: 'POST',
    path: '/platform/projects/:ref/api/graphql',
    summary: "Run a GraphQL request on the project's public schema (mutations need Developer)",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    body: graphqlRequestBody,
    handler: async ({ req, project, role, body }) => {
      requireServing(project)
      return runGraphqlRequest(project.ref, body, { canWrite: roleAtLeast(role, 'Developer'), signal: req.signal })
    },
  }),
]
