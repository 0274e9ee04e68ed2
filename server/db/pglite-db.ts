import { pglitePostgresqlConf } from '../projects/pglite-extensions'
import { hasCluster, initPgliteInChildProcess } from './pglite-init-process'
import { openPgliteWorker, type PgliteConnection, type PgliteWorkerClient } from './pglite-worker-client'
import type { Db, QueryResult, SqlParam } from './types'

/**
 * Timeout of the store's own statements. They take milliseconds; one still running after this
 * means PGlite is wedged: its worker is ended and the next statement runs on a fresh one.
 */
export const STORE_STATEMENT_TIMEOUT_MS = 30_000

/** A worker client (or, inside a transaction, its connection) as the store's `Db`. */
export function wrap(conn: PgliteConnection, client: PgliteWorkerClient | null): Db {
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
      if (!client) return fn(db)
      return client.transaction((tx) => fn(wrap(tx, null)))
    },
    async close() {
      if (client && !client.closed) await client.close()
    },
  }
  return db
}

/**
 * Opens (creating when missing) an embedded Postgres persisted in `dataDir` (or in memory), in
 * its own worker thread: the store's statements never run on the request thread. PGlite's
 * default result parsers apply (dates as Date, json parsed, ...), as they did in-process.
 * `sharedBuffersMb`: PGLITE_SHARED_BUFFERS_MB (see `pglitePostgresqlConf`).
 */
export async function openPgliteDb(dataDir: string | null, sharedBuffersMb?: number): Promise<Db> {
  // A new store's cluster is made in a child process: initdb's memory stays out of the server.
  // Should that fail, the worker below runs initdb itself, as it always could.
  if (dataDir && !hasCluster(dataDir)) {
    await initPgliteInChildProcess({ dataDir, contrib: false }).catch((error: unknown) =>
      console.warn(`[platform-api] ${(error as Error).message}; creating it in the server`)
    )
  }
  const client = await openPgliteWorker({
    dataDir,
    contrib: false,
    // initdb's 128 MB of shared buffers, all touched at open, were about 120 MB of the server's RSS
    // for a store of a few MB (its pages stay in the system's file cache); sized as a project's.
    postgresqlconf: dataDir && hasCluster(dataDir) ? [pglitePostgresqlConf(dataDir, sharedBuffersMb)] : undefined,
    defaultTimeoutMs: STORE_STATEMENT_TIMEOUT_MS,
    statementCache: 256,
    name: 'platform store',
  })
  return wrap(client, client)
}
