import { sqlKeys } from '@/data/sql/keys'
import type { LintCategory } from '@/lib/advisors/lints'

/**
 * Cache keys of the advisors. The lint runs and the database statistics are read queries on the
 * project's database, so they live under its `sql` queries and refresh after any DDL elsewhere;
 * the rules are platform data.
 */
export const advisorKeys = {
  lints: (projectRef: string | undefined, category: LintCategory) => sqlKeys.query(projectRef, 'advisors', 'lints', category),
  performance: (projectRef: string | undefined) => sqlKeys.query(projectRef, 'advisors', 'performance'),
  tableStats: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'advisors', 'performance'), 'tables'] as const,
  unusedIndexes: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'advisors', 'performance'), 'unused-indexes'] as const,
  cacheHit: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'advisors', 'performance'), 'cache-hit'] as const,
  activity: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'advisors', 'performance'), 'activity'] as const,
  statements: (projectRef: string | undefined, view: { sort: string; search: string }) =>
    [...sqlKeys.query(projectRef, 'advisors', 'performance'), 'statements', view] as const,
  rules: (projectRef: string | undefined) => ['projects', projectRef, 'advisors', 'rules'] as const,
}
