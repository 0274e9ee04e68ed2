import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { pgPoolDb } from '../db/pg-db'
import { openRequestPool, watchBackend } from './api-requests'
import {
  COMMIT_AND_RESET_SQL,
  RESULT_PARSERS,
  STATEMENT_TIMEOUT_MS,
  type Described,
  type Engine,
  type ProjectSession,
  fromPg,
} from './engines'

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RESULT_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
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

/**
 * A small pool on one database of a Postgres server; it checks that the database answers. With
 * `apiUrl`, a second pool of that size serves the project API's requests (api-requests.ts). With
 * `adminUrl` (the platform's privileged role on the same database), a pool of at most two
 * connections, opened on first use, runs `privileged` statements: the role the pool connects as
 * holds no grant on any privileged function (jail.ts).
 */
export async function openPostgresEngine(connectionString: string, options_: { max?: number; apiUrl?: string; adminUrl?: string } = {}): Promise<Engine> {
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
  const requests = options_.apiUrl ? openRequestPool(options_.apiUrl, options_.max ?? 3, pgTypes) : undefined
  let admin: pg.Pool | null = null
  const adminPool = () => {
    if (!options_.adminUrl) throw new Error('This database has no privileged connection')
    if (!admin) {
      admin = new pg.Pool({ connectionString: options_.adminUrl, max: 2, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 10_000, statement_timeout: STATEMENT_TIMEOUT_MS, application_name: 'dashboard-platform' })
      admin.on('error', () => {})
    }
    return admin
  }
  return {
    kind: 'postgres',
    db,
    requests,
    async session(fn, options = {}) {
      const client = await pool.connect()
      const watch = watchBackend((client as pg.PoolClient & { processID?: number }).processID, options)
      const timed = watch.timed
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
        privilegedOwnTransaction: true,
        copyIn: (target, options, chunks) => used(() => copyInStream(client, `copy ${target} from stdin with (${options})`, chunks)),
        copyOutWhole: false,
        copyOut: (query, options) => {
          clean = false
          return client.query(copyTo(`copy (${query}) to stdout with (${options})`))
        },
        privileged: (sql) =>
          used(async () => {
            await adminPool().query(sql)
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
        await watch.settle()
        try {
          if (!clean || client.getTransactionStatus() !== 'I') {
            if (client.getTransactionStatus() !== 'I') await client.query('rollback')
            await client.query('discard all')
          }
        } catch (error) {
          broken = error as Error
        }
        client.release(broken) // a connection we could not reset is destroyed, not reused
      }
    },
    async privilegedRows(sql, params = []) {
      return (await adminPool().query({ text: sql, values: params, types: pgTypes })).rows as Record<string, unknown>[]
    },
    async close() {
      await Promise.all([pool.end(), requests?.close(), (admin as pg.Pool | null)?.end()])
    },
  }
}

/** One COPY FROM STDIN fed from `chunks` with backpressure; a failing source cancels it (CopyFail). */
async function copyInStream(client: pg.PoolClient, sql: string, chunks: AsyncIterable<Uint8Array>): Promise<number> {
  const stream = client.query(copyFrom(sql))
  let failed: unknown = null
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve)
    stream.on('error', (error) => {
      failed = error
      reject(error)
    })
  })
  done.catch(() => {})
  try {
    for await (const chunk of chunks) {
      if (failed) break
      if (!stream.write(chunk)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done])
    }
    if (!failed) stream.end()
  } catch (error) {
    stream.destroy(error as Error)
    await done.catch(() => {})
    throw error
  }
  await done
  return stream.rowCount
}
