import pg from 'pg'
import { getStore } from '../db/store'
import { fromPg, StatementTimeoutError, type Ahead, type Prepared, type RequestPool, type RequestQuery, type SessionOptions } from './engines'
import { paramText } from './member-sql'
import { runBatch, type BatchStatement } from './pg-batch'

/**
 * The project API's requests on a Postgres server: a pool of connections as the project's `_api`
 * login role (server-databases.ts `apiLoginRoleSql`), which holds no rights and takes on the
 * request's role with `SET LOCAL ROLE`, as PostgREST's authenticator does. A request is one
 * transaction: its opening (BEGIN, the role, the claims and a catalogue read) in one round trip,
 * its platform-written statements with parameters, and COMMIT. Nothing of a request outlives it:
 * the role and claims are local to the transaction, and `RESET ALL` at the start undoes settings
 * an earlier request's code made for the session. On PGlite, whose session is the superuser, the
 * requests go through the jail instead (request-role.ts).
 */

/** Cancels a backend's running statement from the platform's own connection when the caller leaves or the time is up. */
export function watchBackend(pid: number | undefined, options: SessionOptions) {
  const { signal, timeoutMs } = options
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
  return {
    /** Runs `run`, turning the cancel of a timeout into a StatementTimeoutError. */
    async timed<T>(run: () => Promise<T>): Promise<T> {
      try {
        return await run()
      } catch (error) {
        if (timedOut && (error as { code?: string }).code === '57014') throw new StatementTimeoutError(timeoutMs!)
        throw error
      }
    },
    dispose() {
      signal?.removeEventListener('abort', cancel)
      if (timer) clearTimeout(timer)
    },
  }
}

type Types = { getTypeParser: typeof pg.types.getTypeParser }

/** The request's opening: settings of earlier requests undone, then its role (`SET LOCAL ROLE`) and claims for this transaction. */
const RESET: BatchStatement = { text: 'reset all', values: [], key: '' }
const CLAIMS_SQL = `select from pg_catalog.set_config('role', $1, true) as r, pg_catalog.set_config('request.jwt.claims', $2, true) as c,
  pg_catalog.set_config('request.jwt.claim.sub', $3, true) as s, pg_catalog.set_config('request.jwt.claim.role', $1, true) as l`
const BEGIN: BatchStatement = { text: 'begin', values: [], key: '' }
const COMMIT: BatchStatement = { text: 'commit', values: [], key: '' }

/** A statement of the request as a batch's: parameters as text; prepared when it has a key or a name. */
const toBatch = (statement: Prepared): BatchStatement => ({
  text: statement.text,
  values: statement.params.map((p) => paramText(p, null)),
  key: statement.key ?? (statement.name === undefined ? undefined : ''),
})

const ended: RequestQuery = async () => {
  throw new Error('The request has ended: its statement was sent ahead')
}

export function openRequestPool(connectionString: string, max: number, types: Types): RequestPool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'dashboard-project-api',
    pipeline: true,
  } as pg.PoolConfig)
  pool.on('error', () => {}) // an idle client's error (server restart) must not crash the process
  return {
    async run(request, { first, ahead }, fn, options = {}) {
      const client = await pool.connect()
      const watch = watchBackend((client as pg.PoolClient & { processID?: number }).processID, options)
      const opening = [RESET, { text: CLAIMS_SQL, values: [request.role, request.claims, request.sub], key: '' }]
      const firsts = first ? [toBatch(first)] : []
      let inTransaction = false
      let broken: Error | undefined
      try {
        return await watch.timed(async () => {
          if (ahead) {
            // One batch, one implicit transaction that Postgres commits at its Sync (a read: nothing to undo if it was stale).
            const statements = [...opening, ...firsts, toBatch(ahead)]
            const { results, error } = await runBatch(client, statements, types)
            const aheadAt = statements.length - 1
            if (error && results.length < aheadAt) throw error
            const outcome: Ahead = error ? { error } : { result: fromPg(results[aheadAt]) }
            return await fn(first ? fromPg(results[opening.length]) : null, ended, outcome)
          }
          inTransaction = true
          const { results, error } = await runBatch(client, [BEGIN, ...opening, ...firsts], types)
          if (error) throw error
          const query: RequestQuery = async (sql, params = [], queryOptions) => {
            if (!inTransaction) return ended(sql)
            const statement = toBatch({ text: sql, params, key: queryOptions?.key })
            const final = queryOptions?.final === true
            const outcome = await runBatch(client, final ? [statement, COMMIT] : [statement], types)
            if (outcome.error) throw outcome.error
            if (final) inTransaction = false
            return fromPg(outcome.results[0])
          }
          const value = await fn(first ? fromPg(results[1 + opening.length]) : null, query, null)
          if (inTransaction) {
            const { error: commitError } = await runBatch(client, [COMMIT], types)
            if (commitError) throw commitError
            inTransaction = false
          }
          return value
        })
      } catch (error) {
        if ((error as { code?: string }).code === '26000') broken = error as Error // a prepared statement went missing
        // After a failed statement the transaction is aborted (a failed COMMIT has ended it: ROLLBACK then only warns).
        if (inTransaction) await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
        throw error
      } finally {
        watch.dispose()
        client.release(broken) // a connection that could not roll back is destroyed, not reused
      }
    },
    close: () => pool.end(),
  }
}
