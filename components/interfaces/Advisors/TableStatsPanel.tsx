import Link from 'next/link'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { DataTable } from '@/components/ui/DataTable'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { useTableStatsQuery } from '@/data/advisors/table-stats-query'
import { hitRatio } from '@/lib/advisors/query-performance'
import { indexFormHref } from '@/lib/database/indexes'
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
      {tables.isError ? (
        <ErrorState title="Failed to load the table statistics" error={tables.error} onRetry={() => void tables.refetch()} />
      ) : (
        <DataTable
          label="Table scans"
          loading={tables.isPending}
          loadingLabel="Loading the table statistics"
          rows={tables.data}
          rowKey={(t) => `${t.schema}.${t.name}`}
          empty={<EmptyState title="No tables yet" description="Statistics appear here once the database has tables of its own." />}
          columns={[
            { key: 'table', header: 'Table', rowHeader: true, render: (t) => `${t.schema}.${t.name}` },
            { key: 'seq', header: 'Sequential scans', align: 'right', render: (t) => formatCount(t.seq_scan) },
            { key: 'seqRows', header: 'Rows read by them', align: 'right', render: (t) => formatCount(t.seq_tup_read) },
            { key: 'idx', header: 'Index scans', align: 'right', render: (t) => formatCount(t.idx_scan) },
            { key: 'live', header: 'Live rows', align: 'right', render: (t) => formatCount(t.n_live_tup) },
            { key: 'dead', header: 'Dead rows', align: 'right', render: (t) => formatCount(t.n_dead_tup) },
            {
              key: 'hits',
              header: 'Cache hits',
              align: 'right',
              render: (t) => {
                const ratio = hitRatio(t.heap_blks_hit, t.heap_blks_read)
                return ratio === null ? '–' : formatPercent(ratio)
              },
            },
            { key: 'size', header: 'Size', align: 'right', render: (t) => (t.total_bytes === null ? '–' : formatBytes(Number(t.total_bytes))) },
            {
              key: 'index',
              header: 'Index',
              nowrap: true,
              render: (t) => (
                <Link className="btn btn-sm" href={indexFormHref(vars.projectRef ?? '', { schema: t.schema, table: t.name, columns: [] })} aria-label={`Create an index on ${t.schema}.${t.name}`}>
                  Create index
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  )
}
