import { PGlite, type Results, type Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import { getStore } from '../db/store'
import type { Db, QueryResult, SqlParam } from '../db/types'
import { PGLITE_CONTRIB_EXTENSIONS, pglitePostgresqlConf } from './pglite-extensions'

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

/** A private connection to a project database (pg-meta). */
export interface ProjectSession {
  /** Simple protocol: any number of statements; every statement's result. */
  simple(sql: string): Promise<RawResult[]>
  /** Extended protocol: exactly one statement, with parameters. */
  extended(sql: string, params: unknown[]): Promise<RawResult>
}

export interface Engine {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /**
   * Runs `fn` with the connection to itself; afterwards an open transaction is rolled back and
   * session state discarded. On Postgres an aborted `signal` cancels the running statement
   * (PGlite runs statements in-process and cannot interrupt one).
   */
  session<T>(fn: (session: ProjectSession) => Promise<T>, signal?: AbortSignal): Promise<T>
  close(): Promise<void>
}

/** Postgres statement timeout for project queries (PGlite has no timer: it cannot cancel a statement). */
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

/** A FIFO lock: PGlite has one connection, and a pg-meta session must have it to itself. */
function createLock() {
  let tail: Promise<unknown> = Promise.resolve()
  return function run<T>(fn: () => Promise<T>): Promise<T> {
    const result = tail.then(fn)
    tail = result.catch(() => undefined)
    return result
  }
}

function fromPglite(r: Results): RawResult {
  return {
    command: r.command ?? null,
    rowCount: r.rowCount ?? (r.command ? (r.affectedRows ?? null) : null),
    rows: r.rows as Record<string, unknown>[],
    fields: r.fields,
  }
}

function pgliteDb(conn: PGlite | Transaction, lock: (<T>(fn: () => Promise<T>) => Promise<T>) | null, root: PGlite | null): Db {
  const locked = <T>(fn: () => Promise<T>) => (lock ? lock(fn) : fn())
  const db: Db = {
    kind: 'pglite',
    query<T>(sql: string, params: SqlParam[] = []): Promise<QueryResult<T>> {
      return locked(async () => {
        const r = await conn.query<T>(sql, params as unknown[])
        return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }
      })
    },
    exec(sql: string) {
      return locked(async () => {
        await conn.exec(sql)
      })
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (!root) return fn(db) // nested: joins the outer transaction
      return locked(() => root.transaction((tx) => fn(pgliteDb(tx, null, null))))
    },
    async close() {},
  }
  return db
}

/** Opens a PGlite directory (creating the cluster when the directory is empty). */
export async function openPgliteEngine(dir: string): Promise<Engine> {
  const pglite = await PGlite.create(dir, { extensions: PGLITE_CONTRIB_EXTENSIONS, postgresqlconf: pglitePostgresqlConf(dir) })
  const lock = createLock()
  return {
    kind: 'pglite',
    db: pgliteDb(pglite, lock, pglite),
    session: (fn) =>
      lock(async () => {
        const session: ProjectSession = {
          simple: async (sql) => (await pglite.exec(sql, { parsers: RESULT_PARSERS })).map(fromPglite),
          extended: async (sql, params) => fromPglite(await pglite.query(sql, params, { parsers: RESULT_PARSERS })),
        }
        try {
          return await fn(session)
        } finally {
          if (await pglite.isInTransaction()) await pglite.exec('rollback')
          await pglite.exec('discard all')
        }
      }),
    async close() {
      if (!pglite.closed) await pglite.close()
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

/** A small pool on one database of a Postgres server; it checks that the database answers. */
export async function openPostgresEngine(connectionString: string, options: { max?: number } = {}): Promise<Engine> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 3,
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
    async session(fn, signal) {
      const client = await pool.connect()
      // pg_cancel_backend stops what this connection runs (the caller left). It is sent from the
      // platform's own connection: the project roles may not signal each other's backends.
      const pid = (client as pg.PoolClient & { processID?: number }).processID
      const cancel = () => {
        if (!pid) return
        void getStore()
          .then((store) => store.query('select pg_cancel_backend($1)', [pid]))
          .catch((error: unknown) => console.error(`[platform-api] could not cancel backend ${pid}`, error))
      }
      signal?.addEventListener('abort', cancel, { once: true })
      const session: ProjectSession = {
        async simple(sql) {
          const r = (await client.query({ text: sql, types: pgTypes })) as pg.QueryResult | pg.QueryResult[]
          return (Array.isArray(r) ? r : [r]).map(fromPg)
        },
        async extended(sql, params) {
          const config = { text: sql, values: params, types: pgTypes, queryMode: 'extended' }
          return fromPg(await client.query(config as pg.QueryConfig))
        },
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
        client.release(broken) // a connection we could not reset is destroyed, not reused
      }
    },
    async close() {
      await pool.end()
    },
  }
}
