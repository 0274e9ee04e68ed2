import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { ProjectSqlVariables } from '@/data/advisors/project-sql'
import { useUnusedIndexesQuery } from '@/data/advisors/unused-indexes-query'
import { formatBytes } from '@/lib/formatting'
import styles from './Advisors.module.css'

/** Indexes never used since the statistics were reset (pg_stat_user_indexes.idx_scan = 0). */
export function UnusedIndexesPanel(vars: ProjectSqlVariables & { enabled: boolean }) {
  const indexes = useUnusedIndexesQuery(vars)
  return (
    <section className={styles.section} aria-labelledby="unused-indexes">
      <h2 id="unused-indexes">Unused indexes</h2>
      <p className="muted" style={{ margin: 0 }}>
        Indexes no query has used since the statistics were reset. Each one costs space and slows writes; drop those that stay
        unused under your real workload. Indexes behind a primary key or unique constraint enforce it and must stay.
      </p>
      {indexes.isPending ? (
        <SkeletonLines lines={3} label="Loading the index statistics" />
      ) : indexes.isError ? (
        <ErrorState title="Failed to load the index statistics" error={indexes.error} onRetry={() => void indexes.refetch()} />
      ) : indexes.data.length === 0 ? (
        <EmptyState title="No unused indexes" description="Every index has been used at least once." />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Unused indexes">
            <thead>
              <tr>
                <th scope="col">Index</th>
                <th scope="col">Table</th>
                <th scope="col">Definition</th>
                <th scope="col" className={styles.num}>Size</th>
              </tr>
            </thead>
            <tbody>
              {indexes.data.map((i) => (
                <tr key={`${i.schema}.${i.name}`}>
                  <td>
                    {i.name}
                    {i.backs_constraint && (
                      <>
                        {' '}
                        <span className="badge">Constraint</span>
                      </>
                    )}
                  </td>
                  <td>
                    {i.schema}.{i.table_name}
                  </td>
                  <td>
                    <code className={styles.queryText}>{i.definition}</code>
                  </td>
                  <td className={styles.num}>{formatBytes(Number(i.bytes))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
