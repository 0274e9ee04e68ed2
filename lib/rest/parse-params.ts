/**
 * The rest of a PostgREST request besides select and filters: `order`, `limit` / `offset` and the
 * `Range` header, `on_conflict`, `columns`, the `Prefer` and `Accept` headers, and `parseQuery`,
 * which splits a query string into all of these.
 */
import { parseError, RestError } from './errors'
import { parseFilter, type Filter } from './parse-filters'
import { parsePlanAccept, type PlanRequest } from './parse-plan'
import { parseSelect, type SelectItem, type SelectOptions } from './parse-select'
import { Cursor, readField, readName, type Field } from './scanner'

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = ['select', 'order', 'limit', 'offset', 'on_conflict', 'columns'] as const

/** One `order` term: `col.desc.nullslast`. Without a direction Postgres's default (asc) applies. */
export interface OrderTerm {
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** `order=col.asc.nullsfirst,data->>x.desc`. Throws PGRST100 on bad input. */
export function parseOrder(raw: string): OrderTerm[] {
  const c = new Cursor(raw, (details) => {
    throw parseError('order', raw, details)
  })
  const terms: OrderTerm[] = []
  do {
    const term: OrderTerm = { field: readField(c) }
    if (c.eat('.asc')) term.direction = 'asc'
    else if (c.eat('.desc')) term.direction = 'desc'
    if (c.eat('.nullsfirst')) term.nulls = 'first'
    else if (c.eat('.nullslast')) term.nulls = 'last'
    terms.push(term)
  } while (c.eat(','))
  if (!c.done) c.unexpected('".asc", ".desc", ".nullsfirst", ".nullslast", "," or end of input')
  return terms
}

/** A non-negative integer parameter (`limit`, `offset`). */
export function parseCount(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw parseError(name, raw, `"${name}" must be a non-negative integer`)
  return Number(raw)
}

/** `"a","b"` or `a,b`: the names of `columns` and `on_conflict`. */
export function parseNameList(name: string, raw: string): string[] {
  const c = new Cursor(raw, (details) => {
    throw parseError(name, raw, details)
  })
  const names: string[] = []
  do names.push(readName(c, 'column name'))
  while (c.eat(','))
  if (!c.done) c.unexpected('"," or end of input')
  return names
}

/** Rows `offset` … `offset + limit - 1`; no `limit` means to the end. */
export interface RowRange {
  offset: number
  limit?: number
}

/**
 * The `Range` header (`0-9`, `10-`), for `Range-Unit: items` (the default). A malformed one is
 * ignored, as PostgREST does; a backwards one (`9-0`) is PGRST103 (416).
 */
export function parseRangeHeader(header: string | null | undefined, unit?: string | null): RowRange | null {
  if (!header || (unit && unit.toLowerCase() !== 'items')) return null
  const m = /^\s*(\d+)-(\d*)\s*$/.exec(header)
  if (!m) return null
  const from = Number(m[1])
  if (m[2] === '') return { offset: from }
  const to = Number(m[2])
  if (to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `The range ${header} ends before it starts`)
  return { offset: from, limit: to - from + 1 }
}

/** The rows both ranges allow (the `Range` header and `limit`/`offset` together). */
export function intersectRanges(a: RowRange, b: RowRange | null): RowRange {
  if (!b) return a
  const offset = Math.max(a.offset, b.offset)
  const ends = [a, b].filter((r) => r.limit !== undefined).map((r) => r.offset + r.limit!)
  if (ends.length === 0) return { offset }
  return { offset, limit: Math.max(0, Math.min(...ends) - offset) }
}

/** What a `Prefer` header asks for; preferences it does not know are ignored, as PostgREST does. */
export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  tx?: 'commit' | 'rollback'
  handling?: 'strict' | 'lenient'
  maxAffected?: number
}

const PREFERENCE_VALUES: Record<string, readonly string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
}

/**
 * Parses one or several `Prefer` headers (`return=representation, count=exact`). With
 * `handling=strict` a preference it does not know is PGRST122 (400), as PostgREST answers.
 */
export function parsePrefer(header: string | readonly string[] | null | undefined): Preferences {
  const prefs: Record<string, unknown> = {}
  const invalid: string[] = []
  const parts = (Array.isArray(header) ? header : [header ?? '']).flatMap((h: string) => h.split(','))
  for (const part of parts) {
    const [key = '', value = ''] = part.split('=').map((s) => s.trim().toLowerCase())
    if (key === 'max-affected' && /^\d+$/.test(value)) prefs.maxAffected = Number(value)
    else if (PREFERENCE_VALUES[key]?.includes(value)) prefs[key] ??= value
    else if (part.trim()) invalid.push(part.trim())
  }
  if (prefs.handling === 'strict' && invalid.length) {
    throw new RestError(400, 'PGRST122', `Invalid preferences given with handling=strict: ${invalid.join(', ')}`, `Invalid preferences: ${invalid.join(', ')}`)
  }
  return prefs as Preferences
}

