import pg from 'pg'

/**
 * Several statements answered by one Sync: Parse (once per connection), Bind, Describe and
 * Execute for each, then a single Sync, written at once. Postgres runs them in order and sends
 * everything back with one ReadyForQuery, so a batch costs one write each way, and Postgres one
 * flush, however many statements it holds. Without a BEGIN among them, the statements of a batch
 * are one (implicit) transaction that Postgres commits at the Sync, or rolls back on an error;
 * after an error it skips the rest up to the Sync.
 *
 * A batch is a pg Query (pg's extension point for queries that write their own messages), so it
 * queues with the client's other queries, also in pipeline mode; pg already collects the result of
 * each statement (as it does for a simple query of several statements).
 */

export type BatchStatement = {
  text: string
  values: (string | null)[]
  /** Prepared once per connection, by text (and `key`, what else its plan depends on); unnamed without. */
  key?: string
}

/** What a batch came to: the results of the statements that completed, and the error that stopped the rest. */
export type BatchOutcome = { results: pg.QueryResult[]; error?: Error & { code?: string } }

type Connection = {
  stream: { cork(): void; uncork(): void }
  parse(query: { text: string; name: string; types: number[] }): void
  bind(config: { statement: string; values: (string | null)[] }): void
  describe(message: { type: 'P'; name: string }): void
  execute(config?: object): void
  close(message: { type: 'S'; name: string }): void
  sync(): void
}

/**
 * The statements a connection has prepared, by key and text (least recently used first): a
 * statement met again skips Postgres' parse and plan. At most STATEMENTS_PER_CONNECTION stay; the
 * oldest is closed. A statement whose Parse a failed batch may have skipped is forgotten and closed
 * with the next batch (closing a name Postgres does not know is no error). Names are never reused.
 */
const STATEMENTS_PER_CONNECTION = 100
type Named = { names: Map<string, string>; next: number; toClose: string[] }
const named = new WeakMap<object, Named>()

function namesOf(connection: object): Named {
  let n = named.get(connection)
  if (!n) named.set(connection, (n = { names: new Map(), next: 0, toClose: [] }))
  return n
}

type QueryInternals = {
  callback?: (error: Error | null, results?: unknown) => void
  _results: pg.QueryResult | pg.QueryResult[]
}
const Query = pg.Query as unknown as new (config: { text: string; types?: unknown }) => QueryInternals

class Batch extends Query {
  /** Statements this batch parses first: if it fails, they may not exist. */
  readonly parsed: { id: string; name: string }[] = []

  constructor(
    readonly statements: BatchStatement[],
    types: unknown,
    private readonly coalesce: boolean
  ) {
    super({ text: statements.map((s) => s.text).join(';\n'), types })
  }

  requiresPreparation() {
    return true
  }

  submit(connection: Connection): null {
    const names = namesOf(connection)
    if (this.coalesce) corkUntilImmediate(connection.stream)
    connection.stream.cork()
    try {
      for (const name of names.toClose.splice(0)) connection.close({ type: 'S', name })
      for (const statement of this.statements) {
        const [name, fresh] = statement.key === undefined ? ['', true] : this.nameFor(names, `${statement.key}\u0000${statement.text}`)
        if (fresh) connection.parse({ text: statement.text, name, types: [] })
        connection.bind({ statement: name, values: statement.values })
        connection.describe({ type: 'P', name: '' })
        connection.execute()
      }
      connection.sync()
    } finally {
      connection.stream.uncork()
    }
    return null
  }

  /** The statement's name on this connection, and whether it is new (to parse; noted in `parsed`). */
  private nameFor(names: Named, id: string): [string, boolean] {
    const known = names.names.get(id)
    if (known) {
      names.names.delete(id)
      names.names.set(id, known)
      return [known, false]
    }
    if (names.names.size >= STATEMENTS_PER_CONNECTION) {
      const [oldest, oldName] = names.names.entries().next().value as [string, string]
      names.names.delete(oldest)
      names.toClose.push(oldName)
    }
    const name = `dashboard_request_${names.next++}`
    names.names.set(id, name)
    this.parsed.push({ id, name })
    return [name, true]
  }

  /** After a failure: the statements this batch introduced are forgotten and closed with the next batch. */
  forgetParsed(connection: object) {
    const names = namesOf(connection)
    for (const { id, name } of this.parsed) {
      if (names.names.get(id) === name) names.names.delete(id)
      names.toClose.push(name)
    }
  }
}

/**
 * Holds a socket's writes until the event loop's check phase: the batches of every request that
 * came in the same turn go out in one write (a write to Postgres costs a system call and, often,
 * a switch to the Postgres process).
 */
const corked = new WeakSet<object>()
function corkUntilImmediate(stream: Connection['stream']): void {
  if (corked.has(stream)) return
  corked.add(stream)
  stream.cork()
  setImmediate(() => {
    corked.delete(stream)
    stream.uncork()
  })
}

/** The results pg collected so far: one per completed statement (a statement under way has no command yet). */
function completed(results: pg.QueryResult | pg.QueryResult[]): pg.QueryResult[] {
  return (Array.isArray(results) ? results : [results]).filter((r) => r.command !== null)
}

type ClientInternals = { connection: object }

/**
 * Runs `statements` as one batch on `client`; never rejects: a failure is in the outcome, with
 * what completed before it. `coalesce`: written with the other batches of this turn of the event
 * loop (a connection shared by requests, in pipeline mode).
 */
export function runBatch(client: pg.ClientBase, statements: BatchStatement[], types: unknown, coalesce = false): Promise<BatchOutcome> {
  return new Promise((resolve) => {
    const batch = new Batch(statements, types, coalesce)
    batch.callback = (error) => {
      const results = completed(batch._results)
      if (!error) return resolve({ results })
      batch.forgetParsed((client as unknown as ClientInternals).connection)
      resolve({ results, error })
    }
    client.query(batch as unknown as pg.Submittable)
  })
}
