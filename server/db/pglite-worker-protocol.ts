import fs from 'node:fs'
import path from 'node:path'
import { messages, type Results } from '@electric-sql/pglite'

/** What the PGlite worker client and its worker thread say to each other, and the client's types and errors. */
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

/** What `execBatch` answers: the results of the statements that ran, and the error that stopped the rest. */
export type BatchResults = { results: Results[]; ran: number; error: Error | null }

/** What callers use inside `exclusive()`; the client itself is one too. */
export interface PgliteConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: CallOptions): Promise<Results<T>>
  exec(sql: string, options?: CallOptions): Promise<Results[]>
  describeQuery(sql: string, options?: CallOptions): Promise<DescribeQueryResult>
  isInTransaction(): Promise<boolean>
  /** Raw Postgres wire protocol messages in, PGlite's raw answer out (the loopback port, projects/wire). */
  protocol(bytes: Uint8Array, options?: Pick<CallOptions, 'timeoutMs'>): Promise<Uint8Array>
  /** `COPY … FROM '/dev/blob'` with `bytes` as the file (PGlite's COPY source); its row count. */
  copyFrom(sql: string, bytes: Uint8Array, options?: Pick<CallOptions, 'timeoutMs'>): Promise<number>
  /** `COPY … TO '/dev/blob'` (PGlite's COPY target): the file it wrote, whole. */
  copyTo(sql: string, options?: Pick<CallOptions, 'timeoutMs'>): Promise<Uint8Array>
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
  /**
   * One simple query (FIFO with all other calls, not waiting for the previous answer): the results
   * of the statements in `keep` (0-based, ascending) among those that ran before its first error,
   * how many ran, and that error; after an error `recover` ran (statement by statement, errors
   * ignored) before anything else reaches PGlite.
   */
  execBatch(sql: string, keep: number[], recover: string[], options?: CallOptions): Promise<BatchResults>
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
  /** Channels the worker LISTENs on from its start (again after every restart): realtime's change bus. */
  listen?: string[]
  /** Called with every notification PGlite receives on those channels (in the main thread). */
  onNotification?: (channel: string, payload: string) => void
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

export function formatSeconds(ms: number): string {
  const s = ms / 1000
  return Number.isInteger(s) ? String(s) : s.toFixed(1).replace(/\.0$/, '')
}

export const WORKER_RELATIVE_PATH = path.join('server', 'db', 'pglite-worker.mjs')

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

export type Op =
  | { op: 'query'; sql: string; params: unknown[]; options?: { parsers?: ParserSpec } }
  | { op: 'exec'; sql: string; options?: { parsers?: ParserSpec } }
  | { op: 'execBatch'; sql: string; keep: number[]; recover: string[]; options?: { parsers?: ParserSpec } }
  | { op: 'describeQuery'; sql: string }
  | { op: 'isInTransaction' }
  | { op: 'protocol'; bytes: Uint8Array }
  | { op: 'copyFrom'; sql: string; bytes: Uint8Array }
  | { op: 'copyTo'; sql: string }
  | { op: 'close' }

export type SerializedError = { message: string; name?: string; stack?: string; isDatabaseError?: boolean; [key: string]: unknown }

export type WorkerMessage =
  | { type: 'ready'; memory: number }
  | { type: 'failed'; error: SerializedError }
  | { type: 'notification'; channel: string; payload: string }
  | { type?: undefined; id: number; ok: true; value: unknown; memory: number }
  | { type?: undefined; id: number; ok: false; error: SerializedError; memory: number; fatal?: boolean }


/** The error as the worker saw it: PGlite's DatabaseError (same class, same fields) or an Error. */
export function rebuildError(e: SerializedError): Error {
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

export function queryOp(sql: string, params: unknown[], options: CallOptions | undefined): Op {
  return options?.parsers ? { op: 'query', sql, params, options: { parsers: options.parsers } } : { op: 'query', sql, params }
}

export function execOp(sql: string, options: CallOptions | undefined): Op {
  return options?.parsers ? { op: 'exec', sql, options: { parsers: options.parsers } } : { op: 'exec', sql }
}
