import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { Db, QueryResult, SqlParam } from './types'

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction

function wrap(conn: Queryable, root: PGlite | null): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: SqlParam[] = []): Promise<QueryResult<T>> {
      const result = await conn.query<T>(sql, params as unknown[])
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }
    },
    async exec(sql: string) {
      await conn.exec(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      // PGlite has one connection; a nested call joins the outer transaction.
      if (!root) return fn(db)
      return root.transaction((tx) => fn(wrap(tx, null)))
    },
    async close() {
      if (root && !root.closed) await root.close()
    },
  }
  return db
}

/** Opens (creating when missing) an embedded Postgres persisted in `dataDir` (or in memory). */
export async function openPgliteDb(dataDir: string | null): Promise<Db> {
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create()
  return wrap(pglite, pglite)
}
