/**
 * The rules of Edge Functions that the browser and the server share: what a function's slug, its
 * file names and its secrets' names may be, and the limits of an invocation per plan. Pure.
 */
import type { PlanId } from '@/lib/catalogue/plans'

/** A slug is the function's name in its URL: `{project url}/functions/v1/{slug}`. */
export const FUNCTION_SLUG_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/
export const FUNCTION_NAME_MAX_LENGTH = 100
/** Slugs no function may take: the dashboard's `/functions/secrets` is the secrets screen. */
export const RESERVED_FUNCTION_SLUGS = ['secrets'] as const

/** The file every function starts from; the Management API's `body` is its source. */
export const FUNCTION_ENTRYPOINT = 'index.ts'
/** A relative path of one of a function's files: folders allowed, no `..`, a script or JSON. */
export const FUNCTION_FILE_PATTERN = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9_][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*\.(?:ts|tsx|js|jsx|mjs|mts|json)$/
export const FUNCTION_MAX_FILES = 20
/** All of a function's source files together, in bytes (a deploy's JSON body must stay under the 1 MiB every platform route accepts). */
export const FUNCTION_SOURCE_MAX_BYTES = 512 * 1024

/** Secret names: environment variable names; `SUPABASE_` is the platform's own. */
export const FUNCTION_SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/
export const FUNCTION_SECRET_NAME_MAX_LENGTH = 256
export const FUNCTION_SECRET_VALUE_MAX_BYTES = 24 * 1024
export const RESERVED_SECRET_PREFIX = 'SUPABASE_'
export const FUNCTION_MAX_SECRETS = 100

/** The environment every function gets besides its project's secrets. */
export const FUNCTION_DEFAULT_ENV = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const

/**
 * Names the runtime sets for Deno itself, whatever the case: its cache and settings (DENO_…) and
 * the proxy every request leaves through (the egress proxy: a secret of these names could not
 * route a function elsewhere, only break its network).
 */
export const RUNTIME_ENV_PREFIX = 'DENO_'
export const RUNTIME_ENV_NAMES = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'] as const

/** Whether `name` is one the runtime sets for Deno (a function's environment never carries it). */
export function isRuntimeEnvName(name: string): boolean {
  const upper = name.toUpperCase()
  return upper.startsWith(RUNTIME_ENV_PREFIX) || (RUNTIME_ENV_NAMES as readonly string[]).includes(upper)
}

/** Why a secret name cannot be used, or null. */
export function secretNameProblem(name: string): string | null {
  if (!FUNCTION_SECRET_NAME_PATTERN.test(name)) return 'may hold only letters, digits and underscores, and must not start with a digit'
  if (name.length > FUNCTION_SECRET_NAME_MAX_LENGTH) return `must be at most ${FUNCTION_SECRET_NAME_MAX_LENGTH} characters`
  if (name.toUpperCase().startsWith(RESERVED_SECRET_PREFIX)) return `must not start with ${RESERVED_SECRET_PREFIX} (the platform sets those)`
  if (isRuntimeEnvName(name)) return 'is set by the functions runtime (Deno settings and the network proxy)'
  return null
}

/** What one invocation may use. */
export type FunctionLimits = {
  /** CPU time of one invocation. */
  cpuMs: number
  /** Wall-clock time of one invocation, from dispatch to the end of its response. */
  wallMs: number
  /** Memory of a worker (V8 heap and the process's resident size). */
  memoryMb: number
  requestBytes: number
  responseBytes: number
}

const MB = 1024 * 1024

/** The limits of an invocation on a project of `plan`: paid plans get more wall time, memory and body size. */
export function functionLimits(plan: PlanId): FunctionLimits {
  if (plan === 'free') return { cpuMs: 2_000, wallMs: 150_000, memoryMb: 256, requestBytes: 10 * MB, responseBytes: 10 * MB }
  return { cpuMs: 2_000, wallMs: 400_000, memoryMb: 512, requestBytes: 50 * MB, responseBytes: 50 * MB }
}

/** The dashboard's test call of a function (POST …/functions/:slug/invoke): its methods and roles. */
export const INVOKE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const
export const INVOKE_ROLES = ['anon', 'service_role', 'none'] as const
/** Methods sent without a body (a server may ignore one; fetch refuses one). */
export const METHODS_WITHOUT_BODY: readonly string[] = ['GET', 'HEAD']
/** An HTTP header name (RFC 9110 token), at most 100 characters. */
export const HEADER_NAME_PATTERN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/

/** True when `text` parses as JSON. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The Content-Type a test call's body gets when the caller set none: JSON when it parses as JSON, else plain text. */
export function defaultBodyContentType(body: string): string {
  return isJsonText(body) ? 'application/json' : 'text/plain;charset=UTF-8'
}
