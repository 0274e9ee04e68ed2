import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { messages, TransactionAbortedError, type Results } from '@electric-sql/pglite'

/**
 * One PGlite database in its own worker thread (`pglite-worker.mjs`), so that a slow or runaway
 * statement of one database holds neither the HTTP server's thread nor any other database.
 *
 * - Every call goes through one FIFO line (PGlite has one connection). Plain calls are sent
 *   ahead without waiting for the previous answer (the worker runs them one by one, in order);
 *   `exclusive` and `transaction` wait for everything before them, then hold the line.
 * - A call that has not answered within its `timeoutMs` (or the client's `defaultTimeoutMs`)
 *   ends the worker (`worker.terminate()` stops WASM mid-statement, even a busy loop) and rejects
 *   with `StatementTimeoutError`; the calls sent after it reject with an error saying they did
 *   not run. A worker that crashes rejects what it had. Either way the next call starts a fresh
 *   worker on the same directory: Postgres recovers it from its WAL like after a power cut
 *   (committed data stays, uncommitted work is gone).
 * - PGlite's WASM memory grows and never shrinks: when the worker reports more than
 *   `memoryLimitBytes`, the client closes it cleanly at the next moment nothing is in flight and
 *   the next call opens a fresh one. The worker's JS heap is capped with `resourceLimits`.
 * - The worker is unref'd while idle: an idle client does not keep the process alive.
 */

export type ParserSpec = {
  /** Values of these type oids come back as the text Postgres sent (no parsing). */
  textOids?: number[]
  /** int8 becomes a JS number only when it is a safe integer, else stays a string. */
  safeInt8?: boolean
}

export type CallOptions = {
  /** Result parsers as a serializable spec; without one, PGlite's default parsers apply. */
  parsers?: ParserSpec
  /** Ends the worker (and rejects with StatementTimeoutError) when the call runs longer. */
  timeoutMs?: number
}

/** PGlite's describeQuery without its parser and serializer functions (they cannot cross threads). */
export type DescribeQueryResult = {
  queryParams: { dataTypeID: number }[]
  resultFields: { name: string; dataTypeID: number }[]
}

export type { Results }

/** What callers use inside `exclusive()`; the client itself is one too. */
export interface PgliteConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: CallOptions): Promise<Results<T>>
  exec(sql: string, options?: CallOptions): Promise<Results[]>
  describeQuery(sql: string, options?: CallOptions): Promise<DescribeQueryResult>
  isInTransaction(): Promise<boolean>
}

