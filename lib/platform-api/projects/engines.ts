import type { Results } from '@electric-sql/pglite'
import pg from 'pg'
import { getStore } from '../db/store'
import { wrap } from '../db/pglite-db'
import type { Db, QueryResult, SqlParam } from '../db/types'
import {
  openPgliteWorker,
  StatementTimeoutError as WorkerStatementTimeoutError,
  type ParserSpec,
} from '../db/pglite-worker-client'
import { pglitePostgresqlConf } from './pglite-extensions'

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
}

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

export interface Engine {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /**
   * Runs `fn` with the connection to itself; afterwards an open transaction is rolled back and
   * session state discarded. On Postgres an aborted `signal` cancels the running statement
   * (PGlite runs statements in-process and cannot interrupt one).
   */
  session<T>(fn: (session: ProjectSession) => Promise<T>, options?: SessionOptions): Promise<T>
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

function fromPglite(r: Results): RawResult {
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

/**
 * Opens a PGlite directory (creating the cluster when the directory is empty) in its own worker
 * thread, so its statements never hold up the HTTP server, and a statement past its timeout is
 * ended by ending the worker (PGlite cannot interrupt a statement); the next call reopens it.
 */
export async function openPgliteEngine(dir: string): Promise<Engine> {
  const client = await openPgliteWorker({
    dataDir: dir,
    contrib: true,
    postgresqlconf: [pglitePostgresqlConf(dir)],
    name: `project ${dir}`,
  })
  return {
    kind: 'pglite',
    db: wrap(client, client),
    session: (fn, options = {}) =>
      client.exclusive(async (conn) => {
        const deadline = options.timeoutMs ? Date.now() + options.timeoutMs : null
        const call = () => {
          if (options.signal?.aborted) throw Object.assign(new Error('canceling statement due to user request'), { code: '57014', severity: 'ERROR' })
          if (deadline === null) return { parsers: RESULT_PARSER_SPEC }
          const left = deadline - Date.now()
          if (left <= 0) throw new StatementTimeoutError(options.timeoutMs!)
          return { parsers: RESULT_PARSER_SPEC, timeoutMs: left }
        }
        const timed = async <T>(run: () => Promise<T>): Promise<T> => {
          try {
            return await run()
          } catch (error) {
            if (error instanceof WorkerStatementTimeoutError) throw new StatementTimeoutError(options.timeoutMs ?? 0)
            throw error
          }
        }
        const session: ProjectSession = {
          simple: (sql) => timed(async () => (await conn.exec(sql, call())).map(fromPglite)),
          extended: (sql, params) => timed(async () => fromPglite(await conn.query(sql, params, call()))),
          describe: (sql) =>
            timed(async () => {
              const d = await conn.describeQuery(sql, call())
              return { paramTypes: d.queryParams.map((p) => p.dataTypeID), fields: d.resultFields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) }
            }),
        }
        try {
          return await fn(session)
        } finally {
          try {
            if (await conn.isInTransaction()) await conn.exec('rollback')
            await conn.exec('discard all')
          } catch {
            // the worker was ended (timeout): the next call starts a fresh one, with no session state
          }
        }
      }),
    async close() {
      if (!client.closed) await client.close()
    },
  }
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RESULT_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

function fromPg(r: pg.QueryResult): RawResult {
  return {
    command: r.command ?? null,
    rowCount: r.rowCount ?? null,
    rows: r.rows,
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  }
}

function mapPg<T>(r: pg.QueryResult): QueryResult<T> {
  return {
    rows: r.rows as T[],
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? undefined,
  }
}

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    kind: 'postgres',
    query: async <T>(sql: string, params: SqlParam[] = []) => mapPg<T>(await client.query(sql, params as unknown[])),
    exec: async (sql: string) => {
      await client.query(sql)
    },
    transaction: (fn) => fn(db),
    async close() {},
  }
  return db
}

