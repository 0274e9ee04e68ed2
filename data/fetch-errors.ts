/** The errors of the one HTTP client (spec §7, §8): `data/fetchers.ts` throws them and re-exports all of this. */

/** spec §8: the request never reached the server. */
export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Please check your network or try again later.'
/** spec §8: "Error with no message: a generic API error". */
export const GENERIC_ERROR_MESSAGE = 'An API error has occurred'
/** spec §7: HEAD requests give up after 60 s unless told otherwise. */
export const DEFAULT_HEAD_TIMEOUT_MS = 60_000

/** spec §8: a failed response whose body carries no message. */
export function statusErrorMessage(status: number): string {
  return `An error has occurred: ${status}`
}

/** Message of a request abandoned by its own timeout (not by the caller). */
export function timeoutErrorMessage(timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10
  return `The request timed out after ${seconds} s. Please try again later.`
}

export type ResponseErrorOptions = {
  /** HTTP status; undefined when no response arrived (network failure, timeout). */
  code?: number
  /** The X-Request-Id of the request (the server's echo when it sent one back). */
  requestId?: string
  /** Seconds to wait before retrying, from the Retry-After header. */
  retryAfter?: number
  /** The parsed failure body (JSON, or text when it was not JSON). */
  body?: unknown
  cause?: unknown
}

/** The one error type of every failed call (spec §7: code, requestId, retryAfter). */
export class ResponseError extends Error {
  readonly code: number | undefined
  readonly requestId: string | undefined
  readonly retryAfter: number | undefined
  readonly body: unknown

  constructor(message: string | undefined, options: ResponseErrorOptions = {}) {
    super(message || GENERIC_ERROR_MESSAGE, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ResponseError'
    this.code = options.code
    this.requestId = options.requestId
    this.retryAfter = options.retryAfter
    this.body = options.body
  }
}

/** True for errors thrown by this client. */
export function isResponseError(error: unknown): error is ResponseError {
  return error instanceof ResponseError
}

/** True for an abort (the caller's signal), which callers should treat as "nothing happened". */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'
}

// ---------------------------------------------------------------------------------------------
// Errors from responses

/**
 * Seconds to wait from a Retry-After header: either delay-seconds or an HTTP date (RFC 9110
 * §10.2.3). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The human message of a failure body: `message`, GoTrue's `msg`/`error_description`, or `error.message`. */
export function messageFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined
  const candidates = [
    body.message,
    body.msg,
    body.error_description,
    isRecord(body.error) ? body.error.message : undefined,
  ]
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate
  }
  return undefined
}
