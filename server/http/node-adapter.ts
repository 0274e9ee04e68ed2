import type { IncomingMessage, ServerResponse } from 'node:http'
import { getServerConfig } from '@/lib/config'
import { ApiError } from './errors'
import type { Router } from './router'
import { isApiResult, type ApiRequest, type Method } from './types'

/** Largest request body accepted, unless a route's mount says otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024

export type ErrorBody = (status: number, message: string, errorCode?: string) => unknown

export type NodeHandlerOptions = {
  /** Path prefix to strip before routing, e.g. `/^(\/dashboard)?\/api/` (Next may or may not keep the base path). */
  prefix: RegExp
  bodyLimit?: number
  /** Shapes error bodies (GoTrue and the platform differ). */
  errorBody?: ErrorBody
}

const defaultErrorBody: ErrorBody = (_status, message, errorCode) => (errorCode ? { message, code: errorCode } : { message })

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > limit) {
      reject(new ApiError(413, `Request body is too large: the limit is ${limit} bytes`))
      req.resume()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new ApiError(413, `Request body is too large: the limit is ${limit} bytes`))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** The body chunk by chunk as it arrives, ending with a 413 ApiError past `limit` bytes. */
export async function* streamBody(req: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  const tooLarge = () => new ApiError(413, `Request body is too large: the limit is ${limit} bytes`)
  if (declared > limit) {
    req.resume()
    throw tooLarge()
  }
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) {
      req.destroy()
      throw tooLarge()
    }
    yield chunk
  }
}

/**
 * The caller's address, for rate limits. X-Forwarded-For is believed only behind a proxy the
 * operator vouches for (TRUST_PROXY=true); otherwise any client could pick its own address.
 */
function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for']
  if (getServerConfig().trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0].trim()
    if (first) return first
  }
  return req.socket?.remoteAddress || 'unknown'
}

/**
 * The query parameters, refusing escapes that are not UTF-8 (`%FF`, a cut `%E2%82`): URLSearchParams
 * would turn them into U+FFFD and the handler would see a value nobody sent. A `%` that starts no
 * escape stays a `%`, as URLSearchParams reads it.
 */
function parseQueryString(search: string): Record<string, string> {
  try {
    decodeURIComponent(search.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))
  } catch {
    throw new ApiError(400, 'Invalid query string: it is not validly percent-encoded UTF-8')
  }
  return Object.fromEntries(new URLSearchParams(search).entries())
}

function send(res: ServerResponse, method: string, status: number, body: unknown, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
  if (body === undefined || status === 204) {
    res.statusCode = status
    res.end()
    return
  }
  const payload = JSON.stringify(body)
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Content-Length', Buffer.byteLength(payload))
  res.end(method === 'HEAD' ? undefined : payload)
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/** Sends each piece as it comes; a client that leaves ends the reading (the source's `finally` runs). */
async function sendStream(res: ServerResponse, status: number, headers: Record<string, string> = {}, stream: AsyncIterable<string | Uint8Array>) {
  res.statusCode = status
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
  res.flushHeaders()
  const iterator = stream[Symbol.asyncIterator]()
  const gone = () => void iterator.return?.()
  res.on('close', gone)
  try {
    for (;;) {
      const next = await iterator.next()
      if (next.done || res.destroyed) break
      // A slow client holds the source back instead of the response buffering all it yields.
      if (!res.write(next.value)) await drained(res)
    }
  } catch (error) {
    // Headers are gone: the body is cut off (never ended as if complete, a download would look whole).
    console.error('[platform-api] a streamed response failed', error instanceof Error ? error.message : 'unknown error')
    res.destroy()
  } finally {
    res.off('close', gone)
    if (!res.destroyed) res.end()
  }
}

/** Serves a Router on node's request/response (Next API routes with bodyParser off, or a bare http server). */
export function createNodeHandler(router: Router, options: NodeHandlerOptions) {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const errorBody = options.errorBody ?? defaultErrorBody
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname.replace(options.prefix, '') || '/'
    const method = (req.method ?? 'GET').toUpperCase()
    const startedAt = new Date()
    const started = performance.now()
    try {
      const found = router.match(method, path)
      if (!('handler' in found)) {
        if (found.allowed.length) {
          throw new ApiError(405, `Method ${method} is not allowed on ${path}; use ${[...new Set(found.allowed)].join(', ')}`)
        }
        throw new ApiError(404, `No such endpoint: ${method} ${path}`)
      }
      let body: Promise<Buffer> | null = null
      const gone = new AbortController()
      res.on('close', () => {
        if (!res.writableFinished) gone.abort()
      })
      const apiReq: ApiRequest = {
        method: method as Method,
        path,
        params: found.params,
        query: parseQueryString(url.search),
        headers: req.headers,
        ip: clientAddress(req),
        rawBody: (maxBytes?: number) => (body ??= readBody(req, Math.min(limit, maxBytes ?? limit))),
        bodyStream: (maxBytes: number) => streamBody(req, maxBytes),
        signal: gone.signal,
      }
      const result = await found.handler(apiReq)
      if (isApiResult(result) && result.stream) await sendStream(res, result.status, result.headers, result.stream)
      else if (isApiResult(result)) send(res, method, result.status, result.body, result.headers)
      else send(res, method, result === undefined ? 204 : 200, result)
    } catch (error) {
      if (error instanceof ApiError) {
        send(res, method, error.status, errorBody(error.status, error.message, error.errorCode), error.headers)
      } else {
        console.error(`[platform-api] ${method} ${path} failed`, error)
        send(res, method, 500, errorBody(500, 'Internal server error'))
      }
    }
    router.completed({ method, path, status: res.statusCode, startedAt, durationMs: performance.now() - started, headers: req.headers })
  }
}
