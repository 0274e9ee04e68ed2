import pg from 'pg'
import { getStore } from '../db/store'
import { fromPg, StatementTimeoutError, type Ahead, type Prepared, type RawResult, type RequestPool, type RequestQuery, type SessionOptions } from './engines'
import { paramText } from './member-sql'
import { runBatch, type BatchStatement } from './pg-batch'

/**
 * The project API's requests on a Postgres server: a pool of connections as the project's `_api`
 * login role (server-databases.ts `apiLoginRoleSql`), which holds no rights and takes on the
 * request's role with `SET LOCAL ROLE`, as PostgREST's authenticator does. A request is one
 * transaction: its opening (BEGIN, the role, the claims and a catalogue read) in one round trip,
 * its platform-written statements with parameters, and COMMIT. Nothing of a request outlives it:
 * the role and claims are local to the transaction, and `RESET ALL` at the start undoes settings
 * an earlier request's code made for the session. A request that is one batch (a read sent ahead)
 * runs on a connection shared with other requests (SHARED_CONNECTIONS below), bounded by the
 * `statement_timeout` its opening sets rather than by a cancel. On PGlite, whose session is the
 * superuser, the requests go through the jail instead (request-role.ts).
 */

/**
 * Cancels a backend's running statement from the platform's own connection when the caller leaves
 * or the time is up. A cancel is a signal that lands whenever it arrives: one sent as the statement
 * was ending would cancel the next request's statement on that connection, so `settle` waits for
 * it to land before the connection is rolled back or goes back to the pool (a cancel that finds the
 * backend idle is ignored by Postgres).
 */
export function watchBackend(pid: number | undefined, options: SessionOptions) {
  const { signal, timeoutMs } = options
  let timedOut = false
  let cancelling: Promise<unknown> | null = null
  const cancel = () => {
    if (!pid || cancelling) return
    cancelling = getStore()
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
    /** Stops watching, and waits for a cancel already sent to land. */
    async settle() {
      signal?.removeEventListener('abort', cancel)
      if (timer) clearTimeout(timer)
      await cancelling
    },
  }
}

type Types = { getTypeParser: typeof pg.types.getTypeParser }

/** The request's opening: settings of earlier requests undone, then its role (`SET LOCAL ROLE`) and claims for this transaction. */
const RESET: BatchStatement = { text: 'reset all', values: [], key: '' }
const CLAIMS_SQL = `select from pg_catalog.set_config('role', $1, true) as r, pg_catalog.set_config('request.jwt.claims', $2, true) as c,
  pg_catalog.set_config('request.jwt.claim.sub', $3, true) as s, pg_catalog.set_config('request.jwt.claim.role', $1, true) as l,
  pg_catalog.set_config('statement_timeout', $4, true) as t`
const BEGIN: BatchStatement = { text: 'begin', values: [], key: '' }
const COMMIT: BatchStatement = { text: 'commit', values: [], key: '' }
const ROLLBACK: BatchStatement = { text: 'rollback', values: [], key: '' }

/** A statement of the request as a batch's: parameters as text; prepared when it has a key. */
const toBatch = (statement: Prepared): BatchStatement => ({
  text: statement.text,
  values: statement.params.map((p) => paramText(p, null)),
  key: statement.key,
})

const ended: RequestQuery = async () => {
  throw new Error('The request has ended: its statement was sent ahead')
}

/**
 * Connections shared by requests whose whole transaction is one batch (a read sent ahead): in
 * pipeline mode, the batches of many requests follow each other on them, and those of one turn of
 * the event loop go out in one write. Against a pooled connection per request this spares most
 * writes and wake-ups on both sides (bench/project-api.mjs). Each batch is still its own
 * transaction, opened with RESET ALL and its own role and claims. A slow statement delays the
 * batches behind it: a request goes to the shared connection with the fewest batches under way
 * among those whose oldest batch is younger than SHARED_SLOW_MS, and to the pool when none is.
 */
const SHARED_CONNECTIONS = 2
export const SHARED_SLOW_MS = 100

/** A shared connection and the start times of its batches under way (oldest first: a pipeline answers in order). */
type Shared = { client: Promise<pg.Client> | null; started: number[] }

/** The shared connection for the next batch, or null when each is held up by a slow one. */
function sharedFor(shared: Shared[]): Shared | null {
  const now = performance.now()
  let best: Shared | null = null
  for (const slot of shared) {
    if (slot.started.length > 0 && now - slot.started[0] > SHARED_SLOW_MS) continue
    if (!best || slot.started.length < best.started.length) best = slot
  }
  return best
}

/** A statement past the time Postgres was given (`statement_timeout`, set per transaction) or the watcher's. */
function timeoutError(error: unknown, timeoutMs: number | undefined): unknown {
  const e = error as { code?: string; message?: string }
  return timeoutMs && e?.code === '57014' && /statement timeout/.test(e.message ?? '') ? new StatementTimeoutError(timeoutMs) : error
}

