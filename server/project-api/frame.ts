/**
 * The frame of one project API request, made once by the gateway (project-api/gateway.ts) and
 * handed to the service: which project and service, when it started, a signal that fires when the
 * client leaves before its answer is out, the caller its credentials prove (asked at most once per
 * request), and the bytes of the answer's body as they are written. The gateway meters those bytes
 * as the project's egress and hands the frame to the service's log line once the answer is out.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { verifyProjectCaller } from '../project-auth/bearer'
import type { ApiRole } from '../projects/api-roles'
import type { RequestClaims } from '../projects/request-role'
import { firstHeader as first } from '../http/headers'

export type ProjectCaller = { role: ApiRole; claims: RequestClaims }

/** What a request presents as its credentials: the `apikey` header and an `Authorization: Bearer` token. */
export type Credentials = { apikey: string | undefined; bearer: string | undefined }

export type ProjectRequest = {
  ref: string
  method: string
  /** The path below the project (`/rest/v1/todos`), without the query. */
  path: string
  startedAt: Date
  /** `performance.now()` at the start, for the log line's duration. */
  started: number
  /** Fires when the client leaves before the answer is out: a service stops the work it started. */
  signal: AbortSignal
  credentials: Credentials
  /** The caller the credentials prove (a key's role, or a project user's), null when they prove none; verified once per request. */
  caller(): Promise<ProjectCaller | null>
  /** The role that answered, for the log line: set by `caller()` when it proves one, or by the service. */
  role: string | null
  /** Bytes of the answer's body written so far (none for HEAD). */
  sent: number
}


/** The credentials of a request's headers. */
export function credentialsOf(headers: IncomingHttpHeaders): Credentials {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(first(headers.authorization) ?? '')?.[1]
  return { apikey: first(headers.apikey), bearer }
}

/** Counts the body bytes a response writes into `frame.sent` (strings by their UTF-8 length). */
function countSent(res: ServerResponse, frame: ProjectRequest): void {
  if (frame.method === 'HEAD') return
  const size = (chunk: unknown, encoding?: unknown) =>
    typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : chunk instanceof Uint8Array ? chunk.byteLength
    : 0
  const write = res.write
  const end = res.end
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    frame.sent += size(chunk, rest[0])
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
  } as typeof res.write
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') frame.sent += size(chunk, rest[0])
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest)
  } as typeof res.end
}

/** The frame of a request to project `ref`'s `path`. */
export function projectRequest(req: IncomingMessage, res: ServerResponse, ref: string, path: string): ProjectRequest {
  const gone = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) gone.abort()
  })
  let proven: Promise<ProjectCaller | null> | null = null
  const frame: ProjectRequest = {
    ref,
    method: (req.method ?? 'GET').toUpperCase(),
    path,
    startedAt: new Date(),
    started: performance.now(),
    signal: gone.signal,
    credentials: credentialsOf(req.headers),
    caller() {
      proven ??= verifyProjectCaller(ref, frame.credentials.apikey, frame.credentials.bearer).then((caller) => {
        if (caller) frame.role = caller.role
        return caller
      })
      return proven
    },
    role: null,
    sent: 0,
  }
  countSent(res, frame)
  return frame
}
