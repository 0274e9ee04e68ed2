import { roleAtLeast, type Role } from '../access'
import { route } from '../http/route'
import { projectApiEndpoint } from '../projects/api-endpoint'
import { apiKeyVersion, listApiKeys, rotateApiKeys } from '../projects/api-keys'
import { refParams } from '../projects/schemas'
import { getPostgrestConfig } from '../rest/config'
import type { ProjectSettings } from '@/lib/api-types/api-keys'
import { emptyBody } from '@/lib/api-types/projects'

/** The access and path parameters of a route on one project. */
const ofProject = (minimum: Role) => ({ access: { scope: 'project', minimum } as const, params: refParams })

/**
 * A project's API: its URL and its keys. Every member reads the URL and the `anon` key (which
 * only row level security limits); the `service_role` key bypasses RLS, so only Developers and
 * above receive it; rotating the secret behind both (the old keys stop working) is for Owners and
 * Admins, and audit-logged.
 */
export const apiKeyRoutes = [
  route({
    method: 'GET',
    path: '/platform/projects/:ref/api-keys',
    summary: "List a project's API keys (service_role for Developers and above)",
    ...ofProject('Read-only'),
    handler: async ({ db, project, role }) => listApiKeys(db, project.ref, roleAtLeast(role, 'Developer')),
  }),
  route({
    method: 'POST',
    path: '/platform/projects/:ref/api-keys/rotate',
    summary: "Rotate a project's JWT secret: new keys, the old ones stop working (audited)",
    ...ofProject('Admin'),
    body: emptyBody,
    handler: async ({ db, caller, org, project }) => rotateApiKeys(db, caller, Number(org.id), project.ref),
  }),
  route({
    method: 'GET',
    path: '/platform/projects/:ref/settings',
    summary: "A project's API settings: its absolute URL, schema and key version",
    ...ofProject('Read-only'),
    handler: async ({ req, db, project }) =>
      ({
        app_config: { endpoint: projectApiEndpoint(project.ref, req.headers), db_schema: (await getPostgrestConfig(db, project.ref)).db_schema },
        jwt: await apiKeyVersion(db, project.ref),
      }) satisfies ProjectSettings,
  }),
]
