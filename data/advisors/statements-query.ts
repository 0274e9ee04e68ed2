import { defineQuery } from '@/data/query'
import { sqlErrorOf, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import {
  isNotPreloadedError,
  STATEMENTS_STATUS_SQL,
  statementsSql,
  type Statement,
  type StatementsStatus,
  type StatementSort,
} from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows } from './project-sql'

/** What the database can say about statements: depends on pg_stat_statements being there and loaded. */
export type StatementsResult =
  | { state: 'not_installed'; available: boolean; embedded: boolean }
  | { state: 'not_loaded'; schema: string; message: string }
  | { state: 'ready'; schema: string; statements: Statement[] }

type StatementsVariables = ProjectSqlVariables & { sort: StatementSort; search: string }

export async function getStatements(vars: StatementsVariables, signal?: AbortSignal): Promise<StatementsResult> {
  const [status] = await projectRows<StatementsStatus>(vars, STATEMENTS_STATUS_SQL, undefined, signal)
  if (!status?.installed || !status.schema) return { state: 'not_installed', available: Boolean(status?.available), embedded: Boolean(status?.embedded) }
  try {
    const statements = await projectRows<Statement>(vars, statementsSql(status.schema, vars.sort), [vars.search.trim()], signal)
    return { state: 'ready', schema: status.schema, statements }
  } catch (error) {
    const message = sqlErrorOf(error)?.message
    if (isNotPreloadedError(message)) return { state: 'not_loaded', schema: status.schema, message: message! }
    throw error
  }
}

export const { options: statementsQueryOptions, use: useStatementsQuery } = defineQuery(
  (vars: StatementsVariables) => advisorKeys.statements(vars.projectRef, { sort: vars.sort, search: vars.search.trim() }),
  getStatements,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef) }
)