export interface PgliteWorkerClient extends PgliteConnection {
  /**
   * Runs fn with the connection to itself (FIFO with all other calls); nothing else reaches
   * PGlite meanwhile. Inside fn, use `conn` only: a call on the client itself waits for fn to
   * end, and fn waits for it, a deadlock. If the worker is ended during fn (timeout, crash),
   * every later call on `conn` rejects: the session state (transaction, settings) is gone.
   */
  exclusive<T>(fn: (conn: PgliteConnection) => Promise<T>): Promise<T>
  /** Runs fn in BEGIN/COMMIT (ROLLBACK on throw), exclusively. Same rule as `exclusive`. */
  transaction<T>(fn: (conn: PgliteConnection) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly closed: boolean
  /** Last reported WASM memory of the current worker, bytes (0 before start). */
  readonly memoryBytes: number
  /** How many times the worker was (re)started — tests and logs. */
  readonly generation: number
}

export type OpenPgliteWorkerOptions = {
  /** The PGlite directory (created and initialised when empty), or null for an in-memory database. */
  dataDir: string | null
  /** Load PGlite's contrib extension bundles (PGLITE_CONTRIB_EXTENSIONS). */
  contrib: boolean
  /** PGlite's `postgresqlconf` option (lines, or the file's text as `pglitePostgresqlConf` gives it). */
  postgresqlconf?: string[] | string
  /** Restart the worker (when idle) once its WASM memory passes this. Default DEFAULT_MEMORY_LIMIT_BYTES. */
  memoryLimitBytes?: number
  /** Timeout of calls that pass none; default: none. */
  defaultTimeoutMs?: number
  /** Cap on the worker's JS heap (V8 old generation), MiB. Default DEFAULT_JS_HEAP_LIMIT_MB. */
  jsHeapLimitMb?: number
  /**
   * Keep up to this many prepared statements, one per SQL text, for `query()`: a statement seen
   * before is bound by name (about 2.5 times less work per query). Default 0 (off). For databases
   * whose schema and session only the caller changes (the platform store), not for ones that run
   * members' DDL or DISCARD ALL (a stale statement is prepared again, but inside a transaction
   * its error has already aborted it).
   */
  statementCache?: number
  /** A worker that has not opened the database by then is ended. Default DEFAULT_OPEN_TIMEOUT_MS. */
  openTimeoutMs?: number
  /** Shown in the worker's thread name and in errors. */
  name?: string
}

/**
 * WASM memory that makes the client recycle the worker. Measured with PGlite 0.5.16: an idle
 * directory database reports 196 MiB (without contrib) and 197 MiB (with every contrib bundle),
 * most of it Postgres' shared buffers (128 MB); PGlite's ceiling is 2 GiB.
 */
export const DEFAULT_MEMORY_LIMIT_BYTES = 512 * 2 ** 20
/** Opening an existing directory takes 0.3–0.8 s, initdb of a new one about 5 s (more on a busy machine). */
export const DEFAULT_OPEN_TIMEOUT_MS = 60_000
/** The worker's JS heap holds one call's result rows at a time (and PGlite's JS). */
export const DEFAULT_JS_HEAP_LIMIT_MB = 512

/** A statement that ran longer than its timeout: its worker was ended. Reads like Postgres' 57014. */
export class StatementTimeoutError extends Error {
  code = '57014'
  severity = 'ERROR'
  constructor(readonly timeoutMs: number) {
    super(`statement timed out after ${formatSeconds(timeoutMs)} s`)
    this.name = 'StatementTimeoutError'
  }
}

/** A call that never ran (or whose session is gone) because its worker was ended or crashed. */
export class PgliteWorkerEndedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PgliteWorkerEndedError'
  }
}

function formatSeconds(ms: number): string {
  const s = ms / 1000
  return Number.isInteger(s) ? String(s) : s.toFixed(1).replace(/\.0$/, '')
}

const WORKER_RELATIVE_PATH = path.join('lib', 'platform-api', 'db', 'pglite-worker.mjs')

/**
 * Where pglite-worker.mjs is. It is loaded by file path at run time so that Next's bundler never
 * sees it (a bundled module has no stable path of its own: `import.meta.url` points into .next).
 * `next start`, `next dev`, the tests and the scripts all run from the repository root (where
 * package.json and node_modules are, which the worker's own imports need too), so
 * `process.cwd()` finds it; started from a subdirectory, its parents are tried.
 */
