/**
 * The cron job shapes the platform sends and the dashboard reads, and the request bodies the
 * platform validates. The browser imports this file with `import type` only (zod stays out of its bundle).
 */
import { z } from 'zod'
import { CRON_COMMAND_MAX_BYTES, CRON_JOB_NAME_MAX_LENGTH, CRON_RUNS_PAGE_SIZE } from '@/lib/cron/limits'
import { parseSchedule } from '@/lib/cron/schedule'
import { givenName } from './fields'

export type CronRunStatus = 'running' | 'succeeded' | 'failed'

/** One run of a cron job. */
export type CronRun = {
  id: number
  job_id: number
  status: CronRunStatus
  trigger: 'schedule' | 'manual'
  command: string
  started_at: string
  ended_at: string | null
  duration_ms: number | null
  /** The command tag and row count (e.g. "INSERT 0 1"), or the Postgres error. */
  return_message: string | null
}

/** A cron job of a project, with its latest run. */
export type CronJob = {
  id: number
  name: string
  schedule: string
  /** The schedule in words (UTC), or null when it no longer parses; sent so the list needs no parser. */
  schedule_description: string | null
  command: string
  active: boolean
  next_run_at: string | null
  created_at: string
  updated_at: string
  last_run: CronRun | null
}

/** `GET .../cron/jobs/:id/runs`: a page of runs, newest first, with the total. */
export type CronRunsPage = { runs: CronRun[]; total: number; limit: number; offset: number }

const name = givenName(CRON_JOB_NAME_MAX_LENGTH)

/** A schedule pg_cron would take; the message says what is wrong with it. */
const schedule = z.string('must be a string').transform((text, ctx) => {
  const parsed = parseSchedule(text)
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.error })
    return z.NEVER
  }
  return parsed.schedule.text
})

const command = z
  .string('must be a string')
  .refine((text) => text.trim().length > 0, 'must not be empty')
  .refine((text) => Buffer.byteLength(text, 'utf8') <= CRON_COMMAND_MAX_BYTES, `must be at most ${CRON_COMMAND_MAX_BYTES} bytes (64 KiB)`)

const active = z.boolean('must be true or false')

/** POST /platform/projects/:ref/cron/jobs */
export const createCronJobBody = z.strictObject({ name, schedule, command, active: active.optional() })
export type CreateCronJobBody = z.input<typeof createCronJobBody>
export type CreateCronJobInput = z.infer<typeof createCronJobBody>

/** PATCH /platform/projects/:ref/cron/jobs/:id: any of the four, at least one. */
export const updateCronJobBody = z
  .strictObject({ name: name.optional(), schedule: schedule.optional(), command: command.optional(), active: active.optional() })
  .refine(
    (body) => body.name !== undefined || body.schedule !== undefined || body.command !== undefined || body.active !== undefined,
    'give at least one of name, schedule, command, active'
  )
export type UpdateCronJobBody = z.input<typeof updateCronJobBody>
export type UpdateCronJobInput = z.infer<typeof updateCronJobBody>

/** POST /platform/projects/:ref/cron/jobs/:id/run takes no fields. */
export const runCronJobBody = z.strictObject({})

/** GET .../runs?limit=&offset= */
export const cronRunsQuery = z.strictObject({
  limit: z.coerce.number('must be a number').int('must be an integer').min(1, 'must be at least 1').max(100, 'must be at most 100').default(CRON_RUNS_PAGE_SIZE),
  offset: z.coerce.number('must be a number').int('must be an integer').min(0, 'must not be negative').max(1_000_000, 'is too large').default(0),
})
