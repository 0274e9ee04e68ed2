import { parseSchedule } from '@/lib/cron/schedule'
import { CRON_COMMAND_MAX_BYTES, CRON_JOB_NAME_MAX_LENGTH } from '@/lib/cron/limits'
import type { BadgeVariant } from '@/components/ui/Badge'
import type { CronRunStatus } from '@/data/cron/cron-jobs-query'

export type CronFormValues = { name: string; schedule: string; command: string; active: boolean }
export type CronFormErrors = Partial<Record<'name' | 'schedule' | 'command', string>>

/** What is wrong with the job form, field by field (the platform checks the same rules). */
export function validateCronForm(values: CronFormValues): CronFormErrors {
  const errors: CronFormErrors = {}
  const name = values.name.trim()
  if (!name) errors.name = 'Enter a name'
  else if (name.length > CRON_JOB_NAME_MAX_LENGTH) errors.name = `A name is at most ${CRON_JOB_NAME_MAX_LENGTH} characters`
  const schedule = parseSchedule(values.schedule)
  if (!schedule.ok) errors.schedule = schedule.error
  if (!values.command.trim()) errors.command = 'Enter the SQL to run'
  else if (new TextEncoder().encode(values.command).length > CRON_COMMAND_MAX_BYTES) errors.command = 'The command is at most 64 KiB'
  return errors
}

export const RUN_STATUS_BADGE: Record<CronRunStatus, { label: string; variant: BadgeVariant }> = {
  succeeded: { label: 'Succeeded', variant: 'brand' },
  failed: { label: 'Failed', variant: 'danger' },
  running: { label: 'Running', variant: 'warning' },
}

/** 850 ms, 12.3 s, 2 min 5 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const minutes = Math.floor(ms / 60_000)
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`
}
