import { CRON_COMMAND_MAX_BYTES, CRON_JOB_NAME_MAX_LENGTH } from '@/lib/cron/limits'
import { parseSchedule } from '@/lib/cron/schedule'

// Kept apart from Cron.utils: the schedule parser belongs to the lazily loaded form only.
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
