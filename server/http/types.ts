import type { IncomingHttpHeaders } from 'node:http'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

/** What a platform handler sees of a request, independent of Next or the node server. */
export type ApiRequest = {
  method: Method
  /** Path below the mount point, e.g. `/platform/profile`. */
  path: string
  params: Record<string, string>
  query: Record<string, string>
  headers: IncomingHttpHeaders
  /** The caller's address, for rate limits. */
  ip: string
  /**
   * The raw body, size-limited (413 past the mount's limit, or past `maxBytes` when smaller).
   * Read once: the first call's limit applies.
   */
  rawBody: (maxBytes?: number) => Promise<Buffer>
  /**
   * The body as it arrives, for uploads larger than the mount's limit (a table import): at most
   * `maxBytes` (413 past it). Read once, and never together with `rawBody`.
   */
  bodyStream: (maxBytes: number) => AsyncIterable<Buffer>
  /** Aborted when the client disconnects before the answer is sent (e.g. a cancelled query). */
  signal: AbortSignal
}

/**
 * A handler returns a body (sent as JSON with 200), or a full response; a `stream` response sends
 * its pieces as they come (server-sent events), and stops reading them when the client leaves.
 */
export type ApiResult = { status: number; body?: unknown; headers?: Record<string, string>; stream?: AsyncIterable<string | Uint8Array> }

export type Handler = (req: ApiRequest) => Promise<ApiResult | unknown>

/** Marks a value as a full response rather than a body. */
export function respond(status: number, body?: unknown, headers?: Record<string, string>): ApiResult {
  return { [RESULT]: true, status, body, headers } as ApiResult
}

/** A `text/event-stream` response: each piece of `events` is one event's JSON, sent as `data: ...`. */
export function respondEvents(events: AsyncIterable<unknown>): ApiResult {
  async function* encode() {
    for await (const event of events) yield `data: ${JSON.stringify(event)}\n\n`
  }
  return {
    [RESULT]: true,
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: compression would hold the events back until it has a buffer's worth.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
    stream: encode(),
  } as ApiResult
}

/** A response of `contentType` whose pieces are sent as they come (e.g. JSON lines), uncompressed and unbuffered. */
export function respondStream(contentType: string, stream: AsyncIterable<string | Uint8Array>): ApiResult {
  return {
    [RESULT]: true,
    status: 200,
    headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' },
    stream,
  } as ApiResult
}

export const RESULT = Symbol.for('platform-api.result')

export function isApiResult(value: unknown): value is ApiResult {
  return typeof value === 'object' && value !== null && RESULT in value
}
