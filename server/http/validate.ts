import { z } from 'zod'
import { ApiError, badRequest } from './errors'
import type { ApiRequest } from './types'

/** Turns zod issues into one sentence that names each field at fault. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.join('.') : 'body'
      if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
      return `${where}: ${issue.message}`
    })
    .join('; ')
}

/** Nesting no request body needs; deeper ones are refused before anything walks them recursively (JSON.stringify, pg). */
export const MAX_BODY_DEPTH = 64

/**
 * What no schema should see: NUL characters (Postgres text and jsonb cannot hold them, so they
 * would fail on write with a 500) and runaway nesting (recursive code overflows the stack).
 * Walks the parsed body without recursion; returns a sentence naming the place, or null.
 */
export function findUnsafeJson(data: unknown): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: data, path: [] }]
  while (stack.length > 0) {
    const { value, path } = stack.pop()!
    const where = path.length ? path.join('.') : 'body'
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return `${where}: must not contain NUL characters`
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (path.length >= MAX_BODY_DEPTH) return `${where}: nested too deeply (at most ${MAX_BODY_DEPTH} levels)`
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${where}: field names must not contain NUL characters`
      stack.push({ value: child, path: [...path, key] })
    }
  }
  return null
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The body as text. JSON is UTF-8 (RFC 8259): a body that is not valid UTF-8 is refused rather
 * than decoded with U+FFFD in place of the bad bytes, which would store something other than
 * what was sent.
 */
export function decodeUtf8Body(raw: Uint8Array): string {
  try {
    return strictUtf8.decode(raw)
  } catch {
    throw badRequest('Invalid request body: it is not valid UTF-8')
  }
}

/**
 * Parses the JSON body against a schema; a body that is not valid UTF-8, bad JSON, a body that is
 * not what the schema wants (an empty body counts as `{}`, JSON `null` does not), NUL characters,
 * runaway nesting or a mismatch answer 400 naming the problem; a body over `maxBytes` (or the
 * mount's limit) answers 413.
 */
export async function parseBody<S extends z.ZodType>(req: ApiRequest, schema: S, options: { maxBytes?: number } = {}): Promise<z.infer<S>> {
  const raw = await req.rawBody(options.maxBytes)
  const text = decodeUtf8Body(raw).trim()
  let data: unknown = {}
  if (text.length > 0) {
    try {
      data = JSON.parse(text)
    } catch {
      throw badRequest('Malformed JSON in request body')
    }
  }
  const unsafe = findUnsafeJson(data)
  if (unsafe) throw badRequest(`Invalid request body: ${unsafe}`)
  const result = schema.safeParse(data)
  if (!result.success) throw badRequest(`Invalid request body: ${describeIssues(result.error)}`)
  return result.data
}

/** Parses the query string against a schema. */
export function parseQuery<S extends z.ZodType>(req: ApiRequest, schema: S): z.infer<S> {
  const unsafe = findUnsafeJson(req.query)
  if (unsafe) throw badRequest(`Invalid query parameters: ${unsafe}`)
  const result = schema.safeParse(req.query)
  if (!result.success) throw badRequest(`Invalid query parameters: ${describeIssues(result.error)}`)
  return result.data
}

/** Parses path parameters against a schema (404 when they cannot name anything). */
export function parseParams<S extends z.ZodType>(req: ApiRequest, schema: S): z.infer<S> {
  const unsafe = findUnsafeJson(req.params)
  if (unsafe) throw new ApiError(400, `Invalid path: ${unsafe}`)
  const result = schema.safeParse(req.params)
  if (!result.success) throw new ApiError(400, `Invalid path: ${describeIssues(result.error)}`)
  return result.data
}
