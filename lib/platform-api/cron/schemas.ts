import { z } from 'zod'
import { parseSchedule } from '@/lib/cron/schedule'
import { CRON_COMMAND_MAX_BYTES, CRON_JOB_NAME_MAX_LENGTH, CRON_RUNS_PAGE_SIZE } from '@/lib/cron/limits'
import { refParams } from '../projects/schemas'

const name = z
  .string('must be a string')
  .trim()
  .min(1, 'must not be empty')
  .max(CRON_JOB_NAME_MAX_LENGTH, `must be at most ${CRON_JOB_NAME_MAX_LENGTH} characters`)

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
export type CreateCronJobInput = z.infer<typeof createCronJobBody>

/** PATCH /platform/projects/:ref/cron/jobs/:id: any of the four, at least one. */
export const updateCronJobBody = z
  .strictObject({ name: name.optional(), schedule: schedule.optional(), command: command.optional(), active: active.optional() })
  .refine(
    (body) => body.name !== undefined || body.schedule !== undefined || body.command !== undefined || body.active !== undefined,
    'give at least one of name, schedule, command, active'
  )
export type UpdateCronJobInput = z.infer<typeof updateCronJobBody>

/** POST /platform/projects/:ref/cron/jobs/:id/run takes no fields. */
export const runCronJobBody = z.strictObject({})

/** A job id is a positive integer (as pg_cron's jobid). */
export const cronJobParams = refParams.extend({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'is not a cron job id'),
})

/** GET .../runs?limit=&offset= */
export const cronRunsQuery = z.strictObject({
  limit: z.coerce.number('must be a number').int('must be an integer').min(1, 'must be at least 1').max(100, 'must be at most 100').default(CRON_RUNS_PAGE_SIZE),
  offset: z.coerce.number('must be a number').int('must be an integer').min(0, 'must not be negative').max(1_000_000, 'is too large').default(0),
})
