import type { Results } from '@electric-sql/pglite'
import type pg from 'pg'
import type { ParserSpec } from '../db/pglite-worker-client'
import type { Db } from '../db/types'

/**
 * The two engines a project database runs on (an embedded PGlite directory or a database on a
 * Postgres server), behind one interface. `db` is plain access for the platform's own queries;
 * `session` hands pg-meta a private connection whose state is reset afterwards.
 */

/** One statement's result, the same on both engines. */
export type RawResult = {
  command: string | null
  rowCount: number | null
  rows: Record<string, unknown>[]
  fields: { name: string; dataTypeID: number }[]
}

/** What Parse + Describe tell of a statement (nothing runs). */
export type Described = { paramTypes: number[]; fields: { name: string; dataTypeID: number }[] }

/**
 * A private connection to a project database. Only platform-written SQL goes to `simple` and
 * `extended`; a member's text goes only to `describe` and, through the jail (member-sql.ts), as
 * a parameter.
 */
export interface ProjectSession {
  /** Simple protocol: any number of statements; every statement's result. */
  simple(sql: string): Promise<RawResult[]>
  /** Extended protocol: exactly one statement, with parameters. */
  extended(sql: string, params: unknown[]): Promise<RawResult>
  /** Parse and describe one statement without running it. */
  describe(sql: string): Promise<Described>
  /**
   * Commits the open transaction and resets the session (what the session's end does, as
   * `DISCARD ALL` would) in one round trip, so the end has nothing left to send unless the
   * session is used again.
   */
  commitAndReset(): Promise<void>
  /**
   * Platform-written SQL as the platform's privileged role (CREATE EXTENSION on a member's
   * request, realtime's triggers), never as a role member SQL runs as. On PGlite in this session
   * (its user is PGlite's superuser; member SQL only ever runs in the jail); on a server over the
   * platform's administrator connection to the project's database, in a transaction of its own.
   */
  privileged(sql: string): Promise<void>
  /**
   * Platform-written `COPY <target> FROM …` of CSV, as the session's user (never a member's SQL:
   * COPY cannot run in the jail, so its target is a table the platform made, table-io/import.ts).
   * `chunks` end on record boundaries: a server takes them as one COPY FROM STDIN, streamed; PGlite
   * (whose COPY reads a file, `/dev/blob`) one COPY per chunk. Resolves to the rows copied; an error
   * carries `chunkRecord`, the records before the chunk it failed in.
   */
  copyIn(target: string, options: string, chunks: AsyncIterable<Uint8Array>): Promise<number>
  /**
   * Platform-written `COPY (<query>) TO …`, as the session's user (its query calls the jail, so
   * what it reads is read with the member's rights: table-io/export.ts). A server streams it (COPY
   * TO STDOUT, read as the consumer asks); PGlite, whose COPY writes a file (`/dev/blob`), answers
   * the whole output as one chunk once it is written (`copyOutWhole`: callers keep each COPY small).
   */
  copyOut(query: string, options: string): AsyncIterable<Uint8Array>
  readonly copyOutWhole: boolean
  /** `privileged` runs in a transaction of its own (a server), not in this session's. */
  readonly privilegedOwnTransaction: boolean
}

/**
 * `DISCARD ALL` as the statements it stands for (Postgres docs), which, unlike it, may follow a
 * COMMIT in one simple query: a request's commit and its session's reset go in one round trip.
 */
export const COMMIT_AND_RESET_SQL = `commit; close all; set session authorization default; reset all; deallocate all; unlisten *;
  select pg_catalog.pg_advisory_unlock_all(); discard plans; discard temp; discard sequences`

/**
 * The end of a project API request on PGlite's one session: COMMIT_AND_RESET_SQL but DISCARD
 * PLANS, as a server's request pool ends a request without it (api-requests.ts). Cached plans are
 * no session state a request can see: Postgres plans again when the role, search path or a
 * catalogue entry a plan used differs. Kept, the jail's own plans (its PL/pgSQL statements) are
 * not made again for every request.
 */
export const REQUEST_END_SQL = `commit; close all; set session authorization default; reset all; deallocate all; unlisten *;
  select pg_catalog.pg_advisory_unlock_all(); discard temp; discard sequences`

/** How many statements REQUEST_END_SQL is (each answers one result). */
export const REQUEST_END_STATEMENTS = REQUEST_END_SQL.split(';').length

export type SessionOptions = {
  /** An aborted signal cancels the running statement. */
  signal?: AbortSignal
  /** The session's statements are ended after this long (StatementTimeoutError). */
  timeoutMs?: number
}

/** A member's statement ran past its plan's timeout. */
export class StatementTimeoutError extends Error {
  code = '57014'
  severity = 'ERROR'
  constructor(readonly timeoutMs: number) {
    super(`statement timed out after ${Math.round(timeoutMs / 100) / 10} s`)
  }
}

/**
 * A platform-written statement with parameters. With `key` it is prepared once per connection
 * under what its types depend on besides its text (e.g. its table's columns: a changed table never
 * meets a plan made for the old one; `''` for a statement its text alone decides).
 */
