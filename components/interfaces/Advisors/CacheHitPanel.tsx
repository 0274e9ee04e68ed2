import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useCacheHitQuery } from '@/data/advisors/cache-hit-query'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { hitRatio } from '@/lib/advisors/query-performance'
import { formatDateTime } from '@/lib/formatting'
import { formatCount, formatPercent } from './Advisors.utils'
import styles from './Advisors.module.css'

/** Below this share of reads from memory, the working set likely does not fit in shared buffers. */
const GOOD_HIT_RATIO = 0.99

/** Cache hit ratio of tables and indexes (pg_statio_user_tables). */
export function CacheHitPanel(vars: ProjectSqlVariables & { enabled: boolean }) {
  const cache = useCacheHitQuery(vars)
  return (
    <section className={styles.section} aria-labelledby="cache-hit">
      <h2 id="cache-hit">Cache hit ratio</h2>
      {cache.isPending ? (
        <SkeletonLines lines={2} label="Loading the cache statistics" />
      ) : cache.isError ? (
        <ErrorState title="Failed to load the cache statistics" error={cache.error} onRetry={() => void cache.refetch()} />
      ) : (
        <>
          <div className={styles.stats}>
            {(
              [
                ['Tables', cache.data.heap_hit, cache.data.heap_read],
                ['Indexes', cache.data.idx_hit, cache.data.idx_read],
              ] as const
            ).map(([label, hit, read]) => {
              const ratio = hitRatio(hit, read)
              return (
                <div key={label} className={`surface ${styles.stat}`}>
                  <div className="muted">{label}</div>
                  <div className={styles.statValue}>{ratio === null ? 'No reads yet' : formatPercent(ratio)}</div>
                  <div className="muted">
                    {formatCount(Number(hit ?? 0))} blocks from memory, {formatCount(Number(read ?? 0))} read in
                    {ratio !== null && ratio < GOOD_HIT_RATIO ? ' — below 99%: consider more memory or fewer full scans' : ''}
                  </div>
                </div>
              )
            })}
          </div>
          <p className="muted" style={{ margin: 0 }}>
            Counted {cache.data.stats_reset ? `since ${formatDateTime(cache.data.stats_reset)}` : 'since the statistics began'}; Postgres
            publishes these counters with a delay of about a second: Refresh statistics to see the latest.
          </p>
        </>
      )}
    </section>
  )
}
