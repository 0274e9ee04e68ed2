import { getProjectAccess, roleAtLeast } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import { runGraphqlRequest } from '../graphql/execute'
import { graphqlRequestBody } from '../graphql/schemas'
import { conflict } from '../http/errors'
import type { Router } from '../http/router'
import { parseBody, parseParams } from '../http/validate'
import { refParams } from '../projects/schemas'

/** Statuses in which the database serves queries. */
const SERVING = new Set(['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'])

/**
 * `POST /platform/projects/{ref}/api/graphql` {query, variables?, operationName?} → {data, errors}.
 * The schema is generated from the project's public schema. Every member may query; Developers
 * and above may mutate (a Read-only member's mutation answers a GraphQL error). Problems of the
 * GraphQL itself answer 200 with `errors`; a bad body (JSON, fields, a query over 100 kB) 400.
 */
export function registerGraphqlRoutes(router: Router): void {
  router.post('/platform/projects/:ref/api/graphql', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project, role } = await getProjectAccess(db, caller, ref, 'Read-only')
    const body = await parseBody(req, graphqlRequestBody)
    if (!SERVING.has(project.status)) {
      throw conflict(`Project ${ref} is ${project.status}: its database serves queries only when ACTIVE_HEALTHY`)
    }
    return runGraphqlRequest(ref, body, { canWrite: roleAtLeast(role, 'Developer'), signal: req.signal })
  })
}
