import { updatePostgrestConfigBody } from '@/lib/api-types/postgrest-config'
import { route } from '../http/route'
import { refParams } from '../projects/schemas'
import { getPostgrestConfig, updatePostgrestConfig } from '../rest/config'

/**
 * A project's Data API settings (lib/api-types/postgrest-config.ts): the schemas its REST API
 * serves, the most rows a read answers, whether `select` may aggregate and how a request's
 * transaction ends. Developers and above read them; Owners and Admins
 * change them (audit-logged); the REST API follows within a second (rest/config.ts).
 */
export const postgrestConfigRoutes = [
  route({
    method: 'GET',
    path: '/platform/projects/:ref/config/postgrest',
    summary: "A project's Data API settings: exposed schemas, max rows, aggregates, transaction end",
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams,
    handler: async ({ db, project }) => getPostgrestConfig(db, project.ref),
  }),
  route({
    method: 'PATCH',
    path: '/platform/projects/:ref/config/postgrest',
    summary: "Change a project's Data API settings (each schema must exist in its database)",
    access: { scope: 'project', minimum: 'Admin' },
    params: refParams,
    body: updatePostgrestConfigBody,
    handler: async ({ db, caller, project, body }) => updatePostgrestConfig(db, caller, project, body),
  }),
]
