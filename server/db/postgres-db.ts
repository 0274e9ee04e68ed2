import pg from 'pg'
import { pgPoolDb } from './pg-db'
import type { Db } from './types'

// Return int8 and numeric as JS numbers where they fit: the API speaks JSON numbers.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v)
  return Number.isSafeInteger(n) ? n : v
})

/** A pool on a Postgres server; each transaction gets a client of its own. */
export function openPostgresDb(connectionString: string, options: { max?: number; idleTimeoutMillis?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
  })
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {})
  return pgPoolDb(pool, () => pool.end())
}
