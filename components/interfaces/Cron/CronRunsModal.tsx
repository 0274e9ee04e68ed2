import { useEffect, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { queryState } from '@/components/ui/QueryState'
import { EmptyState } from '@/components/ui/EmptyState'
import { Modal } from '@/components/ui/Modal'
import { useCronJobRunsQuery } from '@/data/cron/cron-job-runs-query'
import type { CronJob } from '@/data/cron/cron-jobs-query'
import { CRON_RUNS_PAGE_SIZE } from '@/lib/cron/limits'
import { formatDateTime } from '@/lib/formatting'
import { formatDuration, RUN_STATUS_BADGE } from './Cron.utils'
import { DataTable } from '@/components/ui/DataTable'
import styles from './Cron.module.css'

/** A job's runs, newest first, paged: status, start, duration, trigger and the returned message. */
export function CronRunsModal({ projectRef, job, onClose }: { projectRef: string; job: CronJob | null; onClose: () => void }) {
  const [offset, setOffset] = useState(0)
  useEffect(() => setOffset(0), [job?.id])
  const runs = useCronJobRunsQuery({ projectRef, jobId: job?.id, offset })

  let body = queryState(runs, {
    what: 'runs',
    errorTitle: 'Failed to load the run history',
    isEmpty: (page) => page.total === 0,
    empty: <EmptyState title="No runs yet" description={job?.active ? 'The job runs at its next scheduled time, or use Run now.' : 'The job is inactive: use Run now, or activate it.'} />,
  })
  if (runs.isSuccess && body === null) {
    const { total } = runs.data
    const last = Math.min(offset + CRON_RUNS_PAGE_SIZE, total)
    body = (
      <>
        <DataTable
          label={`Runs of ${job?.name}`}
          busy={runs.isPlaceholderData}
          rows={runs.data.runs}
          rowKey={(run) => run.id}
          columns={[
            { key: 'status', header: 'Status', render: (run) => <Badge variant={RUN_STATUS_BADGE[run.status].variant}>{RUN_STATUS_BADGE[run.status].label}</Badge> },
            { key: 'started', header: 'Started', nowrap: true, render: (run) => <time dateTime={run.started_at}>{formatDateTime(run.started_at)}</time> },
            { key: 'duration', header: 'Duration', nowrap: true, render: (run) => formatDuration(run.duration_ms) },
            { key: 'trigger', header: 'Trigger', render: (run) => (run.trigger === 'manual' ? 'Run now' : 'Schedule') },
            { key: 'message', header: 'Message', render: (run) => <pre className={styles.message}>{run.return_message ?? '—'}</pre> },
          ]}
        />
        <div className={styles.pager}>
          <span>
            Runs {offset + 1}–{last} of {total.toLocaleString('en-US')}
          </span>
          <span style={{ display: 'flex', gap: '0.4rem' }}>
            <button type="button" className="btn btn-sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - CRON_RUNS_PAGE_SIZE))}>
              Newer
            </button>
            <button type="button" className="btn btn-sm" disabled={last >= total} onClick={() => setOffset(offset + CRON_RUNS_PAGE_SIZE)}>
              Older
            </button>
          </span>
        </div>
      </>
    )
  }

  return (
    <Modal open={job !== null} onOpenChange={(open) => !open && onClose()} title={`Run history: ${job?.name ?? ''}`} size="xlarge">
      {body}
    </Modal>
  )
}
