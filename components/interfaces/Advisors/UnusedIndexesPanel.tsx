import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { DataTable } from '@/components/ui/DataTable'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
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
      {indexes.isError ? (
        <ErrorState title="Failed to load the index statistics" error={indexes.error} onRetry={() => void indexes.refetch()} />
      ) : (
        <DataTable
          label="Unused indexes"
          loading={indexes.isPending}
          loadingLabel="Loading the index statistics"
          rows={indexes.data}
          rowKey={(i) => `${i.schema}.${i.name}`}
          empty={<EmptyState title="No unused indexes" description="Every index has been used at least once." />}
          columns={[
            {
              key: 'index',
              header: 'Index',
              render: (i) => (
                <>
                  {i.name}
                  {i.backs_constraint && (
                    <>
                      {' '}
                      <span className="badge">Constraint</span>
                    </>
                  )}
                </>
              ),
            },
            { key: 'table', header: 'Table', render: (i) => `${i.schema}.${i.table_name}` },
            { key: 'definition', header: 'Definition', render: (i) => <code className={styles.queryText}>{i.definition}</code> },
            { key: 'size', header: 'Size', align: 'right', render: (i) => formatBytes(Number(i.bytes)) },
          ]}
        />
      )}
    </section>
  )
}
