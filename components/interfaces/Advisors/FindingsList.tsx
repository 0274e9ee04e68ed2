import { useState } from 'react'
import { EmptyState } from '@/components/ui/EmptyState'
import { countByLevel, filterByLevel, groupByLevel, LEVEL_LABELS, type Finding, type LevelFilter } from '@/lib/advisors/findings'
import { LINT_LEVELS } from '@/lib/advisors/lints'
import { FindingItem } from './FindingItem'
import styles from './Advisors.module.css'

type FindingsListProps = {
  findings: Finding[]
  projectRef: string
  connectionString: string | null
  canApplyFix: boolean
  /** How many checks ran, for the empty state. */
  lintCount: number
  /** Prefix of the group headings' ids, unique per list on a page. */
  idPrefix: string
}

/** Findings grouped by level (errors first) with counts, and a filter by level. */
export function FindingsList({ findings, projectRef, connectionString, canApplyFix, lintCount, idPrefix }: FindingsListProps) {
  const [level, setLevel] = useState<LevelFilter>('ALL')
  const counts = countByLevel(findings)

  if (findings.length === 0) {
    return (
      <EmptyState
        title="No issues found"
        description={`All ${lintCount} ${lintCount === 1 ? 'check' : 'checks'} passed on this database.`}
      />
    )
  }

  const groups = groupByLevel(filterByLevel(findings, level))
  const options: { value: LevelFilter; label: string; count: number }[] = [
    { value: 'ALL', label: 'All', count: findings.length },
    ...LINT_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l], count: counts[l] })),
  ]

  return (
    <div className={styles.section}>
      <div className={styles.filters} role="group" aria-label="Filter by level">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className={`btn btn-sm ${styles.filter}`}
            aria-pressed={level === option.value}
            onClick={() => setLevel(option.value)}
          >
            {option.label} ({option.count})
          </button>
        ))}
      </div>
      {groups.length === 0 ? (
        <p className="muted">No {LEVEL_LABELS[level as Exclude<LevelFilter, 'ALL'>].toLowerCase()} in this run.</p>
      ) : (
        groups.map((group) => (
          <section key={group.level} className={styles.group} aria-labelledby={`${idPrefix}-${group.level}`}>
            <h2 id={`${idPrefix}-${group.level}`}>
              {LEVEL_LABELS[group.level]} <span className="badge">{group.findings.length}</span>
            </h2>
            <ul className={styles.findingList}>
              {group.findings.map((finding) => (
                <FindingItem key={finding.id} finding={finding} projectRef={projectRef} connectionString={connectionString} canApplyFix={canApplyFix} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  )
}
