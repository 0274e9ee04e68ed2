/**
 * The one HTTP client of the dashboard (spec §7, STYLE §3): nothing else calls `fetch`.
 *
 * Every request sends cookies (`credentials: 'include'`), a fresh `X-Request-Id`, JSON by default,
 * and `Authorization: Bearer <access token>` unless the caller set Authorization. Paths under
 * `/platform/...` go to the configured platform API (`API_URL`); absolute URLs pass through.
 * Every failure becomes one typed `ResponseError`; aborts by the caller are rethrown untouched.
 */
import { getConfig } from '@/lib/config'
import { reportError } from '@/lib/error-reporting'
import { randomUuid } from '@/lib/random-id'

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
// Access token

export type AccessTokenProvider = () => Promise<string | undefined>

let accessTokenProvider: AccessTokenProvider | null = null

/** Plugs in the auth layer: called before each request; `null` removes it. */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenProvider = provider
}

async function accessToken(): Promise<string | undefined> {
  if (!accessTokenProvider) return undefined
  try {
    return (await accessTokenProvider()) || undefined
  } catch {
    // No session to be had: send the request without a token and let the server answer 401,
    // which the profile query turns into a sign-out (spec §8).
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------
// URLs

export type QueryScalar = string | number | boolean
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined
export type QueryParams = Record<string, QueryValue>

function hasScheme(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url)
}

/**
 * Query string without the `?`. Arrays become comma lists (spec §7: `ids=a,b`); each item is
 * encoded on its own, so the separating commas stay literal. null/undefined are left out.
 */
export function serializeQuery(query: QueryParams): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue
    const encoded = Array.isArray(value)
      ? (value as readonly QueryScalar[]).map((item) => encodeURIComponent(String(item))).join(',')
      : encodeURIComponent(String(value))
    parts.push(`${encodeURIComponent(key)}=${encoded}`)
  }
  return parts.join('&')
}

/**
 * The URL a path is fetched from: `/platform/...` is prefixed with the platform API URL,
 * absolute URLs pass through, and in the browser relative URLs are made absolute against the
 * page's origin (so they also work where `fetch` has no document to resolve against).
 */
export function resolveUrl(path: string, query?: QueryParams): string {
  let url = path
  if (path === '/platform' || path.startsWith('/platform/') || path.startsWith('/platform?')) {
    url = `${getConfig().apiUrl}${path}`
  }
  if (!hasScheme(url) && typeof window !== 'undefined') {
    url = new URL(url, window.location.origin).toString()
  }
  const search = query ? serializeQuery(query) : ''
  if (!search) return url
  return `${url}${url.includes('?') ? '&' : '?'}${search}`
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The access token goes only to the page's own origin, the platform API and the auth service,
 * never to a third-party absolute URL that happens to be fetched through this client.
 */
function mayCarryToken(url: string): boolean {
  if (!hasScheme(url)) return !url.startsWith('//')
  const origin = originOf(url)
  if (origin === null) return false
  if (typeof window !== 'undefined' && origin === window.location.origin) return true
  const { apiUrl, gotrueUrl } = getConfig()
  return [apiUrl, gotrueUrl].some((base) => hasScheme(base) && originOf(base) === origin)
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

function isRecord(value: unknown): value is Record<string, unknown> {
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

function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

async function errorFromResponse(response: Response, requestId: string): Promise<ResponseError> {
  let text = ''
  try {
    text = await response.text()
  } catch {
    // A body that cannot be read still leaves the status to report.
  }
  const body = parseBody(text)
  return new ResponseError(messageFromBody(body) ?? statusErrorMessage(response.status), {
    code: response.status,
    requestId: response.headers.get('X-Request-Id') ?? requestId,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    body,
  })
}

// ---------------------------------------------------------------------------------------------
// Requests

export type RequestOptions = {
  /** Query parameters; arrays are sent as comma lists. */
  query?: QueryParams
  /** Extra headers; a caller's Authorization, Content-Type or X-Request-Id wins over the defaults. */
  headers?: HeadersInit
  /** Abort signal; an abort is rethrown as is (an AbortError), never as a ResponseError. */
  signal?: AbortSignal
  /** Milliseconds before the request is given up with a ResponseError (no default except HEAD). */
  timeout?: number
}

export type HeadOptions = RequestOptions

/** What a HEAD request tells: the status and the headers. */
export type HeadResult = { status: number; headers: Headers }

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

/** Bodies the platform sends as they are (with the content type `fetch` gives them). */
function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
}

type Deadline = { signal: AbortSignal | undefined; timedOut: () => boolean; dispose: () => void }

/** The caller's signal combined with an optional timeout of our own. */
function deadline(signal: AbortSignal | undefined, timeout: number | undefined): Deadline {
  if (timeout === undefined || !Number.isFinite(timeout) || timeout < 0) {
    return { signal, timedOut: () => false, dispose: () => {} }
  }
  const controller = new AbortController()
  let timedOut = false
  const forward = () => controller.abort(signal?.reason)
  if (signal?.aborted) forward()
  else signal?.addEventListener('abort', forward, { once: true })
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'))
  }, timeout)
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forward)
    },
  }
}

