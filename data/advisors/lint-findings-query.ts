import { executeSql, sqlErrorOf, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { findingsOf, type Finding, type LintFailure } from '@/lib/advisors/findings'
import { LINTS, type LintCategory, type LintRow } from '@/lib/advisors/lints'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { defineQuery } from '@/data/query'

type LintFindingsVariables = ProjectSqlVariables & { category: LintCategory }

export type LintRun = {
  findings: Finding[]
  /** Lints whose SQL failed; the others still report. */
  failures: LintFailure[]
  /** How many lints ran (failed ones included). */
  lintCount: number
  /** When the run finished (ms since the epoch). */
  ranAt: number
}

/** Runs every lint of a category on the project's database, one read-only statement each. */
export async function getLintFindings({ projectRef, connectionString, category }: LintFindingsVariables, signal?: AbortSignal): Promise<LintRun> {
  if (!projectRef) throw new Error('Project ref is required')
  const lints = LINTS.filter((lint) => lint.category === category)
  const results = await Promise.allSettled(
    lints.map((lint) => executeSql<LintRow>({ projectRef, connectionString, sql: lint.sql }, signal))
  )
  const findings: Finding[] = []
  const failures: LintFailure[] = []
  results.forEach((result, i) => {
    const lint = lints[i]
    if (result.status === 'fulfilled') findings.push(...findingsOf(lint, result.value.rows))
    else failures.push({ lint: lint.name, title: lint.title, message: sqlErrorOf(result.reason)?.message ?? (result.reason instanceof Error ? result.reason.message : String(result.reason)) })
  })
  // Every lint failing is one failure of the whole run (no database, no access): say it once.
  if (lints.length > 0 && failures.length === lints.length) {
    throw (results[0] as PromiseRejectedResult).reason
  }
  return { findings, failures, lintCount: lints.length, ranAt: Date.now() }
}

export const { options: lintFindingsQueryOptions, use: useLintFindingsQuery } = defineQuery((vars: LintFindingsVariables) => advisorKeys.lints(vars.projectRef, vars.category), getLintFindings, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
