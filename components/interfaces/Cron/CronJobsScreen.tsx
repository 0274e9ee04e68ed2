import dynamic from 'next/dynamic'
import { useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { queryState } from '@/components/ui/QueryState'
import { EmptyState } from '@/components/ui/EmptyState'
import { useCronJobRunMutation } from '@/data/cron/cron-job-run-mutation'
import { useCronJobUpdateMutation } from '@/data/cron/cron-job-update-mutation'
import { useCronJobsQuery, type CronJob } from '@/data/cron/cron-jobs-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { CronJobsTable } from './CronJobsTable'
import { CronRunsModal } from './CronRunsModal'
import { DeleteCronJobModal } from './DeleteCronJobModal'
import { useProjectAccess } from '@/hooks/use-project-access'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'

// The form brings the schedule parser (cron-parser, cronstrue): a chunk of its own, fetched after
// the page shows rather than in its first load.
const CronJobFormModal = dynamic(() => import('./CronJobFormModal').then((m) => m.CronJobFormModal), { ssr: false })

/** `/project/{ref}/integrations/cron`: SQL jobs the platform runs on a schedule (pg_cron semantics). */
export function CronJobsScreen({ projectRef }: { projectRef: string }) {
  const jobs = useCronJobsQuery({ projectRef })
  const project = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useProjectAccess(projectRef).atLeast('Developer')
  const [form, setForm] = useState<{ open: boolean; job: CronJob | null }>({ open: false, job: null })
  const [history, setHistory] = useState<CronJob | null>(null)
  const [deleting, setDeleting] = useState<CronJob | null>(null)
  const [busy, setBusy] = useState<Set<number>>(new Set())

  const mark = (id: number, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const run = useCronJobRunMutation()
  const update = useCronJobUpdateMutation()

  function runNow(job: CronJob) {
    mark(job.id, true)
    run.mutate(
      { projectRef, id: job.id },
      {
        onSuccess: (result) => {
          if (result.status === 'succeeded') toast.success(`${job.name} ran: ${result.return_message ?? 'OK'}`)
          else toast.error(`${job.name} failed: ${result.return_message ?? 'unknown error'}`)
        },
        onSettled: () => mark(job.id, false),
      }
    )
  }

  function toggle(job: CronJob, active: boolean) {
    mark(job.id, true)
    update.mutate(
      { projectRef, id: job.id, active },
      {
        onSuccess: () => toast.success(`${job.name} ${active ? 'activated' : 'deactivated'}`),
        onSettled: () => mark(job.id, false),
      }
    )
  }

  const createButton = canWrite && (
    <button type="button" className="btn btn-primary" onClick={() => setForm({ open: true, job: null })}>
      Create job
    </button>
  )

  let content = queryState(jobs, {
    what: 'cron jobs',
    empty: (
      <EmptyState
        title="No cron jobs yet"
        description="Schedule SQL to run on this project's database: clean up old rows, refresh a materialized view, call a function every few minutes."
        action={createButton || undefined}
      />
    ),
  })
  if (jobs.isSuccess && content === null) {
    content = (
      <CronJobsTable
        jobs={jobs.data}
        canWrite={canWrite}
        busy={busy}
        onToggle={toggle}
        onRun={runNow}
        onHistory={setHistory}
        onEdit={(job) => setForm({ open: true, job })}
        onDelete={setDeleting}
      />
    )
  }

  const status = project.data?.status
  return (
    <div className={pageScreenClass}>
      <PageHeader
        title="Cron jobs"
        subtitle={
          <>
            SQL the platform runs on this project&apos;s database on a schedule, in UTC, with pg_cron&apos;s syntax: five cron fields or
&quot;N seconds&quot;.
          </>
        }
        actions={jobs.isSuccess && jobs.data.length > 0 && createButton}
      />
      {status && status !== 'ACTIVE_HEALTHY' && (
        <Admonition type="warning" title={`The project is ${status}`}>
          Jobs run only while the project is healthy; runs missed meanwhile are not caught up.
        </Admonition>
      )}
      {jobs.isSuccess && !canWrite && (
        <Admonition title="Read-only access">Your role can view jobs and their runs; creating, changing and running jobs needs the Developer role or above.</Admonition>
      )}
      {content}
      <CronJobFormModal projectRef={projectRef} open={form.open} job={form.job} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <CronRunsModal projectRef={projectRef} job={history} onClose={() => setHistory(null)} />
      <DeleteCronJobModal projectRef={projectRef} job={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
