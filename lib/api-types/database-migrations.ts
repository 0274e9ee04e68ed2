/**
 * A project's migration history (`supabase_migrations.schema_migrations`), as the Management API's
 * `/v1/projects/{ref}/database/migrations` has it: `GET` lists, `POST` {query, name} applies and
 * records. The browser imports this file with `import type` only.
 */
import { z } from 'zod'
import { migrationName } from './sql'

/** {query, name}: the SQL to apply (one transaction) and the migration's name. */
export const applyMigrationBody = z.strictObject({
  query: z.string('must be a string').min(1, 'must not be empty'),
  name: migrationName,
})
export type ApplyMigrationBody = z.input<typeof applyMigrationBody>

/** The `Idempotency-Key` header of an apply: visible ASCII, at most 255 characters. */
export const idempotencyKeyHeader = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters')

/** One migration: its statements in order, as `supabase migration fetch` writes them to a file. */
export type Migration = {
  version: string
  name: string | null
  statements: string[]
  /** The member who applied it (an email), when the platform recorded it. */
  created_by: string | null
}

/** The answer to an apply: the versions written (one per transaction of the script that committed a change). */
export type AppliedMigration = { versions: string[]; name: string }
