import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { ProjectSqlVariables } from '@/data/advisors/project-sql'
import { useTableStatsQuery } from '@/data/advisors/table-stats-query'
import { hitRatio } from '@/lib/advisors/query-performance'
import { formatBytes } from '@/lib/formatting'
import { formatCount, formatPercent } from './Advisors.utils'
import styles from './Advisors.module.css'

/** Sequential versus index scans per table (pg_stat_user_tables), biggest scanners first. */
export function TableStatsPanel(vars: ProjectSqlVariables & { enabled: boolean }) {
  const tables = useTableStatsQuery(vars)
  return (
    <section className={styles.section} aria-labelledby="table-scans">
      <h2 id="table-scans">Table scans</h2>
      <p className="muted" style={{ margin: 0 }}>
        Tables read mostly by sequential scans over many rows may need an index on the columns they are filtered by.
      </p>
      {tables.isPending ? (
        <SkeletonLines lines={4} label="Loading the table statistics" />
      ) : tables.isError ? (
        <ErrorState title="Failed to load the table statistics" error={tables.error} onRetry={() => void tables.refetch()} />
      ) : tables.data.length === 0 ? (
        <EmptyState title="No tables yet" description="Statistics appear here once the database has tables of its own." />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Table scans">
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col" className={styles.num}>Sequential scans</th>
                <th scope="col" className={styles.num}>Rows read by them</th>
                <th scope="col" className={styles.num}>Index scans</th>
                <th scope="col" className={styles.num}>Live rows</th>
                <th scope="col" className={styles.num}>Dead rows</th>
                <th scope="col" className={styles.num}>Cache hits</th>
                <th scope="col" className={styles.num}>Size</th>
              </tr>
            </thead>
            <tbody>
              {tables.data.map((t) => {
                const ratio = hitRatio(t.heap_blks_hit, t.heap_blks_read)
                return (
                  <tr key={`${t.schema}.${t.name}`}>
                    <th scope="row">
                      {t.schema}.{t.name}
                    </th>
                    <td className={styles.num}>{formatCount(t.seq_scan)}</td>
                    <td className={styles.num}>{formatCount(t.seq_tup_read)}</td>
                    <td className={styles.num}>{formatCount(t.idx_scan)}</td>
                    <td className={styles.num}>{formatCount(t.n_live_tup)}</td>
                    <td className={styles.num}>{formatCount(t.n_dead_tup)}</td>
                    <td className={styles.num}>{ratio === null ? '–' : formatPercent(ratio)}</td>
                    <td className={styles.num}>{t.total_bytes === null ? '–' : formatBytes(Number(t.total_bytes))}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
