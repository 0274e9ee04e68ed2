import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { Toggle } from '@/components/ui/Toggle'
import type { CronJob } from '@/data/cron/cron-jobs-query'
import { formatDateTime } from '@/lib/formatting'
import { formatDuration, RUN_STATUS_BADGE } from './Cron.utils'
import styles from './Cron.module.css'

type Props = {
  jobs: CronJob[]
  canWrite: boolean
  /** Job ids with a Run now or an active toggle under way. */
  busy: Set<number>
  onToggle: (job: CronJob, active: boolean) => void
  onRun: (job: CronJob) => void
  onHistory: (job: CronJob) => void
  onEdit: (job: CronJob) => void
  onDelete: (job: CronJob) => void
}

/** The project's cron jobs: name, schedule in words, next run, last run, active switch and actions. */
export function CronJobsTable({ jobs, canWrite, busy, onToggle, onRun, onHistory, onEdit, onDelete }: Props) {
  return (
    <DataTable
      label="Cron jobs"
      rows={jobs}
      rowKey={(job) => job.id}
      columns={[
        { key: 'name', header: 'Name', rowHeader: true, className: styles.name, render: (job) => job.name },
        {
          key: 'schedule',
          header: 'Schedule',
          className: styles.scheduleCell,
          render: (job) => (
            <>
              <code className="mono">{job.schedule}</code>
              <span className={styles.scheduleText}>{job.schedule_description ?? 'Invalid schedule'}</span>
            </>
          ),
        },
        {
          key: 'next',
          header: 'Next run',
          nowrap: true,
          render: (job) => (job.next_run_at ? <time dateTime={job.next_run_at}>{formatDateTime(job.next_run_at)}</time> : <span className={styles.muted}>Inactive</span>),
        },
        { key: 'last', header: 'Last run', render: (job) => <LastRun job={job} /> },
        {
          key: 'active',
          header: 'Active',
          render: (job) => (
            <Toggle aria-label={`Active: ${job.name}`} size="small" checked={job.active} disabled={!canWrite || busy.has(job.id)} onChange={(active) => onToggle(job, active)} />
          ),
        },
      ]}
      actions={(job) => (
        <>
          <button type="button" className="btn btn-sm" onClick={() => onHistory(job)} aria-label={`Run history of ${job.name}`}>
            History
          </button>
          {canWrite && (
            <>
              <button type="button" className="btn btn-sm" onClick={() => onRun(job)} disabled={busy.has(job.id)} aria-label={`Run ${job.name} now`}>
                {busy.has(job.id) ? 'Running…' : 'Run now'}
              </button>
              <button type="button" className="btn btn-sm" onClick={() => onEdit(job)} aria-label={`Edit ${job.name}`}>
                Edit
              </button>
              <button type="button" className="btn btn-sm btn-danger" onClick={() => onDelete(job)} aria-label={`Delete ${job.name}`}>
                Delete
              </button>
            </>
          )}
        </>
      )}
    />
  )
}

/** The last run's status, start and duration, or "Never run". */
function LastRun({ job }: { job: CronJob }) {
  const last = job.last_run
  if (!last) return <span className={styles.muted}>Never run</span>
  return (
    <div className={styles.lastRun}>
      <Badge variant={RUN_STATUS_BADGE[last.status].variant}>{RUN_STATUS_BADGE[last.status].label}</Badge>
      <span className={styles.scheduleText}>
        <time dateTime={last.started_at}>{formatDateTime(last.started_at)}</time>
        {last.duration_ms !== null && ` · ${formatDuration(last.duration_ms)}`}
      </span>
    </div>
  )
}
