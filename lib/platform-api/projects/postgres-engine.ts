import pg from 'pg'
import { pgPoolDb } from '../db/pg-db'
import { getStore } from '../db/store'
import {
  COMMIT_AND_RESET_SQL,
  RESULT_PARSERS,
  STATEMENT_TIMEOUT_MS,
  StatementTimeoutError,
  type Described,
  type Engine,
  type ProjectSession,
  type RawResult,
} from './engines'

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RESULT_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

function fromPg(r: pg.QueryResult): RawResult {
  return {
    command: r.command ?? null,
    rowCount: r.rowCount ?? null,
    rows: r.rows,
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  }
}

/** Parse + Describe of one statement on a pg client, as a submittable query (nothing runs). */
class DescribeStatement {
  private paramTypes: number[] = []
  private fields: Described['fields'] = []
  private onParams = (msg: { dataTypeIDs: number[] }) => {
    this.paramTypes = msg.dataTypeIDs
  }
  private connection: { removeListener(event: string, fn: unknown): void } | null = null
  readonly done: Promise<Described>
  private settle!: { resolve: (d: Described) => void; reject: (e: unknown) => void }
  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject }
    })
  }
  submit(connection: {
    parse(m: { text: string; name: string; types: number[] }): void
    describe(m: { type: 'S'; name: string }): void
    sync(): void
    on(event: string, fn: unknown): void
    removeListener(event: string, fn: unknown): void
  }) {
    this.connection = connection
    connection.on('parameterDescription', this.onParams)
    connection.parse({ text: this.text, name: '', types: [] })
    connection.describe({ type: 'S', name: '' })
    connection.sync()
    return null
  }
  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }) {
    this.fields = msg.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
  }
  handleParseComplete() {}
  handleError(error: unknown) {
    this.connection?.removeListener('parameterDescription', this.onParams)
    this.settle.reject(error)
  }
  handleReadyForQuery() {
    this.connection?.removeListener('parameterDescription', this.onParams)
    this.settle.resolve({ paramTypes: this.paramTypes, fields: this.fields })
  }
}

/** A small pool on one database of a Postgres server; it checks that the database answers. */
export async function openPostgresEngine(connectionString: string, options_: { max?: number } = {}): Promise<Engine> {
  const pool = new pg.Pool({
    connectionString,
    max: options_.max ?? 3,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'dashboard-platform',
  })
  pool.on('error', () => {}) // an idle client's error (server restart) must not crash the process
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
  const db = pgPoolDb(pool, async () => {})
  return {
    kind: 'postgres',
    db,
    async session(fn, options = {}) {
      const { signal, timeoutMs } = options
      const client = await pool.connect()
      // pg_cancel_backend stops what this connection runs (the caller left, or its time is up).
      // It is sent from the platform's own connection: a member may have changed anything of
      // its own session (statement_timeout included), but not that.
      const pid = (client as pg.PoolClient & { processID?: number }).processID
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
      const timed = async <T>(run: () => Promise<T>): Promise<T> => {
        try {
          return await run()
        } catch (error) {
          if (timedOut && (error as { code?: string }).code === '57014') throw new StatementTimeoutError(timeoutMs!)
          throw error
        }
      }
      let clean = false // reset by commitAndReset, and not used since
      const used = <T>(run: () => Promise<T>) => {
        clean = false
        return timed(run)
      }
      const session: ProjectSession = {
        simple: (sql) =>
          used(async () => {
            const r = (await client.query({ text: sql, types: pgTypes })) as pg.QueryResult | pg.QueryResult[]
            return (Array.isArray(r) ? r : [r]).map(fromPg)
          }),
        extended: (sql, params) =>
          used(async () => {
            const config = { text: sql, values: params, types: pgTypes, queryMode: 'extended' }
            return fromPg(await client.query(config as pg.QueryConfig))
          }),
        describe: (sql) =>
          used(async () => {
            const describe = new DescribeStatement(sql)
            void client.query(describe as unknown as pg.QueryConfig).catch?.(() => {})
            return describe.done
          }),
        commitAndReset: () =>
          used(async () => {
            await client.query(COMMIT_AND_RESET_SQL)
            clean = true
          }),
      }
      let broken: Error | undefined
      try {
        return await fn(session)
      } finally {
        try {
          if (!clean || client.getTransactionStatus() !== 'I') {
            if (client.getTransactionStatus() !== 'I') await client.query('rollback')
            await client.query('discard all')
          }
        } catch (error) {
          broken = error as Error
        }
        signal?.removeEventListener('abort', cancel)
        if (timer) clearTimeout(timer)
        client.release(broken) // a connection we could not reset is destroyed, not reused
      }
    },
    async close() {
      await pool.end()
    },
  }
}
