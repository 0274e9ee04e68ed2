import type { Db, SqlParam } from '../db/types'
import type { ProjectSession, SessionOptions } from './engines'
import { withEngine } from './database-cache'
import { projectTarget } from './targets'

/**
 * A project's database as a `Db`. Each call borrows the open database, so the object stays valid
 * when the cache closes the database in between: the next call opens it again.
 */
export async function getProjectDb(ref: string): Promise<Db> {
  const { kind } = projectTarget(ref)
  await withEngine(ref, async () => undefined) // fail now, not on first use, when it cannot open
  return {
    kind,
    query: <T>(sql: string, params?: SqlParam[]) => withEngine(ref, (e) => e.db.query<T>(sql, params)),
    exec: (sql: string) => withEngine(ref, (e) => e.db.exec(sql)),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => withEngine(ref, (e) => e.db.transaction(fn)),
    async close() {},
  }
}

/** Runs `fn` on a private session of the project's database (see `Engine.session`). */
export function withProjectSession<T>(ref: string, fn: (session: ProjectSession) => Promise<T>, options?: SessionOptions): Promise<T> {
  return withEngine(ref, (engine) => engine.session(fn, options))
}
