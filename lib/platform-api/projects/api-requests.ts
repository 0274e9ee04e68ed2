import pg from 'pg'
import { getStore } from '../db/store'
import { fromPg, StatementTimeoutError, type Ahead, type Prepared, type RequestPool, type RequestQuery, type SessionOptions } from './engines'
import { paramText } from './member-sql'

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
type Stream = { cork(): void; uncork(): void }

/**
 * Sends the statements `issue` starts in one write: with the client in pipeline mode they go out
 * without waiting for each other's answers. A write to Postgres is the costliest thing a request
 * does here (a system call and a wake-up of the server process), so a request makes two.
 */
function together<T>(client: pg.PoolClient, issue: () => T): T {
  const { stream } = connectionOf(client)
  stream.cork()
  try {
    return issue()
  } finally {
    stream.uncork()
  }
}

/**
 * The request statements a connection has prepared, by key and text (least recently used first):
 * a statement met again skips Postgres' parse and plan. At most STATEMENTS_PER_CONNECTION stay;
 * the oldest is deallocated. Names are never reused, so a statement that code of the project
 * deallocated (26000 on use) only costs that connection, which is then dropped.
 */
const STATEMENTS_PER_CONNECTION = 100
type Named = { names: Map<string, string>; next: number }
const prepared = new WeakMap<pg.PoolClient, Named>()
type PgConnection = { stream: Stream; parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> }
/** pg's connection under a client: its socket, and the names of the statements it has prepared. */
const connectionOf = (client: pg.PoolClient) => (client as unknown as { connection: PgConnection }).connection

function statementName(client: pg.PoolClient, text: string): string {
  let named = prepared.get(client)
  if (!named) prepared.set(client, (named = { names: new Map(), next: 0 }))
  const known = named.names.get(text)
  if (known) {
    named.names.delete(text)
    named.names.set(text, known)
    return known
  }
  if (named.names.size >= STATEMENTS_PER_CONNECTION) {
    const [oldest, oldName] = named.names.entries().next().value as [string, string]
    named.names.delete(oldest)
    client.query(`deallocate ${oldName}`).catch(() => {})
    const connection = connectionOf(client)
    delete connection.parsedStatements[oldName]
    delete connection.submittedNamedStatements[oldName]
  }
  const name = `dashboard_request_${named.next++}`
  named.names.set(text, name)
  return name
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
  const extended = (client: pg.PoolClient, statement: Prepared) =>
    client.query({
      text: statement.text,
      name: statement.name ?? (statement.key === undefined ? undefined : statementName(client, `${statement.key}\u0000${statement.text}`)),
      values: statement.params.map((p) => paramText(p, null)),
      types,
      queryMode: 'extended',
    } as pg.QueryConfig)
  return {
    async run(opening, statements, fn, options = {}) {
      const client = await pool.connect()
      const watch = watchBackend((client as pg.PoolClient & { processID?: number }).processID, options)
      let broken: Error | undefined
      let open = true
      try {
        return await watch.timed(async () => {
          const { first, ahead } = statements
          const [opened, read, early, earlyCommit] = together(client, () => [
            client.query({ text: opening, types }),
            first ? extended(client, first) : null,
            ahead ? extended(client, ahead) : null,
            ahead ? client.query('commit') : null,
          ] as const)
          for (const pending of [read, early, earlyCommit]) pending?.catch(() => {}) // their errors are read below, or the opening's comes first
          await opened
          const readRows = read ? fromPg(await read) : null
          let aheadOutcome: Ahead | null = null
          if (early) {
            aheadOutcome = await early.then((r) => ({ result: fromPg(r) }), (error: unknown) => ({ error }))
            await earlyCommit
            open = false
          }
          const query: RequestQuery = async (sql, params = [], queryOptions) => {
            if (!open) throw new Error('The request has ended: its statement was sent ahead')
            const statement = { text: sql, params, key: queryOptions?.key }
            if (!queryOptions?.final) return fromPg(await extended(client, statement))
            const [result, commit] = together(client, () => [extended(client, statement), client.query('commit')] as const)
            commit.catch(() => {}) // after a failed statement COMMIT rolls back; the statement's error is the answer
            const value = fromPg(await result)
            await commit
            open = false
            return value
          }
          const value = await fn(readRows, query, aheadOutcome)
          if (open) await client.query('commit')
          open = false
          return value
        })
      } catch (error) {
        if ((error as { code?: string }).code === '26000') broken = error as Error // a prepared statement went missing
        try {
          if (client.getTransactionStatus() !== 'I') await client.query('rollback')
        } catch (rollbackError) {
          broken = rollbackError as Error
        }
        throw error
      } finally {
        watch.dispose()
        client.release(broken) // a connection that could not roll back is destroyed, not reused
      }
    },
    close: () => pool.end(),
  }
}
