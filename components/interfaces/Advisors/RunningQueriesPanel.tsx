import { useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { SqlRunError } from '@/components/ui/SqlPreview'
import { useCancelQueryMutation } from '@/data/advisors/cancel-query-mutation'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { useRunningQueriesQuery } from '@/data/advisors/running-queries-query'
import { LONG_QUERY_SECONDS, type RunningQuery } from '@/lib/advisors/query-performance'
import { formatDuration } from './Advisors.utils'
import { useProjectAccess } from '@/hooks/use-project-access'
import styles from './Advisors.module.css'

/**
 * Statements running now in the project's database, every role's (the application's connections
 * too: the platform reads them), with Cancel for Developers and above.
 */
export function RunningQueriesPanel(vars: ProjectSqlVariables & { enabled: boolean }) {
  const activity = useRunningQueriesQuery(vars)
  const { atLeast } = useProjectAccess(vars.projectRef)
  const canCancel = atLeast('Developer')
  const [cancelling, setCancelling] = useState<RunningQuery | null>(null)
  const cancel = useCancelQueryMutation({
    onError: () => undefined, // shown in the dialog
    onSuccess: ({ cancelled: done }) => {
      toast.success(done ? `Cancel sent to process ${cancelling?.pid}` : `Process ${cancelling?.pid} had already finished`)
      setCancelling(null)
    },
  })

  return (
    <section className={styles.section} aria-labelledby="running-queries">
      <h2 id="running-queries">Running queries</h2>
      {activity.isPending ? (
        <SkeletonLines lines={2} label="Loading the running queries" />
      ) : activity.isError ? (
        <ErrorState title="Failed to load the running queries" error={activity.error} onRetry={() => void activity.refetch()} />
      ) : activity.data.embedded ? (
        <Admonition role="note" title="One query at a time">
          This project runs on the embedded database (PGlite), which serves one statement at a time: while the dashboard asks, nothing
          else can be running, so there is never a query to cancel here.
        </Admonition>
      ) : (
        <DataTable
          label="Running queries"
          rows={activity.data.queries}
          rowKey={(q) => q.pid}
          empty={<EmptyState title="No other queries are running" description="Refreshed every 5 seconds." />}
          columns={[
            { key: 'pid', header: 'Process', render: (q) => q.pid },
            { key: 'role', header: 'Role', render: (q) => q.role ?? '–' },
            {
              key: 'state',
              header: 'State',
              render: (q) => (
                <>
                  {q.state ?? '–'}
                  {q.wait_event && <div className="muted">{q.wait_event}</div>}
                </>
              ),
            },
            {
              key: 'seconds',
              header: 'Running for',
              align: 'right',
              render: (q) => (
                <>
                  {q.seconds === null ? '–' : formatDuration(q.seconds * 1000)} {(q.seconds ?? 0) >= LONG_QUERY_SECONDS && <span className="badge badge-warning">Long</span>}
                </>
              ),
            },
            { key: 'query', header: 'Query', render: (q) => <code className={styles.queryText}>{q.query || '–'}</code> },
          ]}
          actions={
            canCancel
              ? (q) => (
                  <button type="button" className="btn btn-sm btn-danger" onClick={() => setCancelling(q)} aria-label={`Cancel query of process ${q.pid}`}>
                    Cancel
                  </button>
                )
              : undefined
          }
        />
      )}
      <Modal
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCancelling(null)
            cancel.reset()
          }
        }}
        title={`Cancel the query of process ${cancelling?.pid ?? ''}?`}
        description="Postgres stops the statement and its transaction is rolled back; the connection stays open."
        footer={
          <>
            <button type="button" className="btn" onClick={() => setCancelling(null)}>
              Keep running
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={cancel.isPending}
              onClick={() => cancelling && vars.projectRef && cancel.mutate({ projectRef: vars.projectRef, pid: cancelling.pid })}
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel query'}
            </button>
          </>
        }
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: '0.6rem' }}>
          <pre className={styles.pre}>{cancelling?.query}</pre>
          {cancel.isError && <SqlRunError error={cancel.error} title="The query was not cancelled" />}
        </div>
      </Modal>
    </section>
  )
}
