import Link from 'next/link'
import { Admonition } from '@/components/ui/Admonition'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectConnection } from '@/hooks/use-project-connection'
import { useAdvisorRulesQuery } from '@/data/advisors/advisor-rules-query'
import { useLintFindingsQuery } from '@/data/advisors/lint-findings-query'
import { withoutDisabled } from '@/lib/advisors/findings'
import type { LintCategory } from '@/lib/advisors/lints'
import { formatDateTime } from '@/lib/formatting'
import { rulesDisabledText } from './Advisors.utils'
import { FindingsList } from './FindingsList'
import { useProjectAccess } from '@/hooks/use-project-access'
import styles from './Advisors.module.css'

type AdvisorFindingsProps = {
  projectRef: string
  category: LintCategory
  /** The advisor rules preview is on: disabled rules are left out, with a note linking to them. */
  rulesHref: string | null
}

/** Runs a category's lints on the project's database and shows the findings, with Refresh and the last run time. */
export function AdvisorFindings({ projectRef, category, rulesHref }: AdvisorFindingsProps) {
  const connection = useProjectConnection(projectRef)
  const { atLeast } = useProjectAccess(projectRef)
  const lints = useLintFindingsQuery({ projectRef, connectionString: connection.connectionString, category, enabled: connection.ready })
  const rules = useAdvisorRulesQuery({ projectRef, enabled: rulesHref !== null })
  const idPrefix = `advisor-${category.toLowerCase()}`

  if (connection.isLoading) return <SkeletonLines lines={4} label="Loading the project" />
  if (connection.error) return <ErrorState title="Failed to load the project" error={connection.error} onRetry={() => void connection.refetch()} />
  if (!connection.ready) {
    return (
      <Admonition type="warning" role="status" title="The database is not serving queries">
        The advisor runs its checks on the project&apos;s database, which is {connection.project?.status ?? 'not available'} right now. It
        runs once the project is healthy.
      </Admonition>
    )
  }

  const disabledRules = rulesHref !== null ? (rules.data ?? []).filter((r) => r.disabled && r.category === category) : []
  const disabled = new Set(disabledRules.map((r) => r.name))

  return (
    <div className={styles.section}>
      <div className={styles.sectionHeader}>
        <p className="muted" style={{ margin: 0 }} role="status" aria-live="polite">
          {lints.isFetching
            ? 'Running checks…'
            : lints.data
              ? `Last run ${formatDateTime(lints.data.ranAt)}`
              : lints.isError
                ? 'The last run failed'
                : ''}
        </p>
        <button type="button" className="btn btn-sm" onClick={() => void lints.refetch()} disabled={lints.isFetching}>
          {lints.isFetching ? 'Running…' : 'Refresh'}
        </button>
      </div>
      {disabledRules.length > 0 && rulesHref && (
        <p className="muted" style={{ margin: 0 }}>
          {rulesDisabledText(disabledRules.length)}: their findings are hidden. <Link href={rulesHref}>Review rules</Link>
        </p>
      )}
      {rules.isError && rulesHref && (
        <Admonition type="warning" role="alert" title="Could not load the advisor rules">
          Every finding is shown, including those of rules you may have disabled. {rules.error.message}
        </Admonition>
      )}
      {lints.isPending ? (
        <SkeletonLines lines={5} label="Running the checks" />
      ) : lints.isError ? (
        <ErrorState title="The checks could not run" error={lints.error} onRetry={() => void lints.refetch()} retrying={lints.isFetching} />
      ) : (
        <>
          {lints.data.failures.length > 0 && (
            <Admonition type="warning" role="alert" title={`${lints.data.failures.length} of ${lints.data.lintCount} checks could not run`}>
              <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
                {lints.data.failures.map((f) => (
                  <li key={f.lint}>
                    {f.title}: {f.message}
                  </li>
                ))}
              </ul>
            </Admonition>
          )}
          <FindingsList
            findings={withoutDisabled(lints.data.findings, disabled)}
            projectRef={projectRef}
            connectionString={connection.connectionString}
            canApplyFix={atLeast('Developer')}
            lintCount={lints.data.lintCount - disabledRules.length}
            idPrefix={idPrefix}
          />
        </>
      )}
    </div>
  )
}
