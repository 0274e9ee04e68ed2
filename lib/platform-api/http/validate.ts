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

/** Parses the JSON body against a schema; bad JSON, a missing body or a mismatch answer 400 naming the problem. */
export async function parseBody<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.infer<S>> {
  const raw = await req.rawBody()
  const text = raw.toString('utf8').trim()
  let data: unknown = undefined
  if (text.length > 0) {
    try {
      data = JSON.parse(text)
    } catch {
      throw badRequest('Malformed JSON in request body')
    }
  }
  const result = schema.safeParse(data ?? {})
  if (!result.success) throw badRequest(`Invalid request body: ${describeIssues(result.error)}`)
  return result.data
}

/** Parses the query string against a schema. */
export function parseQuery<S extends z.ZodType>(req: ApiRequest, schema: S): z.infer<S> {
  const result = schema.safeParse(req.query)
  if (!result.success) throw badRequest(`Invalid query parameters: ${describeIssues(result.error)}`)
  return result.data
}

/** Parses path parameters against a schema (404 when they cannot name anything). */
export function parseParams<S extends z.ZodType>(req: ApiRequest, schema: S): z.infer<S> {
  const result = schema.safeParse(req.params)
  if (!result.success) throw new ApiError(400, `Invalid path: ${describeIssues(result.error)}`)
  return result.data
}
