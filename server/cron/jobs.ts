import { describeSchedule, nextRunAfter, parseSchedule } from '@/lib/cron/schedule'
import type { Db } from '../db/types'
import { conflict, notFound } from '../http/errors'
import type { CreateCronJobInput, CronJob, CronRun, CronRunsPage, UpdateCronJobInput } from '@/lib/api-types/cron'

/** A run as the store holds it: ids may come back as strings (bigint), times as dates. */
export type CronRunRow = Omit<CronRun, 'id' | 'job_id' | 'started_at' | 'ended_at'> & {
  id: number | string
  job_id: number | string
  started_at: string | Date
  ended_at: string | Date | null
}

type CronJobRow = {
  id: number | string
  name: string
  schedule: string
  command: string
  active: boolean
  next_run_at: string | Date | null
  inserted_at: string | Date
  updated_at: string | Date
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value))

export function serializeRun(row: CronRunRow): CronRun {
  return {
    id: Number(row.id),
    job_id: Number(row.job_id),
    status: row.status,
    trigger: row.trigger,
    command: row.command,
    started_at: iso(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    return_message: row.return_message,
  }
}

function serializeJob(row: CronJobRow, lastRun: CronRunRow | null): CronJob {
  return {
    id: Number(row.id),
    name: row.name,
    schedule: row.schedule,
    schedule_description: describeSchedule(row.schedule),
    command: row.command,
    active: row.active,
    next_run_at: isoOrNull(row.next_run_at),
    created_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    last_run: lastRun ? serializeRun(lastRun) : null,
  }
}

export const RUN_COLUMNS = 'r.id, r.job_id, r.status, r.trigger, r.command, r.started_at, r.ended_at, r.duration_ms, r.return_message'
const JOB_COLUMNS = 'j.id, j.name, j.schedule, j.command, j.active, j.next_run_at, j.inserted_at, j.updated_at'

/** When an active job runs next, from now; null for an inactive one. */
export function nextRunFor(schedule: string, active: boolean, now = new Date()): Date | null {
  if (!active) return null
  const parsed = parseSchedule(schedule)
  return parsed.ok ? nextRunAfter(parsed.schedule, now) : null
}

async function lastRuns(db: Db, jobIds: number[]): Promise<Map<number, CronRunRow>> {
  if (jobIds.length === 0) return new Map()
  const { rows } = await db.query<CronRunRow>(
    `select distinct on (r.job_id) ${RUN_COLUMNS} from platform.cron_job_runs r
      where r.job_id = any($1::bigint[]) order by r.job_id, r.id desc`,
    [jobIds]
  )
  return new Map(rows.map((row) => [Number(row.job_id), row]))
}

/** The project's jobs by name, each with its latest run. */
export async function listCronJobs(db: Db, projectId: number): Promise<CronJob[]> {
  const { rows } = await db.query<CronJobRow>(`select ${JOB_COLUMNS} from platform.cron_jobs j where j.project_id = $1 order by lower(j.name), j.id`, [
    projectId,
  ])
  const runs = await lastRuns(
    db,
    rows.map((r) => Number(r.id))
  )
  return rows.map((row) => serializeJob(row, runs.get(Number(row.id)) ?? null))
}

/** One job of the project; 404 for a job of another project as for a missing one. */
export async function getCronJob(db: Db, projectId: number, id: string): Promise<CronJob> {
  const { rows } = await db.query<CronJobRow>(`select ${JOB_COLUMNS} from platform.cron_jobs j where j.id = $1 and j.project_id = $2`, [id, projectId])
  if (!rows[0]) throw notFound(`Cron job ${id} not found`)
  const runs = await lastRuns(db, [Number(rows[0].id)])
  return serializeJob(rows[0], runs.get(Number(rows[0].id)) ?? null)
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
}

const nameTaken = (name: string) => conflict(`A cron job named "${name}" already exists in this project: choose another name`)

/** Creates a job; it first runs at the next occurrence of its schedule. */
export async function createCronJob(db: Db, projectId: number, userId: string | null, input: CreateCronJobInput): Promise<CronJob> {
  const active = input.active ?? true
  try {
    const { rows } = await db.query<{ id: number }>(
      `insert into platform.cron_jobs (project_id, name, schedule, command, active, next_run_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [projectId, input.name, input.schedule, input.command, active, nextRunFor(input.schedule, active), userId]
    )
    return getCronJob(db, projectId, String(rows[0].id))
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name)
    throw error
  }
}

/** Changes a job; a new schedule or re-activation counts from now. */
export async function updateCronJob(db: Db, projectId: number, id: string, input: UpdateCronJobInput): Promise<CronJob> {
  const current = await getCronJob(db, projectId, id)
  const schedule = input.schedule ?? current.schedule
  const active = input.active ?? current.active
  const reschedule = input.schedule !== undefined || input.active !== undefined
  try {
    const { rows } = await db.query(
      `update platform.cron_jobs
          set name = $3, schedule = $4, command = $5, active = $6,
              next_run_at = case when $7::boolean then $8::timestamptz else next_run_at end,
              updated_at = now()
        where id = $1 and project_id = $2 returning id`,
      [id, projectId, input.name ?? current.name, schedule, input.command ?? current.command, active, reschedule, nextRunFor(schedule, active)]
    )
    if (!rows[0]) throw notFound(`Cron job ${id} not found`)
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? current.name)
    throw error
  }
  return getCronJob(db, projectId, id)
}

/** Deletes a job and its run history. */
export async function deleteCronJob(db: Db, projectId: number, id: string): Promise<void> {
  const { rows } = await db.query('delete from platform.cron_jobs where id = $1 and project_id = $2 returning id', [id, projectId])
  if (!rows[0]) throw notFound(`Cron job ${id} not found`)
}

/** A page of a job's runs, newest first, with the total. */
export async function listCronRuns(
  db: Db,
  projectId: number,
  id: string,
  page: { limit: number; offset: number }
): Promise<CronRunsPage> {
  await getCronJob(db, projectId, id)
  const { rows } = await db.query<CronRunRow>(
    `select ${RUN_COLUMNS} from platform.cron_job_runs r where r.job_id = $1 order by r.id desc limit $2 offset $3`,
    [id, page.limit, page.offset]
  )
  const { rows: count } = await db.query<{ n: number }>('select count(*)::int as n from platform.cron_job_runs where job_id = $1', [id])
  return { runs: rows.map(serializeRun), total: Number(count[0].n), limit: page.limit, offset: page.offset }
}