/** Parse + Describe of one statement on a pg client, as a submittable query (nothing runs). */
class DescribeStatement {
  private paramTypes: number[] = []
  private fields: Described['fields'] = []
  private onParams = (msg: { dataTypeIDs: number[] }) => {
    this.paramTypes = msg.dataTypeIDs
  }
  private connection: { removeListener(event: string, fn: unknown): void } | null = null
  readonly done: Promise<Described>
  private settle!: { resolve: (d: Described) => void; reject: (e: unknown) => void }
  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject }
    })
  }
  submit(connection: {
    parse(m: { text: string; name: string; types: number[] }): void
    describe(m: { type: 'S'; name: string }): void
    sync(): void
    on(event: string, fn: unknown): void
    removeListener(event: string, fn: unknown): void
  }) {
    this.connection = connection
    connection.on('parameterDescription', this.onParams)
    connection.parse({ text: this.text, name: '', types: [] })
    connection.describe({ type: 'S', name: '' })
    connection.sync()
    return null
  }
  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }) {
    this.fields = msg.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
  }
  handleParseComplete() {}
  handleError(error: unknown) {
    this.connection?.removeListener('parameterDescription', this.onParams)
    this.settle.reject(error)
  }
  handleReadyForQuery() {
    this.connection?.removeListener('parameterDescription', this.onParams)
    this.settle.resolve({ paramTypes: this.paramTypes, fields: this.fields })
  }
}

/** A small pool on one database of a Postgres server; it checks that the database answers. */
export async function openPostgresEngine(connectionString: string, options_: { max?: number } = {}): Promise<Engine> {
  const pool = new pg.Pool({
    connectionString,
    max: options_.max ?? 3,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'dashboard-platform',
  })
  pool.on('error', () => {}) // an idle client's error (server restart) must not crash the process
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
  const db: Db = {
    kind: 'postgres',
    query: async <T>(sql: string, params: SqlParam[] = []) => mapPg<T>(await pool.query(sql, params as unknown[])),
    exec: async (sql: string) => {
      await pool.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(clientDb(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async close() {},
  }
  return {
    kind: 'postgres',
    db,
    async session(fn, options = {}) {
      const { signal, timeoutMs } = options
      const client = await pool.connect()
      // pg_cancel_backend stops what this connection runs (the caller left, or its time is up).
      // It is sent from the platform's own connection: a member may have changed anything of
      // its own session (statement_timeout included), but not that.
      const pid = (client as pg.PoolClient & { processID?: number }).processID
      let timedOut = false
      const cancel = () => {
        if (!pid) return
        void getStore()
          .then((store) => store.query('select pg_cancel_backend($1)', [pid]))
          .catch((error: unknown) => console.error(`[platform-api] could not cancel backend ${pid}`, error))
      }
      signal?.addEventListener('abort', cancel, { once: true })
      const timer = timeoutMs
        ? setTimeout(() => {
            timedOut = true
            cancel()
          }, timeoutMs)
        : null
      const timed = async <T>(run: () => Promise<T>): Promise<T> => {
        try {
          return await run()
        } catch (error) {
          if (timedOut && (error as { code?: string }).code === '57014') throw new StatementTimeoutError(timeoutMs!)
          throw error
        }
      }
      const session: ProjectSession = {
        simple: (sql) =>
          timed(async () => {
            const r = (await client.query({ text: sql, types: pgTypes })) as pg.QueryResult | pg.QueryResult[]
            return (Array.isArray(r) ? r : [r]).map(fromPg)
          }),
        extended: (sql, params) =>
          timed(async () => {
            const config = { text: sql, values: params, types: pgTypes, queryMode: 'extended' }
            return fromPg(await client.query(config as pg.QueryConfig))
          }),
        describe: (sql) =>
          timed(async () => {
            const describe = new DescribeStatement(sql)
            void client.query(describe as unknown as pg.QueryConfig).catch?.(() => {})
            return describe.done
          }),
      }
      let broken: Error | undefined
      try {
        return await fn(session)
      } finally {
        try {
          if (client.getTransactionStatus() !== 'I') await client.query('rollback')
          await client.query('discard all')
        } catch (error) {
          broken = error as Error
        }
        signal?.removeEventListener('abort', cancel)
        if (timer) clearTimeout(timer)
        client.release(broken) // a connection we could not reset is destroyed, not reused
      }
    },
    async close() {
      await pool.end()
    },
  }
}
