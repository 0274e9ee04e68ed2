import { Worker } from 'node:worker_threads'
import {
  DEFAULT_JS_HEAP_LIMIT_MB,
  DEFAULT_OPEN_TIMEOUT_MS,
  formatSeconds,
  PgliteWorkerEndedError,
  type Op,
  type OpenPgliteWorkerOptions,
  type WorkerMessage,
} from './pglite-worker-protocol'

/** One worker thread of a PGlite worker client, and the calls it carries. */
export type Call = {
  id: number
  message: Op
  timeoutMs: number | undefined
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  timer?: NodeJS.Timeout
  handle?: WorkerHandle
}

export type Session = { handle: WorkerHandle | null; ended: boolean }

/** One worker thread: its calls in flight (in the order sent) and its state. */
export class WorkerHandle {
  worker: Worker | null = null
  ready = false
  dead = false
  /** Closing on purpose (memory recycling, close()): its exit is no crash. */
  retiring = false
  memory = 0
  readonly inFlight: Call[] = []
  /** Messages not posted yet: before the worker exists, and until the end of this loop turn. */
  readonly outbox: { id: number }[] = []
  #flushScheduled = false
  readonly exited: Promise<void>
  markExited!: () => void
  readonly opened: Promise<void>
  markOpened!: () => void
  failOpen!: (error: Error) => void

  constructor(readonly generation: number) {
    this.exited = new Promise((resolve) => (this.markExited = resolve))
    this.opened = new Promise((resolve, reject) => {
      this.markOpened = resolve
      this.failOpen = reject
    })
    this.opened.catch(() => {})
  }

  /**
   * Queues a message. Messages are posted together once per event-loop turn (setImmediate):
   * under load many requests call in the same turn, and each postMessage wakes the worker's
   * thread, which on a busy machine costs more than the copying.
   */
  post(message: { id: number }) {
    this.outbox.push(message)
    if (this.worker && !this.#flushScheduled) {
      this.#flushScheduled = true
      setImmediate(() => this.flush())
    }
  }

  flush() {
    this.#flushScheduled = false
    if (!this.worker || this.outbox.length === 0) return
    const messages = this.outbox.splice(0)
    if (messages.length === 1) return send(this.worker, messages[0])
    try {
      this.worker.postMessage(messages)
    } catch {
      for (const message of messages) send(this.worker, message) // one of them cannot be cloned
    }
  }

  /** Keeps the process alive only while something is in flight or the worker is starting. */
  updateRef() {
    if (!this.worker || this.dead) return
    if (this.inFlight.length > 0 || !this.ready) this.worker.ref()
    else this.worker.unref()
  }
}

/**
 * Posts a message; one that cannot be cloned (a function among the parameters...) is replaced by
 * one the worker answers with that error, so the answers stay in the order of the calls.
 */
export function send(worker: Worker, message: { id: number }) {
  try {
    worker.postMessage(message)
  } catch (error) {
    worker.postMessage({ id: message.id, op: 'fail', message: `could not send the call to PGlite: ${(error as Error).message}` })
  }
}

/** What a worker thread tells its client: an answer, its loss (crash, exit, failure to start), or a reason to end it. */
export type WorkerEvents = {
  message: (message: WorkerMessage) => void
  lost: (error: Error, why: string) => void
  kill: (error: Error, why: string) => void
}

/** Starts the worker thread of `handle`, with an open timeout, and wires its events. */
export function startWorkerThread(
  handle: WorkerHandle,
  spec: { path: string; name: string; options: OpenPgliteWorkerOptions; wasmModule?: WebAssembly.Module },
  events: WorkerEvents
) {
  const { dataDir, contrib, postgresqlconf, statementCache, listen } = spec.options
  let worker: Worker
  try {
    worker = new Worker(spec.path, {
      name: `pglite ${spec.name}`,
      workerData: { dataDir, contrib, postgresqlconf, statementCache, listen, wasmModule: spec.wasmModule },
      resourceLimits: { maxOldGenerationSizeMb: spec.options.jsHeapLimitMb ?? DEFAULT_JS_HEAP_LIMIT_MB },
      stdout: false,
      stderr: false,
    })
  } catch (error) {
    handle.markExited()
    events.lost(error as Error, 'a failure to start it')
    return
  }
  handle.worker = worker
  handle.flush()
  handle.updateRef()
  const openTimeoutMs = spec.options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS
  const openTimer = setTimeout(() => {
    if (handle.ready || handle.dead) return
    events.kill(new Error(`PGlite ${spec.name} did not open within ${formatSeconds(openTimeoutMs)} s`), 'its failure to open')
  }, openTimeoutMs)
  openTimer.unref()
  void handle.opened.finally(() => clearTimeout(openTimer)).catch(() => {})
  void handle.exited.then(() => clearTimeout(openTimer))
  let crash: Error | null = null
  worker.on('message', (message: WorkerMessage) => events.message(message))
  worker.on('error', (error) => {
    crash = error
    if (!handle.dead) events.lost(error, `its crash (${error.message})`)
  })
  worker.on('exit', (code) => {
    handle.markExited()
    if (!handle.dead) {
      const error = crash ?? new Error(`PGlite ${spec.name}: its worker exited unexpectedly (code ${code})`)
      events.lost(error, `its exit (code ${code})`)
    } else if (handle.inFlight.length > 0) {
      events.lost(new PgliteWorkerEndedError(`PGlite ${spec.name}: its worker ended`), 'its end')
    }
  })
}
