/**
 * Answers beside the rows: `Accept: application/vnd.pgrst.plan…` (the EXPLAIN of the statement a
 * request runs, parse-plan.ts) and the totals of `Prefer: count=planned|estimated`, both from
 * Postgres's planner as PostgREST 13 takes them.
 */
import { explainOptions, filtersAt, filtersToSql, planContentType, type PlanRequest, type RestQuery } from '@/lib/rest'
import { quoteIdent } from '@/lib/sql/identifiers'
import type { RawResult } from '../projects/engines'
import { requestLiteral, type RequestSession } from '../projects/request-role'
import type { RestTable } from './catalogue'
import type { Statement } from './sql'

/**
 * The statement's values quoted in as literals: EXPLAIN takes no parameters where the statement
 * runs (the jail prepares a statement with parameters, and EXPLAIN cannot be prepared), and a
 * literal is planned as the value itself would be, as PostgREST's plan shows it. Only a `$n`
 * outside quoted names and strings is a parameter (a quoted name may hold `$1`).
 */
export function withLiterals(statement: Statement): string {
  const { sql, params } = statement
  let out = ''
  for (let i = 0; i < sql.length; ) {
    const ch = sql[i]
    if (ch === '"' || ch === "'") {
      let end = i + 1
      for (;;) {
        const close = sql.indexOf(ch, end)
        if (close < 0) throw new Error('unterminated quote in a statement')
        if (sql[close + 1] === ch) end = close + 2 // a doubled quote stays inside
        else {
          end = close + 1
          break
        }
      }
      out += sql.slice(i, end)
      i = end
      continue
    }
    const param = ch === '$' && !/[\w$]/.test(sql[i - 1] ?? '') ? /^\$(\d+)/.exec(sql.slice(i, i + 12)) : null
    if (param) {
      const value = params[Number(param[1]) - 1]
      out += value === null || value === undefined ? 'null' : requestLiteral(String(value))
      i += param[0].length
      continue
    }
    out += ch
    i++
  }
  return out
}

/** The statement under EXPLAIN with the plan's format and options (with `analyze` it runs: its transaction decides its effects). */
export const explained = (statement: Statement, plan: PlanRequest): Statement =>
  ({ sql: `explain (${explainOptions(plan)}) ${withLiterals(statement)}`, params: [] })

const planText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The plan's answer: EXPLAIN's JSON document, or its text lines. */
export function planAnswer(result: RawResult, plan: PlanRequest): { status: number; body: string; headers: Record<string, string> } {
  const lines = result.rows.map((row) => planText(Object.values(row)[0]))
  const body = plan.format === 'json' ? (lines[0] ?? '[]') : lines.join('\n')
  return { status: 200, body, headers: { 'Content-Type': planContentType(plan) } }
}

/** The planner's estimate of the rows the table's filters keep ("Plan Rows" of `select 1 from … where …`). */
export async function plannedTotal(session: RequestSession, table: RestTable, query: RestQuery): Promise<number | null> {
  const where = filtersToSql(filtersAt(query.filters, []), { alias: table.name, columnType: (column) => table.columns.get(column), params: [] })
  const from = `${quoteIdent(table.schema)}.${quoteIdent(table.name)} as ${quoteIdent(table.name)}`
  const count = { sql: `select 1 from ${from} where ${where.sql}`, params: where.params }
  const result = await session.query(explained(count, { format: 'json', options: [], for: 'application/json' }).sql)
  const value = Object.values(result.rows[0] ?? {})[0]
  const doc = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan?: { 'Plan Rows'?: number } }[] | undefined
  const rows = doc?.[0]?.Plan?.['Plan Rows']
  return typeof rows === 'number' ? rows : null
}

/**
 * The total a count preference answers: `exact` as counted; `planned` the planner's; `estimated`
 * the exact count up to max rows, past it the larger of it and the planner's (PostgREST's rule).
 */
export async function preferredTotal(session: RequestSession, table: RestTable, query: RestQuery, exact: number | null): Promise<number | null> {
  const kind = query.prefer.count
  if (kind === 'planned') return plannedTotal(session, table, query)
  if (kind === 'estimated' && exact !== null && query.maxRows !== undefined && exact > query.maxRows) {
    return Math.max(exact, (await plannedTotal(session, table, query)) ?? 0)
  }
  return exact
}
