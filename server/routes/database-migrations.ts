import { applyMigrationBody } from '@/lib/api-types/database-migrations'
import { route } from '../http/route'
import { respond } from '../http/types'
import { applyMigration, listMigrations } from '../projects/migrations'
import { refParams } from '../projects/schemas'
import { requireServing } from '../projects/status'

const BASE = '/platform/projects/:ref/database/migrations'

/**
 * A project's migration history, the Management API's `/v1/projects/{ref}/database/migrations`:
 * Read-only members list it; Developers and above apply a migration, which runs and is recorded
 * in one transaction (a Postgres error → 400 with its SqlErrorBody, nothing recorded).
 */
export const databaseMigrationRoutes = [
  route({
    method: 'GET',
    path: BASE,
    summary: "List a project's migrations (supabase_migrations.schema_migrations)",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    handler: async ({ project }) => {
      requireServing(project)
      return listMigrations(project.ref)
    },
  }),
  route({
    method: 'POST',
    path: BASE,
    summary: 'Apply SQL as a migration and record it',
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams,
    body: applyMigrationBody,
    handler: async ({ req, caller, project, body }) => {
      requireServing(project)
      const applied = await applyMigration(project.ref, body, caller.email, req.signal)
      return 'error' in applied ? respond(400, applied.error) : respond(201, applied)
    },
  }),
]
