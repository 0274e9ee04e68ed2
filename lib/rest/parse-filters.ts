/**
 * PostgREST's horizontal filters, one query parameter at a time: `col=[not.]op[(mod)].value`,
 * logic trees `or=(a.eq.1,and(b.gt.2,c.lt.3))`, `and=(...)`, `not.or=(...)`, and filters on
 * embedded resources (`rel.col=eq.x`, `rel.or=(...)`), whose path is kept for the caller.
 */
import { parseError } from './errors'
import { Cursor, readField, readJsonPath, readName, readQuoted, type Field } from './scanner'

export const FILTER_OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/** Operators that take `(any)` / `(all)` and a `{a,b}` list. */
const QUANTIFIABLE = new Set<FilterOperator>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
/** Operators that take a text search configuration: `fts(english).word`. */
const FULL_TEXT = new Set<FilterOperator>(['fts', 'plfts', 'phfts', 'wfts'])
/** The values `is` accepts (lower case). */
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const
export type IsValue = (typeof IS_VALUES)[number]

/** One comparison. `value` is a list for `in` and for quantified operators, text otherwise. */
export interface FilterCondition {
  type: 'condition'
  field: Field
  negated: boolean
  operator: FilterOperator
  value: string | string[]
  quantifier?: 'any' | 'all'
  /** The text search configuration of `fts(config)`. */
  config?: string
}

/** `and(...)` / `or(...)`, maybe negated. */
export interface FilterLogic {
  type: 'logic'
  operator: 'and' | 'or'
  negated: boolean
  children: FilterNode[]
}

export type FilterNode = FilterCondition | FilterLogic

/** A filter of one query parameter; `path` names the embedded resource it applies to ([] = the table). */
export interface Filter {
  path: string[]
  node: FilterNode
}

/** Parses one query parameter (`key=value`) as a filter. Throws PGRST100 on bad input. */
export function parseFilter(key: string, value: string): Filter {
  const { path, field, logic } = parseKey(key)
  if (logic) return { path, node: parseLogicTree(value, logic.operator, logic.negated) }
  const c = new Cursor(value, (details) => {
    throw parseError('filter', value, details)
  })
  const spec = readOperator(c)
  return { path, node: makeCondition(c, field!, spec, c.pos, value.slice(c.pos)) }
}

/** The filters that apply to the resource at `path` ([] for the top-level table). */
export function filtersAt(filters: Filter[], path: string[]): FilterNode[] {
  const same = (p: string[]) => p.length === path.length && p.every((s, i) => s === path[i])
  return filters.filter((f) => same(f.path)).map((f) => f.node)
}

/** `rel.sub.col->a`, `or`, `not.and`, `rel.or`: the embedded path, and the field or logic operator. */
function parseKey(key: string): { path: string[]; field?: Field; logic?: { operator: 'and' | 'or'; negated: boolean } } {
  const c = new Cursor(key, (details) => {
    throw parseError('filter', key, details)
  })
  const names: string[] = []
  let field: Field
  let quoted: boolean
  for (;;) {
    quoted = c.peek() === '"' // a quoted name is a column, never `or` / `and`
    field = { name: readName(c), jsonPath: readJsonPath(c) }
    names.push(field.name)
    if (field.jsonPath.length > 0 || !c.eat('.')) break
  }
  if (!c.done) c.unexpected('"." or end of input')
  const last = names[names.length - 1]
  if ((last === 'or' || last === 'and') && !quoted && field.jsonPath.length === 0) {
    const negated = names[names.length - 2] === 'not'
    return { path: names.slice(0, negated ? -2 : -1), logic: { operator: last, negated } }
  }
  return { path: names.slice(0, -1), field }
}

interface OperatorSpec {
  negated: boolean
  operator: FilterOperator
  modifier?: string
}

