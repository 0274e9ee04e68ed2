/**
 * One invocation on a ready worker: the request goes over the worker's Unix socket, and while it
 * runs the worker's CPU time and resident memory are polled from /proc. Past a limit (CPU, memory,
 * wall clock, response size) the worker is killed and the invocation fails with that limit's
 * error; the pool starts a fresh worker for the next one.
 */
import http from 'node:http'
import { EXECUTION_ID_HEADER, PUBLIC_URL_HEADER } from './bootstrap'
import { FunctionRuntimeError, limitError } from './errors'
import { cpuTimeMs, isAlive, residentBytes } from './proc'
import type { InvocationRequest, InvocationResponse } from './types'
import type { FunctionWorker } from './worker'

/** How often /proc is read while an invocation runs. */
const POLL_MS = 25
/** Resident memory a worker may use beyond its heap limit (Deno itself, code, buffers). */
const RSS_HEADROOM_MB = 96
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length', 'host', EXECUTION_ID_HEADER, PUBLIC_URL_HEADER])
const HOP_BY_HOP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding'])

/** Runs `req` on `worker` (which must be idle); the worker is idle again afterwards unless it was killed. */
export function runInvocation(worker: FunctionWorker, req: InvocationRequest): Promise<Omit<InvocationResponse, 'cold'>> {
  const { limits } = worker.spec
  const pid = worker.denoPid!
  const cpuAtStart = cpuTimeMs(pid) ?? 0
  const rssLimit = (limits.memoryMb + RSS_HEADROOM_MB) * 1024 * 1024
  worker.state = 'busy'
  worker.currentExecution = req.executionId

  return new Promise((resolve, reject) => {
    let settled = false
    let httpReq: http.ClientRequest | null = null
    const wall = setTimeout(() => fail(limitError('WALL_CLOCK_LIMIT', limits)), limits.wallMs)
    const poll = setInterval(() => {
      const cpu = cpuTimeMs(pid)
      if (cpu === null) return // gone: the close handler reports why
      if (cpu - cpuAtStart > limits.cpuMs) return fail(limitError('CPU_LIMIT', limits))
      const rss = residentBytes(pid)
      if (rss !== null && rss > rssLimit) fail(limitError('MEMORY_LIMIT', limits))
    }, POLL_MS)
    const onAbort = () => fail(abortError(req.signal?.reason))
    req.signal?.addEventListener('abort', onAbort, { once: true })
    // The process ending first (a crash, V8 out of heap, Deno.exit) is reported once its output is read.
    void worker.closed.then(({ code, signal }) => {
      if (settled) return
      if (worker.diedOfMemory()) return fail(limitError('MEMORY_LIMIT', limits))
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`
      fail(new FunctionRuntimeError('WORKER_CRASHED', `The function's worker ${how} before answering`))
    })

    function cleanup() {
      settled = true
      clearTimeout(wall)
      clearInterval(poll)
      req.signal?.removeEventListener('abort', onAbort)
      worker.currentExecution = null
    }
    function fail(error: Error) {
      if (settled) return
      cleanup()
      // The code may still be running (or its state be half-done): this worker is not reused.
      worker.kill(error instanceof FunctionRuntimeError ? error : undefined)
      httpReq?.destroy()
      reject(worker.killReason && error instanceof FunctionRuntimeError ? worker.killReason : error)
    }
    function succeed(response: Omit<InvocationResponse, 'cold'>) {
      if (settled) return
      cleanup()
      if (worker.state === 'busy') {
        worker.state = 'idle'
        worker.lastUsed = Date.now()
      }
      resolve(response)
    }

    if (req.signal?.aborted) return onAbort()
    const headers: string[] = []
    for (const [name, value] of req.headers) {
      if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push(name, value)
    }
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : req.body
    headers.push('host', 'localhost', EXECUTION_ID_HEADER, req.executionId, PUBLIC_URL_HEADER, req.url, 'content-length', String(body?.length ?? 0))
    httpReq = http.request({ socketPath: worker.socketPath, method: req.method, path: '/', headers, agent: false })
    // The connection broke: when the process is gone its close handler says why; alive, its answer broke.
    const broken = (why: string) => {
      if (!settled && isAlive(pid)) fail(new FunctionRuntimeError('WORKER_CRASHED', `The function's response broke off before it was complete (${why})`))
    }
    httpReq.on('error', (error) => broken(error.message))
    httpReq.on('response', (res) => {
      const declared = Number(res.headers['content-length'])
      if (Number.isFinite(declared) && declared > limits.responseBytes) return fail(limitError('RESPONSE_TOO_LARGE', limits))
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > limits.responseBytes) return fail(limitError('RESPONSE_TOO_LARGE', limits))
        chunks.push(chunk)
      })
      res.on('error', (error) => broken(error.message))
      res.on('close', () => {
        if (!res.complete) broken('the stream ended early')
      })
      res.on('end', () => {
        if (!res.complete) return
        const pairs: [string, string][] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP_RESPONSE.has(res.rawHeaders[i].toLowerCase())) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]])
        }
        succeed({ status: res.statusCode ?? 500, statusText: res.statusMessage ?? '', headers: pairs, body: Buffer.concat(chunks, size) })
      })
    })
    httpReq.end(body ?? undefined)
  })
}

function abortError(reason: unknown): Error {
  if (reason instanceof Error) return reason
  const error = new Error('The invocation was aborted')
  error.name = 'AbortError'
  return error
}
