import { quoteIdent, quoteLiteral } from '../projects/jail'
import { withRequestRole } from '../projects/request-role'

/** Who evaluates a filter: the subscriber (its role and claims), as `withRequestRole` takes it. */
type RealtimeCaller = Parameters<typeof withRequestRole>[1]

/**
 * `postgres_changes` filters as realtime-js writes them (RealtimePostgresFilterBuilder): conditions
 * `column=[not.]operator.value` joined by commas (all must hold), values PostgREST-quoted when they
 * hold `,()"\` or surrounding spaces, `in.(a,b)` lists. Each is evaluated by Postgres on the row
 * (the change's record, or a delete's old key) with its value cast to the column's own type, so
 * `id=gt.9` compares numbers, `at=lt.2024-01-01` timestamps, and a value the column cannot hold
 * is refused when the channel is joined. A delete's old record holds its key only: a condition on
 * another column does not filter it (as Supabase without replica identity full).
 */

export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct'] as const
type Operator = (typeof FILTER_OPERATORS)[number]

export type Condition = { column: string; op: Operator; negate: boolean; value: string | string[] }

export class FilterError extends Error {}

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

const unquote = (value: string) => (value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value)

const SCALAR_OPS: readonly string[] = FILTER_OPERATORS

/** The conditions of a filter string; FilterError naming what is wrong. */
export function parseFilter(raw: string): Condition[] {
  return splitTopLevel(raw)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const eq = part.indexOf('=')
      if (eq <= 0) throw new FilterError(`condition ${JSON.stringify(part)} is not column=operator.value`)
      const column = part.slice(0, eq).trim()
      let rest = part.slice(eq + 1)
      const negate = rest.startsWith('not.')
      if (negate) rest = rest.slice(4)
      const dot = rest.indexOf('.')
      const op = dot < 0 ? rest : rest.slice(0, dot)
      if (!SCALAR_OPS.includes(op)) throw new FilterError(`operator ${JSON.stringify(op)} is not served: use one of ${FILTER_OPERATORS.join(', ')}`)
      if (dot < 0) throw new FilterError(`condition ${JSON.stringify(part)} has no value`)
      const text = rest.slice(dot + 1)
      if (op === 'in') {
        if (!text.startsWith('(') || !text.endsWith(')')) throw new FilterError(`in needs a list: ${column}=in.(a,b)`)
        const items = splitTopLevel(text.slice(1, -1)).map((v) => unquote(v.trim()))
        if (items.length === 0 || items.every((v) => v === '')) throw new FilterError('in needs at least one value')
        return { column, op, negate, value: items }
      }
      if (op === 'is' && !['null', 'true', 'false', 'unknown'].includes(text.toLowerCase())) throw new FilterError('is takes null, true, false or unknown')
      return { column, op: op as Operator, negate, value: unquote(text) }
    })
}

const COMPARE: Partial<Record<Operator, string>> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', isdistinct: 'is distinct from' }
const TEXT_MATCH: Partial<Record<Operator, string>> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' }

/** One boolean expression per condition, over `t` (a row of `table`), its values as parameters from `params`. */
export function conditionsSql(table: string, conditions: Condition[], params: unknown[]): string[] {
  const typed = (column: string, value: string) => {
    params.push(value)
    return `(pg_catalog.jsonb_populate_record(null::${table}, pg_catalog.jsonb_build_object(${quoteLiteral(column)}, $${params.length}::text))).${quoteIdent(column)}`
  }
  return conditions.map((c) => {
    const col = `t.${quoteIdent(c.column)}`
    let expr: string
    if (c.op === 'in') expr = `${col} = any(array[${(c.value as string[]).map((v) => typed(c.column, v)).join(', ')}])`
    else if (c.op === 'is') expr = `${col} is ${(c.value as string).toLowerCase()}`
    else if (TEXT_MATCH[c.op]) {
      params.push(c.op === 'like' || c.op === 'ilike' ? (c.value as string).replaceAll('*', '%') : c.value)
      expr = `${col}::text ${TEXT_MATCH[c.op]} $${params.length}::text`
    } else expr = `${col} ${COMPARE[c.op]} ${typed(c.column, c.value as string)}`
    return `coalesce(${c.negate ? `not (${expr})` : `(${expr})`}, false)`
  })
}

/** Whether each condition holds on `row` (a record as JSON), evaluated as the caller. */
export async function evaluateConditions(ref: string, caller: RealtimeCaller, schema: string, table: string, row: Record<string, unknown>, conditions: Condition[]): Promise<boolean[]> {
  if (conditions.length === 0) return []
  const rel = `${quoteIdent(schema)}.${quoteIdent(table)}`
  const params: unknown[] = [JSON.stringify(row)]
  const exprs = conditionsSql(rel, conditions, params)
  const sql = `select ${exprs.map((e, i) => `${e} as f${i}`).join(', ')} from pg_catalog.jsonb_populate_record(null::${rel}, $1::pg_catalog.jsonb) t`
  const result = await withRequestRole(ref, caller, (session) => session.query(sql, params, { final: true }))
  const out = result.rows[0] as Record<string, unknown> | undefined
  return conditions.map((_, i) => out?.[`f${i}`] === true || out?.[`f${i}`] === 't')
}

/** Checks a filter against its table when a channel is joined: its columns exist and its values fit their types. */
export async function checkFilter(ref: string, caller: RealtimeCaller, schema: string, table: string, conditions: Condition[]): Promise<void> {
  await evaluateConditions(ref, caller, schema, table, {}, conditions)
}
