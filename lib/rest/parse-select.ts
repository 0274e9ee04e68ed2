/**
 * The `select` parameter of PostgREST as a tree: columns (`*`, `col`, `alias:col`, `col::cast`,
 * `data->a->>b`) and embedded resources (`rel(*)`, `alias:rel(cols)`, `rel!fkey(...)`,
 * `rel!inner(...)`, `...rel(cols)`), nested to any depth. Aggregates are not supported.
 */
import { parseError } from './errors'
import { Cursor, readJsonPath, readName, type JsonStep } from './scanner'

/** A column of the result: `*` or a column (with JSON path), maybe renamed and cast. */
export interface SelectColumn {
  type: 'column'
  /** The column's name, or `*` for all columns. */
  name: string
  jsonPath: JsonStep[]
  alias?: string
  cast?: string
}

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

/** Parses a `select` parameter; an empty or missing one means `*`. Throws PGRST100 on bad input. */
export function parseSelect(raw: string | null | undefined): SelectItem[] {
  const text = raw ?? ''
  if (text.trim() === '') return [star()]
  const c = new Cursor(text, (details) => {
    throw parseError('select parameter', text, details)
  })
  const items = readItems(c, 0)
  if (!c.done) c.unexpected('"," or end of input')
  return items
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
  let name = readName(c)
  let alias: string | undefined
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++
    alias = name
    name = readName(c)
  }
  if (c.peek() === '(' || c.peek() === '!') return readEmbed(c, name, alias, false, depth)
  const column: SelectColumn = { type: 'column', name, jsonPath: readJsonPath(c) }
  if (alias !== undefined) column.alias = alias
  if (c.eat('::')) {
    const start = c.pos
    while (/[A-Za-z0-9_]/.test(c.peek())) c.pos++
    if (c.pos === start) c.unexpected('type name')
    column.cast = c.text.slice(start, c.pos)
  }
  return column
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
