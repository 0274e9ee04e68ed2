/**
 * A project's Data API settings (its REST API, `{url}/rest/v1`), with the hosted platform's names:
 * the shape `GET /platform/projects/:ref/config/postgrest` sends and the body PATCH validates.
 * The browser imports this file with `import type` only.
 *
 * Routes (access):
 * - `GET   /platform/projects/:ref/config/postgrest` → PostgrestConfig (Developer)
 * - `PATCH /platform/projects/:ref/config/postgrest` updatePostgrestConfigBody → PostgrestConfig (Admin)
 */
import { z } from 'zod'
import { maxRowsProblem, schemaListProblem, splitSchemaList, TX_END_VALUES, type TxEnd } from '@/lib/rest/exposed-schemas'

export { TX_END_VALUES, type TxEnd }

export type PostgrestConfig = {
  /** The schemas the REST API serves, comma-separated (`public, app`); the first is the default. */
  db_schema: string
  /** The most rows one read answers (PostgREST's `db-max-rows`). */
  max_rows: number
  /** Aggregate functions (`count()`, `sum()`, ...) are allowed in `select` (PostgREST's `db-aggregates-enabled`). */
  db_aggregates_enabled: boolean
  /** How a request's transaction ends, and whether `Prefer: tx=commit|rollback` may change it (PostgREST's `db-tx-end`). */
  db_tx_end: TxEnd
}


export const updatePostgrestConfigBody = z
  .strictObject({
    db_schema: z
      .string('must be a comma-separated list of schemas')
      .max(4000, 'must be at most 4000 characters')
      .superRefine((text, ctx) => {
        const problem = schemaListProblem(splitSchemaList(text))
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .optional(),
    max_rows: z
      .number('must be a number')
      .superRefine((value, ctx) => {
        const problem = maxRowsProblem(value)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .optional(),
    db_aggregates_enabled: z.boolean('must be true or false').optional(),
    db_tx_end: z
      .enum(TX_END_VALUES, `must be one of ${TX_END_VALUES.map((v) => `'${v}'`).join(', ')}`)
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give at least one setting')
export type UpdatePostgrestConfigBody = z.input<typeof updatePostgrestConfigBody>
