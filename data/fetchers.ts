/**
 * The one HTTP client of the dashboard (spec §7, STYLE §3): nothing else calls `fetch`.
 *
 * Every request to the dashboard's own APIs sends cookies (`credentials: 'include'`), a fresh
 * `X-Request-Id`, JSON by default, and `Authorization: Bearer <access token>` unless the caller set
 * Authorization; a request to another origin (a project's API) sends none of the three. Paths under
 * `/platform/...` go to the configured platform API (`API_URL`); absolute URLs pass through.
 * Every failure becomes one typed `ResponseError`; aborts by the caller are rethrown untouched.
 */
import { reportError } from '@/lib/error-reporting'
import { randomUuid } from '@/lib/random-id'
import {
  NETWORK_ERROR_MESSAGE,
  DEFAULT_HEAD_TIMEOUT_MS,
  statusErrorMessage,
  timeoutErrorMessage,
  ResponseError,
  isAbortError,
  parseRetryAfter,
  messageFromBody,
} from './fetch-errors'
import { mayCarryToken, resolveUrl, type QueryParams } from './fetch-url'

export { resolveUrl, serializeQuery, type QueryParams, type QueryScalar, type QueryValue } from './fetch-url'
export {
  NETWORK_ERROR_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  DEFAULT_HEAD_TIMEOUT_MS,
  statusErrorMessage,
  timeoutErrorMessage,
  ResponseError,
  isResponseError,
  isAbortError,
  parseRetryAfter,
  messageFromBody,
  type ResponseErrorOptions,
} from './fetch-errors'

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
  // Another origin (a project's API, issue 22) gets no cookie, token or request id of the dashboard's:
  // a plain CORS request its wildcard `Access-Control-Allow-Origin` answers.
  const own = mayCarryToken(url)
  const requestId = headers.get('X-Request-Id') ?? randomUuid()
  if (own && !headers.has('X-Request-Id')) headers.set('X-Request-Id', requestId)
  const raw = isRawBody(body)
  if (!raw && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  if (!headers.has('Authorization') && own) {
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
        credentials: own ? 'include' : 'omit',
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

/**
 * POST a JSON body and read the answer as it streams (server-sent events): `read` gets the
 * response once its status is a success; failures before that are ResponseErrors like any call.
 */
export function postStream<T>(path: string, body: unknown, read: (response: Response) => Promise<T>, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers)
  if (!headers.has('Accept')) headers.set('Accept', 'text/event-stream')
  return execute('POST', path, { ...options, headers, body }, read)
}

/** GET a path and read the answer as it streams (a download): `read` gets the response once its status is a success. */
export function getStream<T>(path: string, read: (response: Response) => Promise<T>, options: RequestOptions = {}): Promise<T> {
  return execute('GET', path, options, read)
}

/** The signed-in member's access token, for a request fetch cannot make (an upload with progress, XMLHttpRequest). */
export function currentAccessToken(): Promise<string | undefined> {
  return accessToken()
}

/** HEAD a path; gives up after `timeout` ms (default 60 s, spec §7) with a ResponseError. */
export function head(path: string, options: HeadOptions = {}): Promise<HeadResult> {
  const { timeout = DEFAULT_HEAD_TIMEOUT_MS, ...rest } = options
  return execute('HEAD', path, { ...rest, timeout }, async (response) => ({
    status: response.status,
    headers: response.headers,
  }))
}
