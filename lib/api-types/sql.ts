/**
 * `POST /platform/pg-meta/{ref}/query`: the request body the platform validates, the result and
 * the Postgres error it answers. The browser imports this file with `import type` only (zod stays
 * out of its bundle).
 */
import { z } from 'zod'

/** A migration's name: what the history and its file (`<version>_<name>.sql`) call it. */
export const migrationName = z
  .string('must be a string')
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .refine((name) => !/[\u0000-\u001f]/.test(name), 'must not hold control characters')

/**
 * {query, parameters?, name?}: with parameters the query is one statement. A run that changes the
 * schema (CREATE, ALTER, DROP, COMMENT, GRANT, REVOKE…) is recorded in the project's migration
 * history, under `name` when given (else one made from its first change); given a name, a run
 * that writes anything is recorded.
 */
export const sqlQueryBody = z.strictObject({
  query: z.string('must be a string').min(1, 'must not be empty'),
  parameters: z.array(z.unknown(), 'must be an array').max(10_000).optional(),
  name: migrationName.optional(),
})
export type SqlQueryBody = z.input<typeof sqlQueryBody>

export type SqlField = { name: string; dataTypeID: number; type: string | null }

/** The last statement's result. */
export type SqlResult<Row = Record<string, unknown>> = {
  rows: Row[]
  fields: SqlField[]
  rowCount: number | null
  command: string | null
  /** More rows than the platform returns (its cap) were produced. */
  truncated: boolean
}

/** A Postgres error as the platform returns it (body of the 400). */
export type SqlErrorBody = {
  message: string
  code: string
  /** 1-based character offset into the query, as Postgres reports it. */
  position: number | null
  detail: string | null
  hint: string | null
  where: string | null
  severity: string | null
}

/**
 * A streamed result (`Accept: application/x-ndjson`), one JSON line each, in this order: the head
 * (`fields`), any number of `rows` chunks (values in the fields' order: one header, arrays, not an
 * object per row), then `end` or, when the query failed or was stopped after the head, `error`.
 * A failure before the head is the usual 400 with an SqlErrorBody.
 */
export type SqlStreamLine =
  | { fields: SqlField[] }
  | { rows: unknown[][] }
  | { end: { rowCount: number | null; command: string | null; truncated: boolean } }
  | { error: SqlErrorBody }
