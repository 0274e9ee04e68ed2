import pg from 'pg'
import type { Db, QueryResult, SqlParam } from './types'

// Return int8 and numeric as JS numbers where they fit: the API speaks JSON numbers.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v)
  return Number.isSafeInteger(n) ? n : v
})

type Client = Pick<pg.PoolClient, 'query'>

function wrapClient(client: Client): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: SqlParam[] = []): Promise<QueryResult<T>> {
      const r = await client.query(sql, params as unknown[])
      return {
        rows: r.rows as T[],
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.rowCount ?? undefined,
      }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return fn(db) // already inside a transaction on this client
    },
    async close() {},
  }
  return db
}

/** A pool on a Postgres server; each transaction gets a client of its own. */
export function openPostgresDb(connectionString: string, options: { max?: number; idleTimeoutMillis?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
  })
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {})
  const poolDb: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: SqlParam[] = []) {
      const r = await pool.query(sql, params as unknown[])
      return {
        rows: r.rows as T[],
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.rowCount ?? undefined,
      }
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrapClient(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
  return poolDb
}