/** `[not.]op[(modifier)].` */
function readOperator(c: Cursor): OperatorSpec {
  const negated = c.eat('not.')
  const start = c.pos
  while (/[a-z]/.test(c.peek())) c.pos++
  const word = c.text.slice(start, c.pos)
  if (!(FILTER_OPERATORS as readonly string[]).includes(word)) {
    c.pos = start
    c.fail(word ? `unknown operator "${word}"` : `expecting an operator (eq, neq, gt, in, is, ...) at position ${start + 1}`)
  }
  const spec: OperatorSpec = { negated, operator: word as FilterOperator }
  if (c.eat('(')) {
    const from = c.pos
    while (!c.done && c.peek() !== ')') c.pos++
    spec.modifier = c.text.slice(from, c.pos)
    c.expect(')')
  }
  c.expect('.')
  return spec
}

/** Checks the value against the operator and builds the condition. */
function makeCondition(c: Cursor, field: Field, spec: OperatorSpec, at: number, value: string): FilterCondition {
  const { negated, operator, modifier } = spec
  const condition: FilterCondition = { type: 'condition', field, negated, operator, value }
  if (modifier !== undefined) {
    if (FULL_TEXT.has(operator) && /^[\p{L}\p{N}_]+$/u.test(modifier)) condition.config = modifier
    else if (QUANTIFIABLE.has(operator) && (modifier === 'any' || modifier === 'all')) condition.quantifier = modifier
    else c.fail(`"${operator}" does not take "(${modifier})"`)
  }
  if (operator === 'in') condition.value = parseList(value, '(', ')', c.fail, at)
  else if (condition.quantifier) condition.value = parseList(value, '{', '}', c.fail, at)
  else if (operator === 'is') {
    const word = value.toLowerCase()
    if (!(IS_VALUES as readonly string[]).includes(word)) c.fail(`"is" takes null, not_null, true, false or unknown, not "${value}"`)
    condition.value = word
  }
  return condition
}

/** `(a,b,"c,d")` or `{a,b}`: elements split at commas; `"…"` elements may hold commas and brackets. */
export function parseList(text: string, open: string, close: string, fail: (details: string) => never, at = 0): string[] {
  const c = new Cursor(text, fail, at)
  c.expect(open)
  const items: string[] = []
  if (c.eat(close)) return done(c, items)
  do {
    if (c.peek() === '"') items.push(readQuoted(c))
    else {
      const start = c.pos
      while (!c.done && c.peek() !== ',' && c.peek() !== close) c.pos++
      items.push(text.slice(start, c.pos))
    }
  } while (c.eat(','))
  c.expect(close, `"," or "${close}"`)
  return done(c, items)
}

function done<T>(c: Cursor, result: T): T {
  if (!c.done) c.unexpected('end of input')
  return result
}

/** `(a.eq.1,or(b.gt.2,not.and(c.lt.3,d.is.null)))`: the value of an `or`/`and` parameter. */
export function parseLogicTree(text: string, operator: 'and' | 'or', negated = false): FilterLogic {
  const c = new Cursor(text, (details) => {
    throw parseError('logic tree', text, details)
  })
  return done(c, readLogic(c, operator, negated))
}

function readLogic(c: Cursor, operator: 'and' | 'or', negated: boolean): FilterLogic {
  c.expect('(')
  const children: FilterNode[] = []
  do children.push(readLogicItem(c))
  while (c.eat(','))
  c.expect(')', '"," or ")"')
  return { type: 'logic', operator, negated, children }
}

function readLogicItem(c: Cursor): FilterNode {
  const nested = /^(not\.)?(and|or)\(/.exec(c.text.slice(c.pos))
  if (nested) {
    c.pos += nested[0].length - 1
    return readLogic(c, nested[2] as 'and' | 'or', Boolean(nested[1]))
  }
  const field = readField(c)
  c.expect('.')
  const spec = readOperator(c)
  const at = c.pos
  return makeCondition(c, field, spec, at, readLogicValue(c))
}

/** A value inside a logic tree: `"quoted"`, or text up to a `,` or `)` outside brackets and quotes. */
function readLogicValue(c: Cursor): string {
  if (c.peek() === '"') return readQuoted(c)
  const start = c.pos
  let depth = 0
  while (!c.done) {
    const ch = c.peek()
    if (depth === 0 && (ch === ',' || ch === ')')) break
    if (ch === '"') {
      readQuoted(c)
      continue
    }
    if ('({['.includes(ch)) depth++
    else if (')}]'.includes(ch)) depth--
    c.pos++
  }
  return c.text.slice(start, c.pos)
}
