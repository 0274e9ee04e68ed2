import type pg from 'pg'
import type { Db, QueryResult, SqlParam } from './types'

/** What runs a query on a Postgres server: a pool, or one client of it. */
type PgQueryable = { query(text: string, values?: unknown[]): Promise<pg.QueryResult> }

/** A pg result as the store's `QueryResult`. */
export function fromPgResult<T>(r: pg.QueryResult): QueryResult<T> {
  return {
    rows: r.rows as T[],
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? undefined,
  }
}

function queries(target: PgQueryable): Pick<Db, 'kind' | 'query' | 'exec'> {
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: SqlParam[] = []) => fromPgResult<T>(await target.query(sql, params as unknown[])),
    async exec(sql: string) {
      await target.query(sql)
    },
  }
}

/** A client already inside a transaction as a `Db`: a nested transaction joins it. */
export function pgClientDb(client: PgQueryable): Db {
  const db: Db = {
    ...queries(client),
    transaction: (fn) => fn(db),
    async close() {},
  }
  return db
}

/** A pool as a `Db`: each transaction gets a client of its own; `close` is what closing it does. */
export function pgPoolDb(pool: pg.Pool, close: () => Promise<void>): Db {
  return {
    ...queries(pool),
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(pgClientDb(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close,
  }
}