export function pgliteWorkerPath(): string {
  let dir = process.cwd()
  for (;;) {
    const candidate = path.join(dir, WORKER_RELATIVE_PATH)
    if (fs.existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  throw new Error(`PGlite worker script ${WORKER_RELATIVE_PATH} not found in ${process.cwd()} or its parents: start the server from the repository`)
}

// ---------------------------------------------------------------------------------------------
// Messages

type Op =
  | { op: 'query'; sql: string; params: unknown[]; options?: { parsers?: ParserSpec } }
  | { op: 'exec'; sql: string; options?: { parsers?: ParserSpec } }
  | { op: 'describeQuery'; sql: string }
  | { op: 'isInTransaction' }
  | { op: 'close' }

type SerializedError = { message: string; name?: string; stack?: string; isDatabaseError?: boolean; [key: string]: unknown }

type WorkerMessage =
  | { type: 'ready'; memory: number }
  | { type: 'failed'; error: SerializedError }
  | { type?: undefined; id: number; ok: true; value: unknown; memory: number }
  | { type?: undefined; id: number; ok: false; error: SerializedError; memory: number; fatal?: boolean }


/** The error as the worker saw it: PGlite's DatabaseError (same class, same fields) or an Error. */
function rebuildError(e: SerializedError): Error {
  let error: Error & Record<string, unknown>
  if (e.isDatabaseError) {
    error = new messages.DatabaseError(e.message, Number(e.length ?? 0), 'error') as unknown as Error & Record<string, unknown>
  } else {
    error = new Error(e.message) as Error & Record<string, unknown>
    if (e.name) error.name = e.name
  }
  for (const [key, value] of Object.entries(e)) {
    if (key === 'message' || key === 'stack' || key === 'isDatabaseError' || key === 'length') continue
    if (key === 'name' && e.isDatabaseError) continue
    error[key] = value
  }
  if (e.stack) error.stack = `${e.stack}\n    at (PGlite worker thread)`
  return error
}

// ---------------------------------------------------------------------------------------------
// Calls and workers

type Call = {
  id: number
  message: Op
  timeoutMs: number | undefined
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  timer?: NodeJS.Timeout
  handle?: WorkerHandle
}

type Session = { handle: WorkerHandle | null; ended: boolean }

/** One worker thread: its calls in flight (in the order sent) and its state. */
class WorkerHandle {
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
function send(worker: Worker, message: { id: number }) {
  try {
    worker.postMessage(message)
  } catch (error) {
    worker.postMessage({ id: message.id, op: 'fail', message: `could not send the call to PGlite: ${(error as Error).message}` })
  }
}

type Entry = { kind: 'call'; call: Call } | { kind: 'exclusive'; start: () => void }

let nextCallId = 1

class Client implements PgliteWorkerClient {
  #handle: WorkerHandle | null = null
  #generation = 0
  #queue: Entry[] = []
  #exclusiveActive = false
  /** Previous worker still shutting down: a new one must not open the directory before it ended. */
  #previousExit: Promise<void> = Promise.resolve()
  #closed = false
  #memory = 0
  readonly #workerPath: string
  readonly #memoryLimit: number
  readonly #defaultTimeoutMs: number | undefined
  readonly #name: string

  constructor(readonly options: OpenPgliteWorkerOptions) {
    this.#workerPath = pgliteWorkerPath()
    this.#memoryLimit = options.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT_BYTES
    this.#defaultTimeoutMs = options.defaultTimeoutMs
    this.#name = options.name ?? (options.dataDir ? path.basename(options.dataDir) : 'memory')
  }

  get closed() {
    return this.#closed
  }
  get memoryBytes() {
    return this.#memory
  }
  get generation() {
    return this.#generation
  }

  // --- public API ---------------------------------------------------------------------------

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: CallOptions): Promise<Results<T>> {
    return this.#enqueue(queryOp(sql, params, options), options) as Promise<Results<T>>
  }
  exec(sql: string, options?: CallOptions): Promise<Results[]> {
    return this.#enqueue(execOp(sql, options), options) as Promise<Results[]>
  }
  describeQuery(sql: string, options?: CallOptions): Promise<DescribeQueryResult> {
    return this.#enqueue({ op: 'describeQuery', sql }, options) as Promise<DescribeQueryResult>
  }
  isInTransaction(): Promise<boolean> {
    return this.#enqueue({ op: 'isInTransaction' }, undefined) as Promise<boolean>
  }

  exclusive<T>(fn: (conn: PgliteConnection) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(this.#closedError())
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        kind: 'exclusive',
        start: () => {
          const session: Session = { handle: null, ended: false }
          const conn = this.#connection(session)
          // The block ends (its conn refuses, the line moves on) before its caller hears of it.
          const end = () => {
            session.ended = true
            this.#exclusiveActive = false
            this.#drain()
          }
          Promise.resolve()
            .then(() => fn(conn))
            .then(
              (value) => {
                end()
                resolve(value)
              },
              (error: unknown) => {
                end()
                reject(error)
              }
            )
        },
      })
      this.#drain()
    })
  }

  transaction<T>(fn: (conn: PgliteConnection) => Promise<T>): Promise<T> {
    return this.exclusive(async (conn) => {
      await conn.exec('begin')
      let result: T
      try {
        result = await fn(conn)
      } catch (error) {
        await conn.exec('rollback').catch(() => {}) // a dead session has nothing to roll back
        throw error
      }
      const [commit] = await conn.exec('commit')
      // COMMIT of a transaction an error aborted answers ROLLBACK: PGlite's transaction() throws.
      if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError()
      return result
    })
  }

  async close(): Promise<void> {
    if (this.#closed) return
    // Whatever was asked before close() still runs: wait for the line to empty.
    const drained = this.exclusive(async () => {}).catch(() => {})
    this.#closed = true
    await drained
    const handle = this.#handle
    this.#handle = null
    if (handle) await this.#retire(handle)
    await this.#previousExit
  }

  // --- the line -------------------------------------------------------------------------------

  #closedError() {
    return new Error(`PGlite database ${this.#name} is closed`)
  }

  #makeCall(message: Op, options: CallOptions | undefined): { call: Call; promise: Promise<unknown> } {
    let resolve!: (value: unknown) => void
    let reject!: (error: unknown) => void
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res
      reject = rej
    })
    const timeoutMs = options?.timeoutMs ?? this.#defaultTimeoutMs
    return { call: { id: nextCallId++, message, timeoutMs, resolve, reject }, promise }
  }

  #enqueue(message: Op, options: CallOptions | undefined): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#closedError())
    const { call, promise } = this.#makeCall(message, options)
    this.#queue.push({ kind: 'call', call })
    this.#drain()
    return promise
  }

  /** Sends what may go now, in order; starts an exclusive block once nothing is in flight. */
  #drain() {
    while (this.#queue.length > 0 && !this.#exclusiveActive) {
      const handle = this.#handle
      const busy = handle !== null && handle.inFlight.length > 0
      // A worker over its memory limit takes nothing new: it is recycled once its calls answered.
      if (handle && this.#overLimit(handle)) {
        if (busy) break
        this.#recycle(handle)
        continue
      }
      const head = this.#queue[0]
      if (head.kind === 'exclusive') {
        if (busy) break
        this.#queue.shift()
        this.#exclusiveActive = true
        head.start()
        break
      }
      this.#queue.shift()
      this.#dispatch(head.call, this.#ensureHandle())
    }
    const handle = this.#handle
    if (handle && !this.#exclusiveActive && handle.inFlight.length === 0 && this.#overLimit(handle)) this.#recycle(handle)
  }

  #overLimit(handle: WorkerHandle) {
    return handle.ready && !handle.dead && handle.memory > this.#memoryLimit
  }

  #recycle(handle: WorkerHandle) {
    if (this.#handle === handle) this.#handle = null
    void this.#retire(handle)
  }

  /** Closes a worker on purpose (clean PGlite close, then the thread ends). */
  #retire(handle: WorkerHandle): Promise<void> {
    if (handle.dead) return handle.exited
    handle.retiring = true
    handle.dead = true
    this.#previousExit = handle.exited
    const { call, promise } = this.#makeCall({ op: 'close' }, { timeoutMs: 30_000 })
    call.handle = handle
    handle.inFlight.push(call)
    handle.post({ id: call.id, ...call.message })
    handle.worker?.ref()
    if (handle.ready) this.#arm(handle)
    promise
      .catch((error: unknown) => console.warn(`[platform-api] PGlite ${this.#name}: unclean close (${(error as Error).message})`))
      .finally(() => void handle.worker?.terminate())
    return handle.exited
  }

  #dispatch(call: Call, handle: WorkerHandle) {
    call.handle = handle
    handle.inFlight.push(call)
    handle.post({ id: call.id, ...call.message })
    if (handle.inFlight.length === 1) {
      handle.updateRef()
      if (handle.ready) this.#arm(handle)
    }
  }

  /** Starts the timer of the call at the head of the worker's line (it is the one running). */
  #arm(handle: WorkerHandle) {
    const call = handle.inFlight[0]
    if (!call || call.timer || !call.timeoutMs) return
    const ms = call.timeoutMs
    call.timer = setTimeout(() => this.#timeout(handle, call, ms), ms)
    call.timer.unref?.()
  }

  #timeout(handle: WorkerHandle, call: Call, ms: number) {
    if (handle.inFlight[0] !== call) return
    const error = call.message.op === 'close' ? new Error(`PGlite ${this.#name} did not close within ${ms} ms`) : new StatementTimeoutError(ms)
    console.warn(`[platform-api] PGlite ${this.#name}: ${error.message}; ending its worker (generation ${handle.generation})`)
    this.#kill(handle, error, `a statement sent before it timed out after ${formatSeconds(ms)} s`)
  }

  /** Ends a worker now: the running call rejects with `error`, the ones behind it did not run. */
  #kill(handle: WorkerHandle, error: Error, why: string) {
    void handle.worker?.terminate()
    this.#lost(handle, error, why)
  }

  /** The worker is gone (killed, crashed, failed to open): reject what it had. */
  #lost(handle: WorkerHandle, error: Error, why: string) {
    const wasDead = handle.dead
    handle.dead = true
    if (this.#handle === handle) this.#handle = null
    if (!wasDead) this.#previousExit = handle.exited
    const calls = handle.inFlight.splice(0)
    calls.forEach((call, i) => {
      clearTimeout(call.timer)
      call.reject(
        i === 0
          ? error
          : new PgliteWorkerEndedError(
              `PGlite ${this.#name}: call not run, its worker (generation ${handle.generation}) was ended because of ${why}`
            )
      )
    })
    handle.failOpen(error)
    this.#drain()
  }

  #ensureHandle(): WorkerHandle {
    if (this.#handle && !this.#handle.dead) return this.#handle
    const handle = new WorkerHandle(++this.#generation)
    this.#handle = handle
    this.#memory = 0
    const previous = this.#previousExit
    void previous.then(() => this.#spawn(handle))
    return handle
  }

  #spawn(handle: WorkerHandle) {
    if (handle.dead) {
      // Closed before its turn to start (the previous worker was still ending): nothing ran.
      for (const call of handle.inFlight.splice(0)) {
        if (call.message.op === 'close') call.resolve(null)
        else call.reject(new PgliteWorkerEndedError(`PGlite ${this.#name}: call not run, its worker was closed before it started`))
      }
      handle.markExited()
      return
    }
    const { dataDir, contrib, postgresqlconf, statementCache } = this.options
    let worker: Worker
    try {
      worker = new Worker(this.#workerPath, {
        name: `pglite ${this.#name}`,
        workerData: { dataDir, contrib, postgresqlconf, statementCache },
        resourceLimits: { maxOldGenerationSizeMb: this.options.jsHeapLimitMb ?? DEFAULT_JS_HEAP_LIMIT_MB },
        stdout: false,
        stderr: false,
      })
    } catch (error) {
      handle.markExited()
      this.#lost(handle, error as Error, 'a failure to start it')
      return
    }
    handle.worker = worker
    handle.flush()
    handle.updateRef()
    const openTimeoutMs = this.options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS
    const openTimer = setTimeout(() => {
      if (handle.ready || handle.dead) return
      this.#kill(handle, new Error(`PGlite ${this.#name} did not open within ${formatSeconds(openTimeoutMs)} s`), 'its failure to open')
    }, openTimeoutMs)
    openTimer.unref()
    void handle.opened.finally(() => clearTimeout(openTimer)).catch(() => {})
    void handle.exited.then(() => clearTimeout(openTimer))
    let crash: Error | null = null
    worker.on('message', (message: WorkerMessage) => this.#onMessage(handle, message))
    worker.on('error', (error) => {
      crash = error
      if (!handle.dead) this.#lost(handle, error, `its crash (${error.message})`)
    })
    worker.on('exit', (code) => {
      handle.markExited()
      if (!handle.dead) {
        const error = crash ?? new Error(`PGlite ${this.#name}: its worker exited unexpectedly (code ${code})`)
        this.#lost(handle, error, `its exit (code ${code})`)
      } else if (handle.inFlight.length > 0) {
        this.#lost(handle, new PgliteWorkerEndedError(`PGlite ${this.#name}: its worker ended`), 'its end')
      }
    })
  }

  #onMessage(handle: WorkerHandle, message: WorkerMessage) {
    if (message.type === 'ready') {
      handle.ready = true
      handle.memory = message.memory
      if (this.#handle === handle) this.#memory = message.memory
      handle.markOpened()
      handle.updateRef()
      this.#arm(handle)
      this.#drain()
      return
    }
    if (message.type === 'failed') {
      this.#lost(handle, rebuildError(message.error), 'a failure to open the database')
      return
    }
    const call = handle.inFlight[0]
    if (!call || call.id !== message.id) return // answers of a worker already given up
    handle.inFlight.shift()
    clearTimeout(call.timer)
    handle.memory = message.memory
    if (this.#handle === handle) this.#memory = message.memory
    if (message.ok) call.resolve(message.value)
    else call.reject(rebuildError(message.error))
    if (!message.ok && message.fatal) {
      this.#lost(handle, new Error(`PGlite ${this.#name}: its worker failed`), 'a fatal error in it')
      return
    }
    this.#arm(handle)
    handle.updateRef()
    this.#drain()
  }

  /** The connection an exclusive block gets: straight to the worker, bound to one worker's life. */
  #connection(session: Session): PgliteConnection {
    const send = (message: Op, options: CallOptions | undefined): Promise<unknown> => {
      if (session.ended) return Promise.reject(new Error(`PGlite ${this.#name}: connection used after its exclusive block ended`))
      const current = this.#handle && !this.#handle.dead ? this.#handle : null
      if (session.handle && session.handle !== current) {
        return Promise.reject(
          new PgliteWorkerEndedError(
            `PGlite ${this.#name}: the session of this exclusive block is gone (its worker, generation ${session.handle.generation}, was ended); the statement did not run`
          )
        )
      }
      const handle = session.handle ?? this.#ensureHandle()
      session.handle = handle
      const { call, promise } = this.#makeCall(message, options)
      this.#dispatch(call, handle)
      return promise
    }
    return {
      query: <T>(sql: string, params: unknown[] = [], options?: CallOptions) => send(queryOp(sql, params, options), options) as Promise<Results<T>>,
      exec: (sql: string, options?: CallOptions) => send(execOp(sql, options), options) as Promise<Results[]>,
      describeQuery: (sql: string, options?: CallOptions) => send({ op: 'describeQuery', sql }, options) as Promise<DescribeQueryResult>,
      isInTransaction: () => send({ op: 'isInTransaction' }, undefined) as Promise<boolean>,
    }
  }

  /** Starts the first worker; resolves once it answered `select 1`. */
  async start(): Promise<void> {
    const handle = this.#ensureHandle()
    await handle.opened
  }
}

function queryOp(sql: string, params: unknown[], options: CallOptions | undefined): Op {
  return options?.parsers ? { op: 'query', sql, params, options: { parsers: options.parsers } } : { op: 'query', sql, params }
}

function execOp(sql: string, options: CallOptions | undefined): Op {
  return options?.parsers ? { op: 'exec', sql, options: { parsers: options.parsers } } : { op: 'exec', sql }
}

/**
 * Opens a PGlite database in a worker thread; resolves once it is open and answered `select 1`,
 * rejects with the underlying error when it could not open.
 */
export async function openPgliteWorker(options: OpenPgliteWorkerOptions): Promise<PgliteWorkerClient> {
  const client = new Client(options)
  try {
    await client.start()
  } catch (error) {
    await client.close().catch(() => {})
    throw error
  }
  return client
}
