/**
 * Findings of the advisor: what each lint reported about one object, and the pure rules the
 * screens apply to them (grouping by level, filtering, hiding disabled rules).
 */
import type { IndexFormPrefill } from '@/lib/database/indexes'
import { LINT_LEVELS, type Lint, type LintCategory, type LintLevel, type LintRow } from './lints'

export type Finding = {
  /** Stable within one run: lint name plus the object. */
  id: string
  lint: string
  title: string
  level: LintLevel
  category: LintCategory
  detail: string
  description: string
  remediation: string
  /** SQL that fixes it, when the fix is mechanical. */
  fix: string | null
  /** The index that fixes it (the Indexes screen's create form, filled in), when one does. */
  createIndex?: IndexFormPrefill | null
  schema: string
  object: string
}

/** A lint that could not run (its SQL failed): shown, never silently dropped. */
export type LintFailure = { lint: string; title: string; message: string }

/** Turns one lint's rows into findings. */
export function findingsOf(lint: Lint, rows: LintRow[]): Finding[] {
  return rows.map((row, i) => ({
    id: `${lint.name}:${row.schema}.${row.name}:${i}`,
    lint: lint.name,
    title: lint.title,
    level: lint.level,
    category: lint.category,
    detail: lint.detail(row),
    description: lint.description,
    remediation: lint.remediation,
    fix: lint.fix?.(row) ?? null,
    createIndex: lint.createIndex?.(row) ?? null,
    schema: row.schema,
    object: row.name,
  }))
}

export type LevelFilter = LintLevel | 'ALL'

/** Findings per level, most severe first; levels without findings are left out. */
export function groupByLevel(findings: Finding[]): { level: LintLevel; findings: Finding[] }[] {
  return LINT_LEVELS.map((level) => ({ level, findings: findings.filter((f) => f.level === level) })).filter((g) => g.findings.length > 0)
}

/** How many findings each level has (every level listed, zero included). */
export function countByLevel(findings: Finding[]): Record<LintLevel, number> {
  const counts: Record<LintLevel, number> = { ERROR: 0, WARN: 0, INFO: 0 }
  for (const f of findings) counts[f.level] += 1
  return counts
}

export function filterByLevel(findings: Finding[], level: LevelFilter): Finding[] {
  return level === 'ALL' ? findings : findings.filter((f) => f.level === level)
}

/** Findings of rules that are not disabled. */
export function withoutDisabled(findings: Finding[], disabled: ReadonlySet<string>): Finding[] {
  return findings.filter((f) => !disabled.has(f.lint))
}

export const LEVEL_LABELS: Record<LintLevel, string> = { ERROR: 'Errors', WARN: 'Warnings', INFO: 'Suggestions' }
export const LEVEL_SINGULAR: Record<LintLevel, string> = { ERROR: 'Error', WARN: 'Warning', INFO: 'Suggestion' }
