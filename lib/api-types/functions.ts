/**
 * The Edge Functions shapes the platform sends and the dashboard reads, and the request bodies
 * the platform validates (deploy follows the Management API's `POST /v1/projects/{ref}/functions`).
 * The browser imports this file with `import type` only (zod stays out of its bundle).
 */
import { z } from 'zod'
import {
  FUNCTION_ENTRYPOINT,
  FUNCTION_FILE_PATTERN,
  FUNCTION_MAX_FILES,
  FUNCTION_MAX_SECRETS,
  FUNCTION_NAME_MAX_LENGTH,
  FUNCTION_SECRET_VALUE_MAX_BYTES,
  FUNCTION_SLUG_PATTERN,
  FUNCTION_SOURCE_MAX_BYTES,
  HEADER_NAME_PATTERN,
  INVOKE_METHODS,
  INVOKE_ROLES,
  RESERVED_FUNCTION_SLUGS,
  secretNameProblem,
} from '@/lib/functions/rules'
import { givenName } from './fields'

/** One source file of a function, by its path relative to the function's folder. */
export type FunctionFile = { name: string; content: string }

/** A function as listed. Times are ISO 8601. */
export type EdgeFunction = {
  id: string
  slug: string
  name: string
  status: 'ACTIVE'
  /** The version that serves (a rollback makes it older than `latest_version`). */
  version: number
  latest_version: number
  verify_jwt: boolean
  entrypoint_path: string
  created_at: string
  /** When the serving version was deployed or rolled back to. */
  updated_at: string
  /** Absolute URL apps call: `{project url}/functions/v1/{slug}`. */
  url: string
  /** Invocations in the last 24 hours, and how many of them answered 5xx or failed. */
  invocations_24h: number
  errors_24h: number
}

/** `GET .../functions/:slug`: the function with the serving version's files. */
export type EdgeFunctionDetail = EdgeFunction & { files: FunctionFile[] }

/** One deployed version. */
export type FunctionVersion = {
  version: number
  created_at: string
  /** Who deployed it (their username or e-mail), null when unknown. */
  created_by: string | null
  active: boolean
  /** Bytes of the bundle that runs. */
  bundle_bytes: number
  /** What the bundler printed. */
  build_output: string
}

/** `GET .../functions/:slug/versions/:version`: a version with its files. */
export type FunctionVersionDetail = FunctionVersion & { files: FunctionFile[] }

/** `POST .../functions` (201 on a new function, 200 on a new version of one). */
export type DeployFunctionResponse = EdgeFunction & { build_output: string }

/** A deploy whose code does not bundle answers 400 with this body (the bundler's output included). */
export type DeployFailure = { message: string; build_output: string }

/** `POST .../functions/:slug/invoke`: what the function answered the dashboard's test call. */
export type InvokeFunctionResponse = {
  status: number
  status_text: string
  headers: [string, string][]
  /** The body as text (UTF-8), or base64 when `body_encoding` says so (not text). */
  body: string
  body_encoding: 'text' | 'base64'
  duration_ms: number
}

/** A project secret as listed: never its value. */
export type FunctionSecret = { name: string; updated_at: string }

const slug = z
  .string('must be a string')
  .regex(FUNCTION_SLUG_PATTERN, 'must start with a letter and hold only letters, digits, - and _ (at most 64)')
  .refine((value) => !(RESERVED_FUNCTION_SLUGS as readonly string[]).includes(value.toLowerCase()), `must not be one of ${RESERVED_FUNCTION_SLUGS.join(', ')} (the dashboard's own pages)`)
const name = givenName(FUNCTION_NAME_MAX_LENGTH)
const content = z.string('must be a string')
const file = z.strictObject({
  name: z.string('must be a string').regex(FUNCTION_FILE_PATTERN, 'must be a relative path of a .ts, .tsx, .js, .jsx, .mjs, .mts or .json file, without ..'),
  content,
})

const sourceBytes = (body: { body: string; files?: { content: string }[] }) =>
  Buffer.byteLength(body.body, 'utf8') + (body.files ?? []).reduce((sum, f) => sum + Buffer.byteLength(f.content, 'utf8'), 0)

/**
 * POST /platform/projects/:ref/functions: deploys `body` as the function's index.ts (with any
 * further `files`), creating the function or adding a version to it.
 */
