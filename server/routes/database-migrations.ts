import { applyMigrationBody, idempotencyKeyHeader } from '@/lib/api-types/database-migrations'
import { badRequest } from '../http/errors'
import { route } from '../http/route'
import { respond } from '../http/types'
import { applyMigration, listMigrations } from '../projects/migrations'
import { refParams } from '../projects/schemas'
import { requireServing } from '../projects/status'

const BASE = '/platform/projects/:ref/database/migrations'

/**
 * A project's migration history, the Management API's `/v1/projects/{ref}/database/migrations`:
 * Read-only members list it; Developers and above apply a migration, which runs and is recorded
 * in one transaction (a Postgres error → 400 with its SqlErrorBody, nothing recorded). An
 * `Idempotency-Key` header makes a retry safe: the key's migration answers 200, run once.
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
      const header = req.headers['idempotency-key']
      let idempotencyKey: string | null = null
      if (header !== undefined) {
        const parsed = idempotencyKeyHeader.safeParse(header)
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Idempotency-Key is not valid')
        idempotencyKey = parsed.data
      }
      const applied = await applyMigration(project.ref, body, caller.email, { signal: req.signal, idempotencyKey })
      if ('error' in applied) return respond(400, applied.error)
      const { replayed, ...migration } = applied
      // A key seen before: the migration it recorded, nothing run again.
      return replayed ? respond(200, migration, { 'Idempotent-Replayed': 'true' }) : respond(201, migration)
    },
  }),
]
