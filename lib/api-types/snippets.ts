/**
 * The SQL snippet shapes the platform sends and the dashboard reads, and the request bodies the
 * platform validates. The browser imports this file with `import type` only (zod stays out of its bundle).
 */
import { z } from 'zod'
import { SNIPPET_NAME_MAX_LENGTH, SNIPPET_SQL_MAX_BYTES } from '@/lib/sql/limits'
import { givenName } from './fields'

/** A snippet in the sidebar list: no SQL text (each may hold up to 1 MiB). */
export type SnippetSummary = {
  id: string
  name: string
  favorite: boolean
  project_ref: string
  inserted_at: string
  updated_at: string
}

/** One snippet with its SQL. */
export type Snippet = SnippetSummary & { sql: string }

const name = givenName(SNIPPET_NAME_MAX_LENGTH)

const sql = z
  .string('must be a string')
  .refine((text) => Buffer.byteLength(text, 'utf8') <= SNIPPET_SQL_MAX_BYTES, `must be at most ${SNIPPET_SQL_MAX_BYTES} bytes (1 MiB)`)

/** POST /platform/projects/:ref/snippets */
export const createSnippetBody = z.strictObject({ name, sql: sql.default('') })
export type CreateSnippetBody = z.input<typeof createSnippetBody>

/** PATCH /platform/projects/:ref/snippets/:id: any of the three, at least one. */
export const updateSnippetBody = z
  .strictObject({ name: name.optional(), sql: sql.optional(), favorite: z.boolean('must be true or false').optional() })
  .refine((body) => body.name !== undefined || body.sql !== undefined || body.favorite !== undefined, 'give at least one of name, sql, favorite')
export type UpdateSnippetBody = z.input<typeof updateSnippetBody>
export type UpdateSnippetInput = z.infer<typeof updateSnippetBody>
