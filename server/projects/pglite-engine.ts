import { wrap } from '../db/pglite-db'
import { openPgliteWorker, StatementTimeoutError as WorkerStatementTimeoutError } from '../db/pglite-worker-client'
import { COMMIT_AND_RESET_SQL, fromPglite, REQUEST_END_SQL, REQUEST_END_STATEMENTS, RESULT_PARSER_SPEC, StatementTimeoutError, type Engine, type ProjectSession } from './engines'
import { quoteIdent } from './jail'
import { pglitePostgresqlConf } from './pglite-extensions'
import { tripLine } from './pglite-trips'

export type PgliteEngineOptions = {
  /** Channels to LISTEN on for as long as the engine is open, and where their notifications go. */
  listen?: { channels: string[]; onNotification: (channel: string, payload: string) => void }
  /** Shared buffers (pglitePostgresqlConf; default DEFAULT_PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number
}

/**
 * Opens a PGlite directory (creating the cluster when the directory is empty) in its own worker
 * thread, so its statements never hold up the HTTP server, and a statement past its timeout is
 * ended by ending the worker (PGlite cannot interrupt a statement); the next call reopens it.
 */
export async function openPgliteEngine(dir: string, options: PgliteEngineOptions = {}): Promise<Engine> {
  const channels = options.listen?.channels ?? []
  const client = await openPgliteWorker({
    dataDir: dir,
    contrib: true,
    postgresqlconf: [pglitePostgresqlConf(dir, options.sharedBuffersMb)],
    name: `project ${dir}`,
    listen: channels,
    onNotification: options.listen?.onNotification,
  })
  // PGlite has one session: its users' resets (UNLISTEN *, DISCARD ALL) would end the engine's
  // LISTEN, so each reset is followed by it again, in the same round trip where the reset commits
  // a transaction (a notification is delivered once its query ends: still listening by then).
  const relisten = channels.map((channel) => `listen ${quoteIdent(channel)}`).join('; ')
  const commitAndReset = relisten ? `${COMMIT_AND_RESET_SQL}; ${relisten}` : COMMIT_AND_RESET_SQL
  const requestEnd = relisten ? `${REQUEST_END_SQL}; ${relisten}` : REQUEST_END_SQL
  // After an error in a request sent whole: what the end of an exclusive session does (below).
  const recover = ['rollback', 'discard all', ...(relisten ? [relisten] : [])]
  return {
    kind: 'pglite',
    db: wrap(client, client),
    requestTrip: tripLine(client, requestEnd, REQUEST_END_STATEMENTS + channels.length, recover),
    session: (fn, options = {}) =>
      client.exclusive(async (conn) => {
        const deadline = options.timeoutMs ? Date.now() + options.timeoutMs : null
        const call = () => {
          if (options.signal?.aborted) throw Object.assign(new Error('canceling statement due to user request'), { code: '57014', severity: 'ERROR' })
          if (deadline === null) return { parsers: RESULT_PARSER_SPEC }
          const left = deadline - Date.now()
          if (left <= 0) throw new StatementTimeoutError(options.timeoutMs!)
          return { parsers: RESULT_PARSER_SPEC, timeoutMs: left }
        }
        const timed = async <T>(run: () => Promise<T>): Promise<T> => {
          try {
            return await run()
          } catch (error) {
            if (error instanceof WorkerStatementTimeoutError) throw new StatementTimeoutError(options.timeoutMs ?? 0)
            throw error
          }
        }
        let clean = false // reset by commitAndReset, and not used since
        const used = <T>(run: () => Promise<T>) => {
          clean = false
          return timed(run)
        }
        const session: ProjectSession = {
          simple: (sql) => used(async () => (await conn.exec(sql, call())).map(fromPglite)),
          extended: (sql, params) => used(async () => fromPglite(await conn.query(sql, params, call()))),
          describe: (sql) =>
            used(async () => {
              const d = await conn.describeQuery(sql, call())
              return { paramTypes: d.queryParams.map((p) => p.dataTypeID), fields: d.resultFields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) }
            }),
          privilegedOwnTransaction: false,
          copyIn: (target, options, chunks) =>
            used(async () => {
              let rows = 0
              for await (const chunk of chunks) {
                try {
                  rows += await conn.copyFrom(`copy ${target} from '/dev/blob' with (${options})`, chunk, call())
                } catch (error) {
                  throw Object.assign(error as object, { chunkRecord: rows })
                }
              }
              return rows
            }),
          copyOutWhole: true,
          copyOut: (query, options) => {
            clean = false
            return (async function* () {
              yield await timed(() => conn.copyTo(`copy (${query}) to '/dev/blob' with (${options})`, call()))
            })()
          },
          privileged: (sql) =>
            used(async () => {
              await conn.exec(sql, call())
            }),
          commitAndReset: () =>
            used(async () => {
              await conn.exec(commitAndReset, call())
              clean = true
            }),
        }
        try {
          return await fn(session)
        } finally {
          try {
            if (!clean) {
              if (await conn.isInTransaction()) await conn.exec('rollback')
              await conn.exec('discard all')
              if (relisten) await conn.exec(relisten)
            }
          } catch {
            // the worker was ended (timeout): the next call starts a fresh one, with no session state
          }
        }
      }),
    wire: (fn) =>
      client.exclusive(async (conn) => {
        const result = await fn((bytes, timeoutMs) => conn.protocol(bytes, { timeoutMs }))
        if (relisten) await conn.exec(relisten).catch(() => {}) // the turn ended with DISCARD ALL (wire/connection.ts)
        return result
      }),
    async close() {
      if (!client.closed) await client.close()
    },
  }
}
