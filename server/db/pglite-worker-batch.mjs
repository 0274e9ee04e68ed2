// The worker's `execBatch` op (see pglite-worker.mjs): one simple query holding several requests
// of a project's API, each a whole transaction (projects/pglite-trips.ts). Unlike `exec`, an
// error does not lose what ran before it: the answer is every statement's result up to the first
// error, and that error. Postgres skips the rest of a simple query after an error, and leaves the
// session in the failed transaction: `recover` (statements run one by one, their errors ignored)
// makes it clean again before anything else reaches PGlite.
//   { id, op: 'execBatch', sql, recover: string[], options }  -> { results: Results[], error: SerializedError | null }
// Plain ESM JavaScript, loaded by the worker from its own directory (never bundled).
import { messages, parse, protocol } from '@electric-sql/pglite'

const merged = new Map()

/** PGlite's parsers with the call's own on top, merged once per set (parseResults would copy them every call). */
function mergedParsers(db, parsers) {
  if (!parsers) return db.parsers
  let out = merged.get(parsers)
  if (!out) {
    out = { ...db.parsers, ...parsers }
    merged.set(parsers, out)
  }
  return out
}

/**
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {{ sql: string, keep: number[], recover?: string[] }} message `keep`: the statements (0-based, ascending) whose results are wanted
 * @param {Record<number, (value: string) => unknown> | undefined} parsers the call's parsers (the same object for the same spec)
 * @param {(r: object) => object} plainResults
 * @param {(e: unknown) => object} serializeError
 */
export async function execBatch(db, message, parsers, plainResults, serializeError) {
  const { messages: answer } = await db.execProtocol(protocol.serialize.query(message.sql), { throwOnError: false })
  const keep = new Set(message.keep)
  const all = mergedParsers(db, parsers)
  const results = []
  let ran = 0
  let group = []
  for (const m of answer) {
    if (m instanceof messages.DatabaseError) {
      for (const sql of message.recover ?? []) await db.exec(sql).catch(() => {})
      return { results, ran, error: serializeError(m) }
    }
    if (!keep.has(ran)) {
      if (m.name === 'commandComplete') ran++
      continue
    }
    group.push(m)
    if (m.name === 'commandComplete') {
      results.push(plainResults(parse.parseResults(group, all)[0]))
      group = []
      ran++
    }
  }
  return { results, ran, error: null }
}