export const deployFunctionBody = z
  .strictObject({
    slug,
    name: name.optional(),
    body: content.min(1, 'must not be empty'),
    files: z.array(file, 'must be a list of { name, content }').max(FUNCTION_MAX_FILES - 1, `must hold at most ${FUNCTION_MAX_FILES - 1} files`).optional(),
    verify_jwt: z.boolean('must be true or false').optional(),
  })
  .refine((body) => sourceBytes(body) <= FUNCTION_SOURCE_MAX_BYTES, `source files must be at most ${FUNCTION_SOURCE_MAX_BYTES / 1024} KiB together`)
  .refine((body) => !(body.files ?? []).some((f) => f.name === FUNCTION_ENTRYPOINT), `files must not repeat ${FUNCTION_ENTRYPOINT}: it is body`)
  .refine((body) => new Set((body.files ?? []).map((f) => f.name)).size === (body.files ?? []).length, 'files must have distinct names')
export type DeployFunctionBody = z.input<typeof deployFunctionBody>
export type DeployFunctionInput = z.infer<typeof deployFunctionBody>

/** PATCH /platform/projects/:ref/functions/:slug: its name or JWT verification (no new version). */
export const updateFunctionBody = z
  .strictObject({ name: name.optional(), verify_jwt: z.boolean('must be true or false').optional() })
  .refine((body) => body.name !== undefined || body.verify_jwt !== undefined, 'give at least one of name, verify_jwt')
export type UpdateFunctionBody = z.input<typeof updateFunctionBody>

/** POST /platform/projects/:ref/functions/:slug/rollback: serve an earlier (or any) version again. */
export const rollbackFunctionBody = z.strictObject({
  version: z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1'),
})
export type RollbackFunctionBody = z.input<typeof rollbackFunctionBody>

const INVOKE_BODY_MAX_BYTES = 512 * 1024

/**
 * POST /platform/projects/:ref/functions/:slug/invoke: the dashboard's test call, made by the
 * server with the role's key as `Authorization` (`none`: without one), so no key reaches the browser.
 */
export const invokeFunctionBody = z.strictObject({
  method: z.enum(INVOKE_METHODS, `must be one of ${INVOKE_METHODS.join(', ')}`),
  /** Appended to the function's URL: empty, or starting with / or ?. */
  path: z.string('must be a string').max(2_000, 'must be at most 2000 characters').regex(/^(?:[/?].*)?$/, 'must be empty or start with / or ?').default(''),
  headers: z
    .record(z.string().regex(HEADER_NAME_PATTERN, 'must be a header name'), z.string('must be a string').max(8_000, 'must be at most 8000 characters'), 'must map header names to values')
    .refine((headers) => Object.keys(headers).length <= 50, 'must hold at most 50 headers')
    .default({}),
  body: z.string('must be a string').refine((text) => Buffer.byteLength(text, 'utf8') <= INVOKE_BODY_MAX_BYTES, 'must be at most 512 KiB').default(''),
  role: z.enum(INVOKE_ROLES, `must be one of ${INVOKE_ROLES.join(', ')}`).default('anon'),
})
export type InvokeFunctionBody = z.input<typeof invokeFunctionBody>
export type InvokeFunctionInput = z.infer<typeof invokeFunctionBody>

const secretName = z.string('must be a string').superRefine((value, ctx) => {
  const problem = secretNameProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** POST /platform/projects/:ref/secrets: sets (creates or replaces) secrets, as the Management API's bulk call. */
export const setSecretsBody = z
  .array(
    z.strictObject({
      name: secretName,
      value: z.string('must be a string').refine((text) => Buffer.byteLength(text, 'utf8') <= FUNCTION_SECRET_VALUE_MAX_BYTES, `must be at most ${FUNCTION_SECRET_VALUE_MAX_BYTES / 1024} KiB`),
    }),
    'must be a list of { name, value }'
  )
  .min(1, 'must hold at least one secret')
  .max(FUNCTION_MAX_SECRETS, `must hold at most ${FUNCTION_MAX_SECRETS} secrets`)
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, 'must not name a secret twice')
export type SetSecretsBody = z.input<typeof setSecretsBody>

/** DELETE /platform/projects/:ref/secrets: the names to delete. */
export const deleteSecretsBody = z.array(secretName, 'must be a list of secret names').min(1, 'must name at least one secret').max(FUNCTION_MAX_SECRETS, `must name at most ${FUNCTION_MAX_SECRETS} secrets`)
export type DeleteSecretsBody = z.input<typeof deleteSecretsBody>
