import { z } from 'zod'
import { SNIPPET_NAME_MAX_LENGTH, SNIPPET_SQL_MAX_BYTES } from '@/lib/sql/limits'
import { refParams } from '../projects/schemas'

const name = z
  .string('must be a string')
  .trim()
  .min(1, 'must not be empty')
  .max(SNIPPET_NAME_MAX_LENGTH, `must be at most ${SNIPPET_NAME_MAX_LENGTH} characters`)

const sql = z
  .string('must be a string')
  .refine((text) => Buffer.byteLength(text, 'utf8') <= SNIPPET_SQL_MAX_BYTES, `must be at most ${SNIPPET_SQL_MAX_BYTES} bytes (1 MiB)`)

/** POST /platform/projects/:ref/snippets */
export const createSnippetBody = z.strictObject({ name, sql: sql.default('') })

/** PATCH /platform/projects/:ref/snippets/:id: any of the three, at least one. */
export const updateSnippetBody = z
  .strictObject({ name: name.optional(), sql: sql.optional(), favorite: z.boolean('must be true or false').optional() })
  .refine((body) => body.name !== undefined || body.sql !== undefined || body.favorite !== undefined, 'give at least one of name, sql, favorite')

export type UpdateSnippetInput = z.infer<typeof updateSnippetBody>

/** A snippet id is a uuid; anything else names no snippet. */
export const snippetParams = refParams.extend({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'is not a snippet id'),
})
