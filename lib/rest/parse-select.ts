/**
 * The `select` parameter of PostgREST as a tree: columns (`*`, `col`, `alias:col`, `col::cast`,
 * `data->a->>b`) and embedded resources (`rel(*)`, `alias:rel(cols)`, `rel!fkey(...)`,
 * `rel!inner(...)`, `...rel(cols)`), nested to any depth, and aggregates (`count()`,
 * `alias:col.sum()::text`, `rel(count)`), which `aggregates: false` refuses (PostgREST's
 * db-aggregates-enabled off: PGRST123).
 */
import { parseError, RestError } from './errors'
import { Cursor, readJsonPath, readName, type JsonStep } from './scanner'

/** A column of the result: `*` or a column (with JSON path), maybe renamed and cast. */
export interface SelectColumn {
  type: 'column'
  /** The column's name, or `*` for all columns. */
  name: string
  jsonPath: JsonStep[]
  alias?: string
  cast?: string
  /** `col.sum()`: the column aggregated (`count()` is `*` counted). */
  aggregate?: AggregateFunction
  /** `col.sum()::text`: the aggregate's value cast. */
  aggregateCast?: string
}

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'max', 'min'] as const
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number]

/** An embedded resource: a related table reached through a foreign key. */
export interface SelectEmbed {
  type: 'embed'
  /** The related table (or the foreign key / column naming the relationship). */
  relation: string
  alias?: string
  /** The `!hint` that picks one of several relationships (a foreign key or column name). */
  hint?: string
  /** `!inner`: keep only parent rows that have a match. */
  inner: boolean
  /** `...rel(cols)`: the embedded columns are spread into the parent object. */
  spread: boolean
  select: SelectItem[]
}

export type SelectItem = SelectColumn | SelectEmbed

export interface SelectOptions {
  /** Whether aggregates may be used (PostgREST's db-aggregates-enabled); default true. */
  aggregates?: boolean
}

/** PGRST123: an aggregate where the Data API settings do not allow them. */
export const aggregatesNotAllowed = () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')

/** Parses a `select` parameter; an empty or missing one means `*`. Throws PGRST100 on bad input, PGRST123 on a refused aggregate. */
export function parseSelect(raw: string | null | undefined, options: SelectOptions = {}): SelectItem[] {
  const text = raw ?? ''
  if (text.trim() === '') return [star()]
  const c = new Cursor(text, (details) => {
    throw parseError('select parameter', text, details)
  })
  const items = readItems(c, 0)
  if (!c.done) c.unexpected('"," or end of input')
  if (options.aggregates === false && hasAggregate(items)) throw aggregatesNotAllowed()
  return items
}

/** Whether a select tree aggregates anywhere. */
export function hasAggregate(items: readonly SelectItem[]): boolean {
  return items.some((item) => (item.type === 'embed' ? hasAggregate(item.select) : item.aggregate !== undefined))
}

function star(): SelectColumn {
  return { type: 'column', name: '*', jsonPath: [] }
}

/** Items separated by commas, up to the end or (nested) the closing parenthesis. */
function readItems(c: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = []
  if (depth > 0 && c.peek() === ')') return items
  do items.push(readItem(c, depth))
  while (c.eat(','))
  return items
}

function readItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return star()
  if (c.eat('...')) return readEmbed(c, readName(c, 'relation name'), undefined, true, depth)
  let quoted = c.peek() === '"'
  let name = readName(c)
  let alias: string | undefined
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++
    alias = name
    quoted = c.peek() === '"'
    name = readName(c)
  }
  const bareCount = !quoted && name === 'count'
  // `count()` counts rows; `count` is never a relation's name, as in PostgREST.
  if (bareCount && c.peek() === '(') {
    c.expect('()')
    return withAlias({ type: 'column', name: '*', jsonPath: [], aggregate: 'count', ...readCast(c, 'aggregateCast') }, alias)
  }
  if (c.peek() === '(' || c.peek() === '!') return readEmbed(c, name, alias, false, depth)
  const column: SelectColumn = { type: 'column', name, jsonPath: readJsonPath(c), ...readCast(c, 'cast') }
  if (c.peek() === '.') {
    c.pos++
    const fn = AGGREGATE_FUNCTIONS.find((f) => c.startsWith(`${f}()`))
    if (!fn) c.unexpected(AGGREGATE_FUNCTIONS.map((f) => `"${f}()"`).join(', '))
    c.pos += fn.length + 2
    Object.assign(column, { aggregate: fn }, readCast(c, 'aggregateCast'))
  } else if (bareCount && depth > 0 && column.jsonPath.length === 0 && column.cast === undefined) {
    // `rel(count)`: the embedded rows counted, PostgREST's older form of `rel(count())`.
    Object.assign(column, { name: '*', aggregate: 'count' })
  }
  return withAlias(column, alias)
}

function withAlias(column: SelectColumn, alias: string | undefined): SelectColumn {
  if (alias !== undefined) column.alias = alias
  return column
}

/** `::type` (only [A-Za-z0-9_] passes, so a cast is safe to write unquoted), as `{ [key]: type }`. */
function readCast<K extends 'cast' | 'aggregateCast'>(c: Cursor, key: K): Partial<Record<K, string>> {
  if (!c.eat('::')) return {}
  const start = c.pos
  while (/[A-Za-z0-9_]/.test(c.peek())) c.pos++
  if (c.pos === start) c.unexpected('type name')
  return { [key]: c.text.slice(start, c.pos) } as Partial<Record<K, string>>
}

/** `rel!hint!inner(items)`: the cursor is after the relation's name. */
function readEmbed(c: Cursor, relation: string, alias: string | undefined, spread: boolean, depth: number): SelectEmbed {
  const embed: SelectEmbed = { type: 'embed', relation, inner: false, spread, select: [] }
  if (alias !== undefined) embed.alias = alias
  while (c.eat('!')) {
    const hint = readName(c, 'hint or join type')
    if (hint === 'inner') embed.inner = true
    else if (hint === 'left') embed.inner = false
    else if (embed.hint !== undefined) c.fail(`more than one hint for "${relation}": "${embed.hint}" and "${hint}"`)
    else embed.hint = hint
  }
  c.expect('(')
  embed.select = readItems(c, depth + 1)
  c.expect(')', '"," or ")"')
  return embed
}
