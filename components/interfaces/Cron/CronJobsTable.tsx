import { Badge } from '@/components/ui/Badge'
import { Toggle } from '@/components/ui/Toggle'
import type { CronJob } from '@/data/cron/cron-jobs-query'
import { formatDateTime } from '@/lib/formatting'
import { formatDuration, RUN_STATUS_BADGE } from './Cron.utils'
import tableStyles from '@/components/ui/DataTable.module.css'
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
    <div className={tableStyles.scroll}>
      <table className={tableStyles.table} aria-label="Cron jobs">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Schedule</th>
            <th scope="col">Next run</th>
            <th scope="col">Last run</th>
            <th scope="col">Active</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const last = job.last_run
            return (
              <tr key={job.id}>
                <th scope="row" className={styles.name}>
                  {job.name}
                </th>
                <td className={styles.scheduleCell}>
                  <code className="mono">{job.schedule}</code>
                  <span className={styles.scheduleText}>{job.schedule_description ?? 'Invalid schedule'}</span>
                </td>
                <td className={styles.nowrap}>
                  {job.next_run_at ? <time dateTime={job.next_run_at}>{formatDateTime(job.next_run_at)}</time> : <span className={styles.muted}>Inactive</span>}
                </td>
                <td>
                  {last ? (
                    <div className={styles.lastRun}>
                      <Badge variant={RUN_STATUS_BADGE[last.status].variant}>{RUN_STATUS_BADGE[last.status].label}</Badge>
                      <span className={styles.scheduleText}>
                        <time dateTime={last.started_at}>{formatDateTime(last.started_at)}</time>
                        {last.duration_ms !== null && ` · ${formatDuration(last.duration_ms)}`}
                      </span>
                    </div>
                  ) : (
                    <span className={styles.muted}>Never run</span>
                  )}
                </td>
                <td>
                  <Toggle
                    aria-label={`Active: ${job.name}`}
                    size="small"
                    checked={job.active}
                    disabled={!canWrite || busy.has(job.id)}
                    onChange={(active) => onToggle(job, active)}
                  />
                </td>
                <td>
                  <div className={styles.rowActions}>
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
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