/** How the answer is shaped: an array of rows, one object (`vnd.pgrst.object+json`), or CSV. */
export type ResponseShape = 'array' | 'object' | 'csv'

/** The `Accept` header; PGRST107 (406) when none of its media types can be served. */
export function parseAccept(header: string | null | undefined): ResponseShape {
  if (!header || !header.trim()) return 'array'
  for (const entry of header.split(',')) {
    const type = entry.split(';')[0].trim().toLowerCase()
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'object'
    if (['application/json', 'application/*', '*/*'].includes(type)) return 'array'
    if (type === 'text/csv') return 'csv'
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`)
}

/** Order, limit and offset of an embedded resource (`rel.order=...`, `rel.limit=...`). */
export interface EmbeddedTransform {
  path: string[]
  order?: OrderTerm[]
  limit?: number
  offset?: number
}

/** A request's query string and headers, parsed. */
export interface RestQuery {
  select: SelectItem[]
  /** Every filter, with the embedded path it applies to (`filtersAt(filters, [])` for the table's). */
  filters: Filter[]
  order: OrderTerm[]
  range: RowRange
  onConflict?: string[]
  columns?: string[]
  embedded: EmbeddedTransform[]
  prefer: Preferences
  shape: ResponseShape
  /** The most rows the answer and each embedded list hold (`limitRows`: PostgREST's db-max-rows); none when unset. */
  maxRows?: number
  /** `Accept: application/vnd.pgrst.plan…`: answer the EXPLAIN of the statement (parse-plan.ts); `shape` is then its `for`. */
  plan?: PlanRequest
}

export interface RestHeaders {
  range?: string | null
  rangeUnit?: string | null
  prefer?: string | readonly string[] | null
  accept?: string | null
}

/**
 * Parses a whole request (query parameters in order, and its headers). Throws RestError.
 * `options.aggregates: false` refuses aggregates in `select` (PGRST123).
 */
export function parseQuery(params: Iterable<readonly [string, string]>, headers: RestHeaders = {}, options: SelectOptions = {}): RestQuery {
  const plan = parsePlanAccept(headers.accept)
  const query: RestQuery = {
    select: parseSelect(null), filters: [], order: [], range: { offset: 0 }, embedded: [],
    prefer: parsePrefer(headers.prefer), shape: parseAccept(plan ? plan.for : headers.accept),
  }
  if (plan) query.plan = plan
  let limit: number | undefined
  for (const [key, value] of params) {
    const nested = /^(.+)\.(order|limit|offset)$/.exec(key)
    if (key === 'select') query.select = parseSelect(value, options)
    else if (key === 'order') query.order = parseOrder(value)
    else if (key === 'limit') limit = parseCount('limit', value)
    else if (key === 'offset') query.range.offset = parseCount('offset', value)
    else if (key === 'on_conflict') query.onConflict = parseNameList('on_conflict', value)
    else if (key === 'columns') query.columns = parseNameList('columns', value)
    else if (nested && !nested[1].includes('"')) addEmbedded(query.embedded, nested[1].split('.'), nested[2], value)
    else if (key !== '') query.filters.push(parseFilter(key, value))
  }
  if (limit !== undefined) query.range.limit = limit
  query.range = intersectRanges(query.range, parseRangeHeader(headers.range, headers.rangeUnit))
  return query
}

/**
 * The query with its rows capped at `maxRows` from its offset (PostgREST's `db-max-rows`), a
 * smaller `limit` kept; `maxRows` caps each embedded list too (the SQL's).
 */
export function limitRows(query: RestQuery, maxRows: number): RestQuery {
  return { ...query, maxRows, range: { ...query.range, limit: Math.min(query.range.limit ?? maxRows, maxRows) } }
}

function addEmbedded(list: EmbeddedTransform[], path: string[], what: string, value: string): void {
  let entry = list.find((e) => e.path.join('.') === path.join('.'))
  if (!entry) list.push((entry = { path }))
  if (what === 'order') entry.order = parseOrder(value)
  else entry[what as 'limit' | 'offset'] = parseCount(`${path.join('.')}.${what}`, value)
}