/** spec §8: server failures and unexpected errors go to the error service; 4xx and offline do not. */
function report(error: ResponseError, method: Method, url: string): void {
  reportError(error, {
    tags: { requestId: error.requestId, code: error.code ?? 'unknown', method },
    extra: { url: url.split('?')[0], body: error.body },
  })
}

async function execute<T>(
  method: Method,
  path: string,
  options: RequestOptions & { body?: unknown },
  read: (response: Response) => Promise<T>
): Promise<T> {
  const { query, signal, timeout, body } = options
  const url = resolveUrl(path, query)

  const headers = new Headers(options.headers)
  if (!headers.has('X-Request-Id')) headers.set('X-Request-Id', randomUuid())
  const requestId = headers.get('X-Request-Id') ?? ''
  const raw = isRawBody(body)
  if (!raw && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  if (!headers.has('Authorization') && mayCarryToken(url)) {
    const token = await accessToken()
    if (token) headers.set('Authorization', `Bearer ${token}`)
  }
  signal?.throwIfAborted()

  let encoded: BodyInit | undefined
  if (body !== undefined) {
    try {
      encoded = raw ? body : JSON.stringify(body)
    } catch (error) {
      throw new ResponseError(error instanceof Error ? error.message : undefined, { requestId, cause: error })
    }
  }

  const limit = deadline(signal, timeout)
  /** Shapes anything thrown while talking to the server. */
  const shape = (error: unknown): unknown => {
    if (limit.timedOut()) {
      return new ResponseError(timeoutErrorMessage(timeout ?? 0), { requestId, cause: error })
    }
    if (signal?.aborted || isAbortError(error)) return error
    // fetch rejects with a TypeError when the network (or CORS) fails: no response at all.
    if (error instanceof TypeError) return new ResponseError(NETWORK_ERROR_MESSAGE, { requestId, cause: error })
    const unexpected = new ResponseError(error instanceof Error ? error.message : undefined, {
      requestId,
      cause: error,
    })
    report(unexpected, method, url)
    return unexpected
  }

  try {
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers,
        body: encoded,
        credentials: 'include',
        signal: limit.signal,
      })
    } catch (error) {
      throw shape(error)
    }

    if (!response.ok) {
      const error = await errorFromResponse(response, requestId)
      if (error.code !== undefined && error.code >= 500) report(error, method, url)
      throw error
    }

    try {
      return await read(response)
    } catch (error) {
      throw shape(error)
    }
  } finally {
    limit.dispose()
  }
}

/** Parsed JSON of a success; undefined for 204/205 or an empty body; text when it is not JSON. */
async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204 || response.status === 205) return undefined as T
  return parseBody(await response.text()) as T
}

/** GET a path; resolves to the parsed JSON body. */
export function get<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return execute('GET', path, options, readJson<T>)
}

/** POST a JSON body (or FormData/Blob/URLSearchParams/bytes as they are). */
export function post<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return execute('POST', path, { ...options, body }, readJson<T>)
}

/** PUT a JSON body. */
export function put<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return execute('PUT', path, { ...options, body }, readJson<T>)
}

/** PATCH a JSON body. */
export function patch<T = unknown>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return execute('PATCH', path, { ...options, body }, readJson<T>)
}

/** DELETE a path, optionally with a JSON body. */
export function del<T = unknown>(
  path: string,
  options: RequestOptions & { body?: unknown } = {}
): Promise<T> {
  return execute('DELETE', path, options, readJson<T>)
}

/** HEAD a path; gives up after `timeout` ms (default 60 s, spec §7) with a ResponseError. */
export function head(path: string, options: HeadOptions = {}): Promise<HeadResult> {
  const { timeout = DEFAULT_HEAD_TIMEOUT_MS, ...rest } = options
  return execute('HEAD', path, { ...rest, timeout }, async (response) => ({
    status: response.status,
    headers: response.headers,
  }))
}
