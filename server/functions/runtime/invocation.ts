/**
 * One invocation on a ready worker: the request goes over the worker's channel, and while it runs
 * the worker's CPU time and resident memory are polled from /proc. Past a limit (CPU, memory,
 * wall clock, response size) the worker is killed and the invocation fails with that limit's
 * error; the pool starts a fresh worker for the next one.
 */
import { FRAME, type Frame } from './channel'
import { FunctionRuntimeError, limitError } from './errors'
import { cpuTimeMs, residentBytes } from './proc'
import type { InvocationRequest, InvocationResponse } from './types'
import type { FunctionWorker } from './worker'

/** How often /proc is read while an invocation runs. */
const POLL_MS = 25
/** Resident memory a worker may use beyond its heap limit (Deno itself, code, buffers). */
const RSS_HEADROOM_MB = 96
/** The request's body arrives whole, so its framing headers do not travel; nor does Host (the URL the code sees names the project's API). */
const DROPPED_REQUEST_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length', 'host'])

let nextId = 0

/** Runs `req` on `worker` (reserved for it); the worker is idle again afterwards unless it was killed. */
export function runInvocation(worker: FunctionWorker, req: InvocationRequest): Promise<Omit<InvocationResponse, 'cold'>> {
  const { limits } = worker.spec
  const pid = worker.denoPid!
  const channel = worker.channel!
  const cpuAtStart = cpuTimeMs(pid) ?? 0
  const rssLimit = (limits.memoryMb + RSS_HEADROOM_MB) * 1024 * 1024
  const id = (nextId = (nextId + 1) % 0xffffffff)
  worker.state = 'busy'
  worker.currentExecution = req.executionId

  return new Promise((resolve, reject) => {
    let settled = false
    let head: { s: number; t: string; h: [string, string][] } | null = null
    const chunks: Buffer[] = []
    let size = 0
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
      channel.onFrame(null)
      worker.currentExecution = null
    }
    function fail(error: Error) {
      if (settled) return
      cleanup()
      // The code may still be running (or its state be half-done): this worker is not reused.
      worker.kill(error instanceof FunctionRuntimeError ? error : undefined)
      reject(error)
    }
    function onFrame(frame: Frame) {
      if (settled || frame.id !== id) return
      if (frame.type === FRAME.HEAD) {
        head = JSON.parse(frame.payload.toString('utf8'))
        const declared = Number(head!.h.find(([name]) => name.toLowerCase() === 'content-length')?.[1])
        if (Number.isFinite(declared) && declared > limits.responseBytes) fail(limitError('RESPONSE_TOO_LARGE', limits))
      } else if (frame.type === FRAME.CHUNK) {
        size += frame.payload.length
        if (size > limits.responseBytes) return fail(limitError('RESPONSE_TOO_LARGE', limits))
        // The payload is a view of the channel's buffer, which moves on: keep a copy.
        chunks.push(Buffer.from(frame.payload))
      } else if (frame.type === FRAME.ERROR) {
        const { m } = JSON.parse(frame.payload.toString('utf8')) as { m: string }
        fail(new FunctionRuntimeError('WORKER_CRASHED', `The function's response failed while streaming: ${m}`))
      } else if (frame.type === FRAME.END && head) {
        const response = { status: head.s, statusText: head.t, headers: head.h, body: Buffer.concat(chunks, size) }
        cleanup()
        if (worker.state === 'busy') {
          worker.state = 'idle'
          worker.lastUsed = Date.now()
        }
        resolve(response)
      }
    }

    if (req.signal?.aborted) return onAbort()
    channel.onFrame(onFrame)
    const headers = req.headers.filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name.toLowerCase()))
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : req.body
    channel.send(FRAME.REQUEST, id, JSON.stringify({ e: req.executionId, m: req.method, u: req.url, h: headers }))
    channel.send(FRAME.BODY, id, body ?? Buffer.alloc(0))
  })
}

function abortError(reason: unknown): Error {
  if (reason instanceof Error) return reason
  const error = new Error('The invocation was aborted')
  error.name = 'AbortError'
  return error
}
