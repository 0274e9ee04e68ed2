import { useQueryClient } from '@tanstack/react-query'
import { Admonition } from '@/components/ui/Admonition'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectConnection } from '@/hooks/use-project-connection'
import { advisorKeys } from '@/data/advisors/keys'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { AdvisorFindings } from './AdvisorFindings'
import { CacheHitPanel } from './CacheHitPanel'
import { RunningQueriesPanel } from './RunningQueriesPanel'
import { StatementsPanel } from './StatementsPanel'
import { TableStatsPanel } from './TableStatsPanel'
import { UnusedIndexesPanel } from './UnusedIndexesPanel'
import styles from './Advisors.module.css'

/**
 * spec §2 /advisors/query-performance: statement statistics when pg_stat_statements is there,
 * and always what Postgres tracks by itself: cache hits, running queries, table scans, unused
 * indexes; then the performance lints.
 */
export function QueryPerformanceScreen({ projectRef }: { projectRef: string }) {
  const queryClient = useQueryClient()
  const connection = useProjectConnection(projectRef)
  const rulesPreview = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.advisorRules)
  const vars = { projectRef, connectionString: connection.connectionString, enabled: connection.ready }

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Query performance</h1>
          <p className="muted">What the database knows about how it spends its time, and what could make it faster.</p>
        </div>
        {connection.ready && (
          <button type="button" className="btn btn-sm" onClick={() => void queryClient.invalidateQueries({ queryKey: advisorKeys.performance(projectRef) })}>
            Refresh statistics
          </button>
        )}
      </div>
      {connection.isLoading ? (
        <SkeletonLines lines={4} label="Loading the project" />
      ) : connection.error ? (
        <ErrorState title="Failed to load the project" error={connection.error} onRetry={() => void connection.refetch()} />
      ) : !connection.ready ? (
        <Admonition type="warning" role="status" title="The database is not serving queries">
          The statistics come from the project&apos;s database, which is {connection.project?.status ?? 'not available'} right now.
        </Admonition>
      ) : (
        <>
          <CacheHitPanel {...vars} />
          <RunningQueriesPanel {...vars} />
          <StatementsPanel {...vars} />
          <TableStatsPanel {...vars} />
          <UnusedIndexesPanel {...vars} />
          <section className={styles.section} aria-labelledby="performance-advisor">
            <h2 id="performance-advisor">Performance advisor</h2>
            <AdvisorFindings
              projectRef={projectRef}
              category="PERFORMANCE"
              rulesHref={rulesPreview ? `/project/${projectRef}/advisors/rules/security?view=rules` : null}
            />
          </section>
        </>
      )}
    </div>
  )
}
