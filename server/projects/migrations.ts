import type { AppliedMigration, ApplyMigrationBody, Migration } from '@/lib/api-types/database-migrations'
import { MIGRATIONS_TABLE } from '@/lib/database/migrations'
import { ApiError } from '../http/errors'
import { quoteLiteral } from './jail'
import { runProjectQuery } from './run-query'

/**
 * The Management API's migrations of a project (`/platform/projects/{ref}/database/migrations`):
 * the history is read as the member's read-only role and written as its owner role, in the
 * transaction of the change (member-sql.ts, migration-record.ts).
 */

/** Read as the project's read-only role: what a member put in the table is theirs, so every value is checked. */
const LIST_SQL = `select version::pg_catalog.text as version, name::pg_catalog.text as name,
  statements::pg_catalog.text[] as statements, created_by::pg_catalog.text as created_by
  from ${MIGRATIONS_TABLE} order by version`

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** The history, oldest first; empty when the project has none (or dropped it). */
export async function listMigrations(ref: string): Promise<Migration[]> {
  const outcome = await runProjectQuery(ref, { query: LIST_SQL, readOnly: true, logged: false })
  if (!outcome.ok) {
    // 42P01/3F000: the table or its schema is gone (a member dropped it); it comes back with the next change.
    if (outcome.error.code === '42P01' || outcome.error.code === '3F000') return []
    throw new ApiError(400, `Could not read the migration history: ${outcome.error.message}`)
  }
  return outcome.result.rows.map((row) => ({
    version: text(row.version) ?? '',
    name: text(row.name),
    statements: Array.isArray(row.statements) ? row.statements.filter((s): s is string => typeof s === 'string') : [],
    created_by: text(row.created_by),
  }))
}

/** The migration recorded under an idempotency key, if any (read as the read-only role). */
async function keyedMigration(ref: string, key: string): Promise<AppliedMigration | null> {
  const outcome = await runProjectQuery(ref, {
    query: `select version::pg_catalog.text as version, name::pg_catalog.text as name from ${MIGRATIONS_TABLE} where idempotency_key operator(pg_catalog.=) ${quoteLiteral(key)}`,
    readOnly: true,
    logged: false,
  })
  // No history, or one made without the column: nothing was recorded under the key.
  if (!outcome.ok) return null
  const row = outcome.result.rows[0]
  return row ? { versions: [text(row.version) ?? ''], name: text(row.name) ?? '' } : null
}

/**
 * Runs the query as the member's owner role in one transaction and records it under its name,
 * whatever it holds. With an `Idempotency-Key` (the Management API's header) a key already in the
 * history answers that migration without running anything (`replayed`); two requests racing with
 * one key: the second's record breaks the key's uniqueness, its change is rolled back, and it
 * answers the first's.
 */
export async function applyMigration(
  ref: string,
  body: ApplyMigrationBody,
  createdBy: string,
  options: { signal?: AbortSignal; idempotencyKey?: string | null } = {}
): Promise<(AppliedMigration & { replayed: boolean }) | { error: unknown }> {
  const key = options.idempotencyKey ?? null
  if (key !== null) {
    const earlier = await keyedMigration(ref, key)
    if (earlier) return { ...earlier, replayed: true }
  }
  const outcome = await runProjectQuery(ref, { query: body.query, readOnly: false, signal: options.signal, record: { name: body.name, createdBy, always: true, idempotencyKey: key } })
  if (!outcome.ok) {
    if (key !== null && outcome.error.code === '23505') {
      const earlier = await keyedMigration(ref, key)
      if (earlier) return { ...earlier, replayed: true }
    }
    return { error: outcome.error }
  }
  return { versions: outcome.recorded ?? [], name: body.name, replayed: false }
}