export type Prepared = { text: string; params: unknown[]; key?: string }

/** One statement of a request; `final` sends COMMIT with it, in the same write (nothing may follow it). */
export type RequestQuery = (sql: string, params?: unknown[], options?: { final?: boolean; key?: string }) => Promise<RawResult>

/** What a statement sent ahead (committed with the opening, see RequestPool) came to. */
export type Ahead = { result: RawResult } | { error: unknown }

/** The project API's requests on a server, as the project's API login role (api-requests.ts). */
export type RequestPool = {
  /**
   * Runs one request as `request.role` with its claims (JSON) and `sub` set for the transaction:
   * BEGIN, that opening and `first` in one batch (one write, one answer), then `fn` with their
   * results, then COMMIT unless `fn`'s final statement carried it; an error rolls back. With
   * `ahead`, the request's final statement goes in that same batch, which is then the whole
   * transaction: `fn` gets its outcome. `rollback`: the transaction ends in ROLLBACK however `fn`
   * ends (PostgREST's `Prefer: tx=rollback`); no statement then carries COMMIT.
   */
  run<T>(
    request: { role: string; claims: string; sub: string },
    statements: { first: Prepared | null; ahead?: Prepared },
    fn: (first: RawResult | null, query: RequestQuery, ahead: Ahead | null) => Promise<T>,
    options?: SessionOptions & { rollback?: boolean }
  ): Promise<T>
  close(): Promise<void>
}

export interface Engine {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /**
   * Runs `fn` with the connection to itself; afterwards an open transaction is rolled back and
   * session state discarded. On Postgres an aborted `signal` cancels the running statement
   * (PGlite runs statements in-process and cannot interrupt one).
   */
  session<T>(fn: (session: ProjectSession) => Promise<T>, options?: SessionOptions): Promise<T>
  /**
   * PGlite only: runs `fn` with PGlite's one session to itself, raw wire protocol in and out
   * (the loopback port, wire/). A `send` past `timeoutMs` ends the worker, and the session with it.
   */
  wire?<T>(fn: (send: (bytes: Uint8Array, timeoutMs?: number) => Promise<Uint8Array>) => Promise<T>): Promise<T>
  /**
   * PGlite only: one request of the project API whole, in a message with the others of the moment
   * (pglite-trips.ts). `sql`: platform-written statements, values quoted in, `statements` of them,
   * that open a transaction; the request's commit and reset (REQUEST_END_SQL) follow. The results
   * of the statements of `sql` listed in `keep` (0-based, ascending); on an error the transaction is
   * rolled back and the session's state discarded.
   */
  requestTrip?(sql: string, statements: number, keep: number[], options?: SessionOptions): Promise<RawResult[]>
  /** Postgres server only: the project API's requests, as the project's API login role (api-requests.ts). */
  readonly requests?: RequestPool
  /**
   * Postgres server only: a platform-written read as the platform's privileged role on this
   * database, for what the members' roles cannot see (other roles' sessions: activity.ts). Never
   * member SQL.
   */
  privilegedRows?(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>
  close(): Promise<void>
}

/** Postgres statement timeout for the platform's own queries on a project database. */
export const STATEMENT_TIMEOUT_MS = 60_000

const identity = (value: string) => value
function int8(value: string): number | string {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : value
}

/**
 * Result parsers both engines apply to project queries, so a result reads the same on either and
 * survives JSON: dates and times stay as Postgres prints them (no time-zone shift), bytea stays
 * `\x…` text, int8 becomes a number only where it is exact. Other types use the drivers' parsers.
 */
export const RESULT_PARSERS: Record<number, (value: string) => unknown> = {
  17: identity, // bytea
  20: int8,
  1082: identity, // date
  1083: identity, // time
  1114: identity, // timestamp
  1184: identity, // timestamptz
  1186: identity, // interval
  1266: identity, // timetz
  1001: identity, // bytea[]
  1182: identity, // date[]
  1183: identity, // time[]
  1115: identity, // timestamp[]
  1185: identity, // timestamptz[]
  1187: identity, // interval[]
  1270: identity, // timetz[]
}

/** A pg result as the engines' RawResult. */
export function fromPg(r: pg.QueryResult): RawResult {
  return {
    command: r.command ?? null,
    rowCount: r.rowCount ?? null,
    rows: r.rows,
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  }
}

export function fromPglite(r: Results): RawResult {
  return {
    command: r.command ?? null,
    rowCount: r.rowCount ?? (r.command ? (r.affectedRows ?? null) : null),
    rows: r.rows as Record<string, unknown>[],
    fields: r.fields,
  }
}

/** RESULT_PARSERS as data, for the PGlite worker (functions cannot cross threads). */
export const RESULT_PARSER_SPEC: ParserSpec = {
  textOids: Object.entries(RESULT_PARSERS)
    .filter(([, parse]) => parse === identity)
    .map(([oid]) => Number(oid)),
  safeInt8: true,
}
