import type { RestQuery } from '@/lib/rest'
import type { Prepared } from '../projects/engines'
import { projectKind } from '../projects/targets'
import type { RestTable } from './catalogue'
import { readStatement } from './sql'

/**
 * Reads sent ahead (a Postgres server only, where a request's writes to Postgres are most of its
 * cost): a read of a table this instance has seen is written from what it knew of the table and
 * sent with the transaction's opening and the table's lookup, then committed, in one write. The
 * lookup still comes back with it, so a table whose shape (`shapeKey`: columns in order, their
 * types, key) changed since is noticed at once: its answer is dropped and the request runs again
 * the usual way (a read has no effects to undo). Nothing is trusted across instances or changes:
 * every request checks.
 */

const KNOWN_MAX = 1_000
const known = new Map<string, RestTable>()
const keyOf = (ref: string, schema: string, name: string) => `${ref}\u0000${schema}\u0000${name}`

/** The request's guess went stale: its table changed since this instance last saw it. */
export class StaleRead extends Error {}

/** Notes the table as this request's lookup found it. */
export function rememberTable(ref: string, table: RestTable): void {
  const key = keyOf(ref, table.schema, table.name)
  if (!known.has(key) && known.size >= KNOWN_MAX) known.delete(known.keys().next().value as string)
  known.set(key, table)
}

/**
 * The read as written for the table this instance knew, keyed by that table's shape (`shapeKey`,
 * which the request compares with the table as found); undefined when it cannot be sent ahead.
 */
export function readAhead(ref: string, method: string, schema: string, name: string, query: RestQuery): Prepared & { key: string } | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined
  if (query.select.some((item) => item.type === 'embed') || projectKind(ref) !== 'postgres') return undefined
  const table = known.get(keyOf(ref, schema, name))
  if (!table) return undefined
  try {
    const { sql, params } = readStatement(table, query, query.prefer.count !== undefined, new Map())
    return { text: sql, params, key: shapeKey(table) }
  } catch {
    return undefined // what the table is now decides the answer: the usual way says it
  }
}

/** What a statement on this table alone depends on besides its text: its columns, their types and its key. */
export function shapeKey(table: RestTable): string {
  return JSON.stringify([table.schema, table.name, [...table.columns], table.primaryKey])
}