export function openRequestPool(connectionString: string, max: number, types: Types): RequestPool {
  const config = {
    connectionString,
    connectionTimeoutMillis: 10_000,
    application_name: 'dashboard-project-api',
    pipeline: true,
  }
  const pool = new pg.Pool({ ...config, max, idleTimeoutMillis: 10_000 } as pg.PoolConfig)
  pool.on('error', () => {}) // an idle client's error (server restart) must not crash the process
  const shared: Shared[] = Array.from({ length: SHARED_CONNECTIONS }, () => ({ client: null, started: [] }))
  const connectShared = (slot: Shared): Promise<pg.Client> => {
    if (slot.client) return slot.client
    const client = new pg.Client(config as pg.ClientConfig)
    const drop = () => {
      if (slot.client === opened) slot.client = null
    }
    client.on('error', drop) // a lost connection is opened again by the next request
    client.on('end', drop)
    const opened: Promise<pg.Client> = client.connect().then(
      () => client,
      (error: unknown) => {
        drop()
        throw error
      }
    )
    slot.client = opened
    return opened
  }

  /** The whole request as one batch (an implicit transaction Postgres commits at its Sync), on a pooled client or a shared connection. */
  async function runAhead<T>(
    on: { client: pg.ClientBase } | { slot: Shared },
    statements: BatchStatement[],
    hasFirst: boolean,
    fn: (first: RawResult | null, query: RequestQuery, ahead: Ahead | null) => Promise<T>,
    timeoutMs: number | undefined
  ): Promise<T> {
    let outcome: Awaited<ReturnType<typeof runBatch>>
    if ('client' in on) outcome = await runBatch(on.client, statements, types)
    else {
      const { slot } = on
      slot.started.push(performance.now())
      try {
        const sharedClient = await connectShared(slot)
        outcome = await runBatch(sharedClient, statements, types, true)
        if (outcome.error && (outcome.error as { code?: string }).code === '26000') void sharedClient.end().catch(() => {}) // a prepared statement went missing
      } finally {
        slot.started.shift()
      }
    }
    const { results, error } = outcome
    const aheadAt = statements.length - 1
    if (error && results.length < aheadAt) throw timeoutError(error, timeoutMs)
    const ahead: Ahead = error ? { error: timeoutError(error, timeoutMs) } : { result: fromPg(results[aheadAt]) }
    return fn(hasFirst ? fromPg(results[aheadAt - 1]) : null, ended, ahead)
  }

  return {
    async run(request, { first, ahead }, fn, options = {}) {
      const timeout = String(options.timeoutMs ?? 0)
      const opening = [RESET, { text: CLAIMS_SQL, values: [request.role, request.claims, request.sub, timeout], key: '' }]
      const firsts = first ? [toBatch(first)] : []
      // A read sent ahead is the whole request in one batch: on a shared connection, unless each is held up (its statement timeout is Postgres', set above).
      const aheadBatch = ahead && !options.rollback ? [...opening, ...firsts, toBatch(ahead)] : null
      const slot = aheadBatch ? sharedFor(shared) : null
      if (aheadBatch && slot) return runAhead({ slot }, aheadBatch, first !== null, fn, options.timeoutMs)
      const client = await pool.connect()
      const watch = watchBackend((client as pg.PoolClient & { processID?: number }).processID, options)
      let inTransaction = false
      let broken: Error | undefined
      try {
        return await watch.timed(async () => {
          if (aheadBatch) return await runAhead({ client }, aheadBatch, first !== null, fn, options.timeoutMs)
          inTransaction = true
          const { results, error } = await runBatch(client, [BEGIN, ...opening, ...firsts], types)
          if (error) throw error
          const query: RequestQuery = async (sql, params = [], queryOptions) => {
            if (!inTransaction) return ended(sql)
            const statement = toBatch({ text: sql, params, key: queryOptions?.key })
            const final = queryOptions?.final === true && !options.rollback
            const outcome = await runBatch(client, final ? [statement, COMMIT] : [statement], types)
            if (outcome.error) throw outcome.error
            if (final) inTransaction = false
            return fromPg(outcome.results[0])
          }
          const value = await fn(first ? fromPg(results[1 + opening.length]) : null, query, null)
          if (inTransaction) {
            const { error: commitError } = await runBatch(client, [options.rollback ? ROLLBACK : COMMIT], types)
            if (commitError) throw commitError
            inTransaction = false
          }
          return value
        })
      } catch (error) {
        if ((error as { code?: string }).code === '26000') broken = error as Error // a prepared statement went missing
        await watch.settle()
        // After a failed statement the transaction is aborted (a failed COMMIT has ended it: ROLLBACK then only warns).
        if (inTransaction) await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
        throw timeoutError(error, options.timeoutMs)
      } finally {
        await watch.settle()
        client.release(broken) // a connection that could not roll back is destroyed, not reused
      }
    },
    async close() {
      await Promise.all([
        pool.end(),
        ...shared.map(async (slot) => {
          const client = await slot.client?.catch(() => null)
          slot.client = null
          await client?.end().catch(() => {})
        }),
      ])
    },
  }
}
