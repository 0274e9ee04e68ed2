import path from 'node:path'
import { startWorkerThread, WorkerHandle, type Call } from './pglite-worker-handle'
import { sharedPgliteModule } from './pglite-wasm-module'
import {
  DEFAULT_MEMORY_LIMIT_BYTES,
  formatSeconds,
  PgliteWorkerEndedError,
  pgliteWorkerPath,
  rebuildError,
  StatementTimeoutError,
  type CallOptions,
  type Op,
  type OpenPgliteWorkerOptions,
  type WorkerMessage,
} from './pglite-worker-protocol'

let nextCallId = 1

/**
 * The worker side of a PGlite worker client: which worker thread is current, starting one,
 * dispatching calls to it with their timeouts, and ending it (recycled past its memory limit,
 * killed past a timeout, lost to a crash). The client (`pglite-worker-client.ts`) adds the line
 * of calls on top and says, through `_drain`, what to send next.
 */
export abstract class WorkerSupervisor {
  protected _handle: WorkerHandle | null = null
  protected _generation = 0
  /** Previous worker still shutting down: a new one must not open the directory before it ended. */
  protected _previousExit: Promise<void> = Promise.resolve()
  protected _memory = 0
  protected readonly _workerPath: string
  protected readonly _memoryLimit: number
  protected readonly _defaultTimeoutMs: number | undefined
  protected readonly _name: string

  protected _makeCall(message: Op, options: CallOptions | undefined): { call: Call; promise: Promise<unknown> } {
    let resolve!: (value: unknown) => void
    let reject!: (error: unknown) => void
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res
      reject = rej
    })
    const timeoutMs = options?.timeoutMs ?? this._defaultTimeoutMs
    return { call: { id: nextCallId++, message, timeoutMs, resolve, reject }, promise }
  }

  protected _overLimit(handle: WorkerHandle) {
    return handle.ready && !handle.dead && handle.memory > this._memoryLimit
  }

  protected _recycle(handle: WorkerHandle) {
    if (this._handle === handle) this._handle = null
    void this._retire(handle)
  }

  /** Closes a worker on purpose (clean PGlite close, then the thread ends). */
  protected _retire(handle: WorkerHandle): Promise<void> {
    if (handle.dead) return handle.exited
    handle.retiring = true
    handle.dead = true
    this._previousExit = handle.exited
    const { call, promise } = this._makeCall({ op: 'close' }, { timeoutMs: 30_000 })
    call.handle = handle
    handle.inFlight.push(call)
    handle.post({ id: call.id, ...call.message })
    handle.worker?.ref()
    if (handle.ready) this._arm(handle)
    promise
      .catch((error: unknown) => console.warn(`[platform-api] PGlite ${this._name}: unclean close (${(error as Error).message})`))
      .finally(() => void handle.worker?.terminate())
    return handle.exited
  }

  protected _dispatch(call: Call, handle: WorkerHandle) {
    call.handle = handle
    handle.inFlight.push(call)
    handle.post({ id: call.id, ...call.message })
    if (handle.inFlight.length === 1) {
      handle.updateRef()
      if (handle.ready) this._arm(handle)
    }
  }

  /** Starts the timer of the call at the head of the worker's line (it is the one running). */
  protected _arm(handle: WorkerHandle) {
    const call = handle.inFlight[0]
    if (!call || call.timer || !call.timeoutMs) return
    const ms = call.timeoutMs
    call.timer = setTimeout(() => this._timeout(handle, call, ms), ms)
    call.timer.unref?.()
  }

  protected _timeout(handle: WorkerHandle, call: Call, ms: number) {
    if (handle.inFlight[0] !== call) return
    const error = call.message.op === 'close' ? new Error(`PGlite ${this._name} did not close within ${ms} ms`) : new StatementTimeoutError(ms)
    console.warn(`[platform-api] PGlite ${this._name}: ${error.message}; ending its worker (generation ${handle.generation})`)
    this._kill(handle, error, `a statement sent before it timed out after ${formatSeconds(ms)} s`)
  }

  /** Ends a worker now: the running call rejects with `error`, the ones behind it did not run. */
  protected _kill(handle: WorkerHandle, error: Error, why: string) {
    void handle.worker?.terminate()
    this._lost(handle, error, why)
  }

  /** The worker is gone (killed, crashed, failed to open): reject what it had. */
  protected _lost(handle: WorkerHandle, error: Error, why: string) {
    const wasDead = handle.dead
    handle.dead = true
    if (this._handle === handle) this._handle = null
    if (!wasDead) this._previousExit = handle.exited
    const calls = handle.inFlight.splice(0)
    calls.forEach((call, i) => {
      clearTimeout(call.timer)
      call.reject(
        i === 0
          ? error
          : new PgliteWorkerEndedError(
              `PGlite ${this._name}: call not run, its worker (generation ${handle.generation}) was ended because of ${why}`
            )
      )
    })
    handle.failOpen(error)
    this._drain()
  }

  protected _ensureHandle(): WorkerHandle {
    if (this._handle && !this._handle.dead) return this._handle
    const handle = new WorkerHandle(++this._generation)
    this._handle = handle
    this._memory = 0
    const previous = this._previousExit
    void Promise.all([sharedPgliteModule(this._workerPath), previous]).then(([wasmModule]) => this._spawn(handle, wasmModule))
    return handle
  }

  protected _spawn(handle: WorkerHandle, wasmModule: WebAssembly.Module | undefined) {
    if (handle.dead) {
      // Closed before its turn to start (the previous worker was still ending): nothing ran.
      for (const call of handle.inFlight.splice(0)) {
        if (call.message.op === 'close') call.resolve(null)
        else call.reject(new PgliteWorkerEndedError(`PGlite ${this._name}: call not run, its worker was closed before it started`))
      }
      handle.markExited()
      return
    }
    startWorkerThread(handle, { path: this._workerPath, name: this._name, options: this.options, wasmModule }, {
      message: (message) => this._onMessage(handle, message),
      lost: (error, why) => this._lost(handle, error, why),
      kill: (error, why) => this._kill(handle, error, why),
    })
  }

  protected _onMessage(handle: WorkerHandle, message: WorkerMessage) {
    if (message.type === 'ready') {
      handle.ready = true
      handle.memory = message.memory
      if (this._handle === handle) this._memory = message.memory
      handle.markOpened()
      handle.updateRef()
      this._arm(handle)
      this._drain()
      return
    }
    if (message.type === 'notification') {
      this.options.onNotification?.(message.channel, message.payload)
      return
    }
    if (message.type === 'failed') {
      this._lost(handle, rebuildError(message.error), 'a failure to open the database')
      return
    }
    const call = handle.inFlight[0]
    if (!call || call.id !== message.id) return // answers of a worker already given up
    handle.inFlight.shift()
    clearTimeout(call.timer)
    handle.memory = message.memory
    if (this._handle === handle) this._memory = message.memory
    if (message.ok) call.resolve(message.value)
    else call.reject(rebuildError(message.error))
    if (!message.ok && message.fatal) {
      this._lost(handle, new Error(`PGlite ${this._name}: its worker failed`), 'a fatal error in it')
      return
    }
    this._arm(handle)
    handle.updateRef()
    this._drain()
  }

  constructor(readonly options: OpenPgliteWorkerOptions) {
    this._workerPath = pgliteWorkerPath()
    this._memoryLimit = options.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT_BYTES
    this._defaultTimeoutMs = options.defaultTimeoutMs
    this._name = options.name ?? (options.dataDir ? path.basename(options.dataDir) : 'memory')
  }

  /** Sends what may go now (the client's line). */
  protected abstract _drain(): void
}
