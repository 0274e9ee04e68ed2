import type { RestQuery } from '@/lib/rest'
import type { Prepared } from '../projects/engines'
import { schemaEpoch } from '../projects/schema-epoch'
import { isDescribed } from '../projects/request-batch'
import { projectKind } from '../projects/targets'
import type { RestTable } from './catalogue'
import { readStatement } from './sql'

/**
 * Reads sent ahead: a read of a table this instance has seen is written from what it knew of the
 * table and sent with the transaction's opening, in one batch. On a Postgres server, where what a
 * request costs Postgres and the writes to it are most of its cost; on PGlite, where each round
 * trip to the worker and each statement cost the one thread that runs them all, once the read's
 * call of the jail is known (projects/request-batch.ts: opening, lookup, read and the request's
 * end then go as one simple query).
 *
 * - Checked: the table's lookup goes in the same batch, so a table whose shape (`shapeKey`: columns
 *   in order, their types, key) changed since is noticed at once: its answer is dropped and the
 *   request runs again the usual way (a read has no effects to undo).
 * - Trusted: within TRUST_MS of a check, and while the platform has run no statement that may
 *   change the project's schema on this instance (schema-epoch.ts), the lookup (the costliest
 *   statement of such a request for Postgres) is left out. Postgres still resolves the statement
 *   against the table as it is now: `*` is the table's columns of the moment, and a column that
 *   is gone or of another type fails the statement. Any failure (but a timeout) sends the request
 *   the usual way, whose answer then decides; so a change made elsewhere can only show later (at
 *   most TRUST_MS) where the statement written before it still runs, e.g. a filter's value cast to
 *   the column's former type. On PGlite every change goes through this process: the platform's
 *   SQL and the loopback port (wire/connection.ts) move the epoch.
 */

const KNOWN_MAX = 1_000
export const TRUST_MS = 1_000
type Known = { table: RestTable; key: string; checkedAt: number; epoch: number; checking: boolean }
const g = globalThis as typeof globalThis & { __restKnownTables?: Map<string, Known> }
const known = (g.__restKnownTables ??= new Map<string, Known>())
const keyOf = (ref: string, schema: string, name: string) => `${ref}\u0000${schema}\u0000${name}`

/** The request's guess went stale: its table changed since this instance last saw it. */
export class StaleRead extends Error {}

/** Notes the table as this request's lookup found it; returns its shape key. */
export function rememberTable(ref: string, table: RestTable): string {
  const key = keyOf(ref, table.schema, table.name)
  if (!known.has(key) && known.size >= KNOWN_MAX) known.delete(known.keys().next().value as string)
  const shape = shapeKey(table)
  known.set(key, { table, key: shape, checkedAt: Date.now(), epoch: schemaEpoch(ref), checking: false })
  return shape
}

/** A read written before the table's lookup: `trusted` when it may go without the lookup. */
export type ReadAhead = Prepared & { key: string; trusted: boolean }

/**
 * The read as written for the table this instance knew, keyed by that table's shape (`shapeKey`,
 * which the request compares with the table as found); undefined when it cannot be sent ahead.
 */
export function readAhead(ref: string, method: string, schema: string, name: string, query: RestQuery): ReadAhead | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined
  if (query.select.some((item) => item.type === 'embed')) return undefined
  // A plan, or a count from the planner, is more than the one read: the usual way answers it.
  if (query.plan || query.prefer.count === 'planned' || query.prefer.count === 'estimated') return undefined
  const entry = known.get(keyOf(ref, schema, name))
  if (!entry) return undefined
  try {
    const { sql, params } = readStatement(entry.table, query, query.prefer.count !== undefined, new Map())
    // On PGlite it goes in one round trip once its jail call is known (projects/request-batch.ts).
    if (projectKind(ref) === 'pglite' && !isDescribed(ref, entry.key, sql)) return undefined
    const age = Date.now() - entry.checkedAt
    let trusted = age < TRUST_MS && entry.epoch === schemaEpoch(ref)
    if (trusted && age >= TRUST_MS / 2 && !entry.checking) {
      // Past half its time, one request checks the table for the others, so that they do not all check when it expires.
      entry.checking = true
      trusted = false
    }
    return { text: sql, params, key: entry.key, trusted }
  } catch {
    return undefined // what the table is now decides the answer: the usual way says it
  }
}

/** What a statement on this table alone depends on besides its text: its columns, their types and its key. */
export function shapeKey(table: RestTable): string {
  return JSON.stringify([table.schema, table.name, [...table.columns], table.primaryKey])
}
