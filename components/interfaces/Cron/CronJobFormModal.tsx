import { useEffect, useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { Toggle } from '@/components/ui/Toggle'
import { useCronJobCreateMutation } from '@/data/cron/cron-job-create-mutation'
import { useCronJobUpdateMutation } from '@/data/cron/cron-job-update-mutation'
import type { CronJob } from '@/data/cron/cron-jobs-query'
import { describeSchedule, nextRunAfter, parseSchedule, SCHEDULE_PRESETS } from '@/lib/cron/schedule'
import { formatDateTime } from '@/lib/formatting'
import { validateCronForm, type CronFormValues } from './cron-form'
import styles from './Cron.module.css'

const EMPTY: CronFormValues = { name: '', schedule: '*/5 * * * *', command: '', active: true }

type Props = {
  projectRef: string
  /** The job to edit; none to create one. */
  job?: CronJob | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Creates or edits a cron job: name, schedule (presets, live description or error), SQL command. */
export function CronJobFormModal({ projectRef, job, open, onOpenChange }: Props) {
  const id = useId()
  const [values, setValues] = useState<CronFormValues>(EMPTY)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)

  useEffect(() => {
    if (!open) return
    setValues(job ? { name: job.name, schedule: job.schedule, command: job.command, active: job.active } : EMPTY)
    setTouched({})
    setSubmitted(false)
    setServerError(null)
  }, [open, job])

  const onError = (error: Error) => setServerError(error.message)
  const create = useCronJobCreateMutation({ onError })
  const update = useCronJobUpdateMutation({ onError })
  const saving = create.isPending || update.isPending

  const errors = validateCronForm(values)
  const shown = (field: keyof typeof errors) => ((submitted || touched[field]) && errors[field]) || undefined
  // The schedule is checked as it is typed; an empty one only once left or submitted.
  const scheduleError = values.schedule.trim() ? errors.schedule : shown('schedule')
  const description = describeSchedule(values.schedule)
  const parsed = parseSchedule(values.schedule)
  const nextRun = parsed.ok ? nextRunAfter(parsed.schedule, new Date()) : null
  const set = (field: keyof CronFormValues) => (value: string | boolean) => setValues((v) => ({ ...v, [field]: value }))

  function submit() {
    setSubmitted(true)
    setServerError(null)
    if (Object.keys(errors).length > 0) return
    const body = { name: values.name.trim(), schedule: values.schedule.trim(), command: values.command, active: values.active }
    const done = (verb: string) => () => {
      toast.success(`Cron job "${body.name}" ${verb}`)
      onOpenChange(false)
    }
    if (job) update.mutate({ projectRef, id: job.id, ...body }, { onSuccess: done('saved') })
    else create.mutate({ projectRef, ...body }, { onSuccess: done('created') })
  }

  const fieldProps = (field: 'name' | 'schedule' | 'command') => ({
    id: `${id}-${field}`,
    'aria-invalid': (field === 'schedule' ? scheduleError : shown(field)) ? true : undefined,
    'aria-describedby': `${id}-${field}-hint`,
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  })

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={job ? `Edit cron job ${job.name}` : 'Create cron job'}
      description="The platform runs the command on the project database on this schedule (UTC)."
      size="large"
      submitLabel={job ? 'Save job' : 'Create job'}
      pending={saving}
      error={serverError}
      errorTitle="The job was not saved"
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input className="input" value={values.name} onChange={(e) => set('name')(e.target.value)} autoComplete="off" {...fieldProps('name')} />
        <span id={`${id}-name-hint`} className={shown('name') ? 'field-error' : 'field-hint'}>
          {shown('name') ?? 'Unique within the project, e.g. nightly-cleanup'}
        </span>
      </div>

      <div className="field">
        <label htmlFor={`${id}-schedule`}>Schedule</label>
        <div className={styles.presetRow}>
          <input
            className={`input mono ${styles.input}`}
            value={values.schedule}
            onChange={(e) => set('schedule')(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            {...fieldProps('schedule')}
          />
          <select
            className={`select ${styles.select}`}
            aria-label="Schedule presets"
            value=""
            onChange={(e) => {
              if (e.target.value) set('schedule')(e.target.value)
            }}
          >
            <option value="">Presets…</option>
            {SCHEDULE_PRESETS.map((p) => (
              <option key={p.schedule} value={p.schedule}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <span id={`${id}-schedule-hint`} className={scheduleError ? 'field-error' : styles.preview} aria-live="polite">
          {scheduleError
            ? scheduleError
            : description
              ? `${description}${nextRun ? ` · next run ${formatDateTime(nextRun)}` : ''}`
              : 'Five cron fields in UTC (minute hour day month weekday), or "N seconds" (1–59)'}
        </span>
      </div>

      <div className="field">
        <label htmlFor={`${id}-command`}>SQL command</label>
        <textarea
          className={`textarea ${styles.command}`}
          value={values.command}
          onChange={(e) => set('command')(e.target.value)}
          spellCheck={false}
          placeholder="delete from events where created_at < now() - interval '30 days'"
          {...fieldProps('command')}
        />
        <span id={`${id}-command-hint`} className={shown('command') ? 'field-error' : 'field-hint'}>
          {shown('command') ?? 'Runs as the project database owner, in one round trip; several statements are allowed.'}
        </span>
      </div>

      <Toggle label="Active" description="Inactive jobs keep their history and can still be run by hand." checked={values.active} onChange={set('active')} />
    </FormModal>
  )
}
