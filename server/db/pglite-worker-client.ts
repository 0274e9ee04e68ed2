import { TransactionAbortedError, type Results } from '@electric-sql/pglite'

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
import { decodeBatchResults } from './pglite-batch-decode'
import type { Call, Session } from './pglite-worker-handle'
import { WorkerSupervisor } from './pglite-worker-supervisor'
import {
  execOp,
  PgliteWorkerEndedError,
  queryOp,
  rebuildError,
  type BatchResults,
  type CallOptions,
  type DescribeQueryResult,
  type Op,
  type OpenPgliteWorkerOptions,
  type PgliteConnection,
  type PgliteWorkerClient,
  type SerializedError,
} from './pglite-worker-protocol'

export * from './pglite-worker-protocol'

type Entry = { kind: 'call'; call: Call } | { kind: 'exclusive'; start: () => void }


class Client extends WorkerSupervisor implements PgliteWorkerClient {
  private _queue: Entry[] = []
  private _exclusiveActive = false
  private _closed = false

  get closed() {
    return this._closed
  }
  get memoryBytes() {
    return this._memory
  }
  get generation() {
    return this._generation
  }

  // --- public API ---------------------------------------------------------------------------

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: CallOptions): Promise<Results<T>> {
    return this._enqueue(queryOp(sql, params, options), options) as Promise<Results<T>>
  }
  exec(sql: string, options?: CallOptions): Promise<Results[]> {
    return this._enqueue(execOp(sql, options), options) as Promise<Results[]>
  }
  async execBatch(sql: string, keep: number[], recover: string[], options?: CallOptions): Promise<BatchResults> {
    const op: Op = { op: 'execBatch', sql, keep, recover, ...(options?.parsers ? { options: { parsers: options.parsers } } : {}) }
    const answer = (await this._enqueue(op, options)) as { raw: Uint8Array; ran: number; error: SerializedError | null }
    return { results: decodeBatchResults(answer.raw, options?.parsers), ran: answer.ran, error: answer.error ? rebuildError(answer.error) : null }
  }
  describeQuery(sql: string, options?: CallOptions): Promise<DescribeQueryResult> {
    return this._enqueue({ op: 'describeQuery', sql }, options) as Promise<DescribeQueryResult>
  }
  isInTransaction(): Promise<boolean> {
    return this._enqueue({ op: 'isInTransaction' }, undefined) as Promise<boolean>
  }
  protocol(bytes: Uint8Array, options?: CallOptions): Promise<Uint8Array> {
    return this._enqueue({ op: 'protocol', bytes }, options) as Promise<Uint8Array>
  }
  copyFrom(sql: string, bytes: Uint8Array, options?: CallOptions): Promise<number> {
    return this._enqueue({ op: 'copyFrom', sql, bytes }, options) as Promise<number>
  }
  copyTo(sql: string, options?: CallOptions): Promise<Uint8Array> {
    return this._enqueue({ op: 'copyTo', sql }, options) as Promise<Uint8Array>
  }

  exclusive<T>(fn: (conn: PgliteConnection) => Promise<T>): Promise<T> {
    if (this._closed) return Promise.reject(this._closedError())
    return new Promise<T>((resolve, reject) => {
      this._queue.push({
        kind: 'exclusive',
        start: () => {
          const session: Session = { handle: null, ended: false }
          const conn = this._connection(session)
          // The block ends (its conn refuses, the line moves on) before its caller hears of it.
          const end = () => {
            session.ended = true
            this._exclusiveActive = false
            this._drain()
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
      this._drain()
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
    if (this._closed) return
    // Whatever was asked before close() still runs: wait for the line to empty.
    const drained = this.exclusive(async () => {}).catch(() => {})
    this._closed = true
    await drained
    const handle = this._handle
    this._handle = null
    if (handle) await this._retire(handle)
    await this._previousExit
  }

  // --- the line -------------------------------------------------------------------------------

  private _closedError() {
    return new Error(`PGlite database ${this._name} is closed`)
  }

  private _enqueue(message: Op, options: CallOptions | undefined): Promise<unknown> {
    if (this._closed) return Promise.reject(this._closedError())
    const { call, promise } = this._makeCall(message, options)
    this._queue.push({ kind: 'call', call })
    this._drain()
    return promise
  }

  /** Sends what may go now, in order; starts an exclusive block once nothing is in flight. */
  protected _drain() {
    while (this._queue.length > 0 && !this._exclusiveActive) {
      const handle = this._handle
      const busy = handle !== null && handle.inFlight.length > 0
      // A worker over its memory limit takes nothing new: it is recycled once its calls answered.
      if (handle && this._overLimit(handle)) {
        if (busy) break
        this._recycle(handle)
        continue
      }
      const head = this._queue[0]
      if (head.kind === 'exclusive') {
        if (busy) break
        this._queue.shift()
        this._exclusiveActive = true
        head.start()
        break
      }
      this._queue.shift()
      this._dispatch(head.call, this._ensureHandle())
    }
    const handle = this._handle
    if (handle && !this._exclusiveActive && handle.inFlight.length === 0 && this._overLimit(handle)) this._recycle(handle)
  }

  /** The connection an exclusive block gets: straight to the worker, bound to one worker's life. */
  private _connection(session: Session): PgliteConnection {
    const send = (message: Op, options: CallOptions | undefined): Promise<unknown> => {
      if (session.ended) return Promise.reject(new Error(`PGlite ${this._name}: connection used after its exclusive block ended`))
      const current = this._handle && !this._handle.dead ? this._handle : null
      if (session.handle && session.handle !== current) {
        return Promise.reject(
          new PgliteWorkerEndedError(
            `PGlite ${this._name}: the session of this exclusive block is gone (its worker, generation ${session.handle.generation}, was ended); the statement did not run`
          )
        )
      }
      const handle = session.handle ?? this._ensureHandle()
      session.handle = handle
      const { call, promise } = this._makeCall(message, options)
      this._dispatch(call, handle)
      return promise
    }
    return {
      query: <T>(sql: string, params: unknown[] = [], options?: CallOptions) => send(queryOp(sql, params, options), options) as Promise<Results<T>>,
      exec: (sql: string, options?: CallOptions) => send(execOp(sql, options), options) as Promise<Results[]>,
      describeQuery: (sql: string, options?: CallOptions) => send({ op: 'describeQuery', sql }, options) as Promise<DescribeQueryResult>,
      isInTransaction: () => send({ op: 'isInTransaction' }, undefined) as Promise<boolean>,
      protocol: (bytes: Uint8Array, options?: CallOptions) => send({ op: 'protocol', bytes }, options) as Promise<Uint8Array>,
      copyFrom: (sql: string, bytes: Uint8Array, options?: CallOptions) => send({ op: 'copyFrom', sql, bytes }, options) as Promise<number>,
      copyTo: (sql: string, options?: CallOptions) => send({ op: 'copyTo', sql }, options) as Promise<Uint8Array>,
    }
  }

  /** Starts the first worker; resolves once it answered `select 1`. */
  async start(): Promise<void> {
    const handle = this._ensureHandle()
    await handle.opened
  }
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
