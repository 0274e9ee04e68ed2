import { CRON_RUNS_KEPT_PER_JOB, CRON_STATEMENT_TIMEOUT_MS } from '@/lib/cron/limits'
import { nextRunAfter, parseSchedule } from '@/lib/cron/schedule'
import { getStore } from '../db/store'
import type { Db } from '../db/types'
import { ApiError, conflict, notFound } from '../http/errors'
import { runProjectQuery } from '../projects/run-query'
import type { CronRun } from '@/lib/api-types/cron'
import { RUN_COLUMNS, serializeRun, type CronRunRow } from './jobs'

/**
 * The platform's cron scheduler (pg_cron semantics). The server holds no state: a job's next
 * occurrence is `next_run_at` in the store, and whoever moves it forward with a compare-and-set
 * (in the same statement that records the run) runs that occurrence, so two server instances
 * never both run one. As pg_cron, an occurrence is skipped while the job's previous run still
 * runs, and occurrences missed while the server (or the project) was down are not caught up:
 * the job runs once and continues from now. Jobs run only in ACTIVE_HEALTHY projects.
 */

/** How often the scheduler looks for due jobs. */
export const CRON_TICK_MS = 1_000
/** A run still marked running after this long was interrupted (its server stopped). */
const STALE_RUN_MS = CRON_STATEMENT_TIMEOUT_MS + 60_000
/** Due jobs claimed per tick at most. */
const CLAIM_BATCH = 100

type DueJob = { id: number | string; schedule: string; next_run_at: Date | string; ref: string }
type SchedulerState = { timer: ReturnType<typeof setInterval> | null; ticking: boolean; running: Set<Promise<unknown>> }

const g = globalThis as typeof globalThis & { __cronScheduler?: SchedulerState }
const state: SchedulerState = (g.__cronScheduler ??= { timer: null, ticking: false, running: new Set() })

/** `INSERT 0 1`, `UPDATE 3`, `SELECT 5`: the command tag Postgres would print. */
function commandTag(command: string | null, rowCount: number | null): string {
  if (!command) return 'OK'
  if (rowCount === null) return command
  return command === 'INSERT' ? `INSERT 0 ${rowCount}` : `${command} ${rowCount}`
}

/** Runs a recorded run's command on the project database and records how it ended. */
async function execute(db: Db, run: { id: number; ref: string; command: string }): Promise<CronRun> {
  const started = Date.now()
  let status: 'succeeded' | 'failed'
  let message: string
  try {
    const outcome = await runProjectQuery(run.ref, {
      // The timeout holds on a Postgres server; PGlite runs statements in-process and has no timer.
      query: `set statement_timeout = ${CRON_STATEMENT_TIMEOUT_MS};\n${run.command}`,
      readOnly: false,
    })
    if (outcome.ok) {
      status = 'succeeded'
      message = commandTag(outcome.result.command, outcome.result.rowCount)
    } else {
      status = 'failed'
      message = [`ERROR: ${outcome.error.message}`, outcome.error.detail && `DETAIL: ${outcome.error.detail}`].filter(Boolean).join('\n')
    }
  } catch (error) {
    status = 'failed'
    message = error instanceof ApiError || error instanceof Error ? error.message : String(error)
  }
  const { rows } = await db.query<CronRunRow>(
    `update platform.cron_job_runs r set status = $2, ended_at = now(), duration_ms = $3, return_message = $4
      where r.id = $1 returning ${RUN_COLUMNS}`,
    [run.id, status, Date.now() - started, message]
  )
  await prune(db, run.id).catch((error: unknown) => console.error('[cron] pruning runs failed', error))
  // The job was deleted while it ran: its runs went with it.
  return rows[0]
    ? serializeRun(rows[0])
    : { id: run.id, job_id: 0, status, trigger: 'schedule', command: run.command, started_at: new Date(started).toISOString(), ended_at: new Date().toISOString(), duration_ms: Date.now() - started, return_message: message }
}

/** Keeps the newest CRON_RUNS_KEPT_PER_JOB runs of the run's job. */
async function prune(db: Db, runId: number): Promise<void> {
  await db.query(
    `delete from platform.cron_job_runs d
      using (select job_id from platform.cron_job_runs where id = $1) j
      where d.job_id = j.job_id and d.status <> 'running'
        and d.id < (select id from platform.cron_job_runs k where k.job_id = j.job_id order by id desc offset $2 limit 1)`,
    [runId, CRON_RUNS_KEPT_PER_JOB - 1]
  )
}

/**
 * Claims one occurrence of a job: moves next_run_at from the value seen to the next occurrence
 * and, unless a run of the job is under way, records a running run, all in one statement.
 */
async function claim(db: Db, job: DueJob, next: Date): Promise<{ id: number; command: string } | null> {
  const { rows } = await db.query<{ id: number | string; command: string }>(
    `with claimed as (
       update platform.cron_jobs j set next_run_at = $3
        where j.id = $1 and j.active and j.next_run_at = $2
        returning j.id, j.command,
          exists (select 1 from platform.cron_job_runs r
                   where r.job_id = j.id and r.status = 'running' and r.started_at > now() - make_interval(secs => $4)) as busy
     )
     insert into platform.cron_job_runs (job_id, command, status, trigger)
     select id, command, 'running', 'schedule' from claimed where not busy
     returning id, command`,
    [job.id, new Date(job.next_run_at), next, STALE_RUN_MS / 1000]
  )
  return rows[0] ? { id: Number(rows[0].id), command: rows[0].command } : null
}

/**
 * Claims the jobs due at `now` and starts their runs; resolves, once claimed, with one promise
 * per run (resolving when it ends). The timer does not wait for runs; tests do.
 */
export async function startDueCronJobs(now: Date = new Date()): Promise<Promise<CronRun>[]> {
  const db = await getStore()
  const { rows } = await db.query<DueJob>(
    `select j.id, j.schedule, j.next_run_at, p.ref from platform.cron_jobs j
       join platform.projects p on p.id = j.project_id
      where j.active and j.next_run_at <= $1 and p.status = 'ACTIVE_HEALTHY'
      order by j.next_run_at, j.id limit $2`,
    [now, CLAIM_BATCH]
  )
  const runs: Promise<CronRun>[] = []
  for (const job of rows) {
    const parsed = parseSchedule(job.schedule)
    if (!parsed.ok) {
      await db.query('update platform.cron_jobs set active = false, next_run_at = null where id = $1', [job.id])
      continue
    }
    const claimed = await claim(db, job, nextRunAfter(parsed.schedule, now))
    if (!claimed) continue
    const run = execute(db, { id: claimed.id, ref: job.ref, command: claimed.command })
    state.running.add(run)
    void run.finally(() => state.running.delete(run)).catch(() => {})
    runs.push(run)
  }
  return runs
}

/** Runs the jobs due at `now` and resolves with their runs once all ended (tests drive the scheduler with it). */
export async function runDueCronJobs(now: Date = new Date()): Promise<CronRun[]> {
  return Promise.all(await startDueCronJobs(now))
}

/** Run now: records a manual run and waits for it (whatever the schedule, active or not). */
export async function runCronJobNow(db: Db, projectId: number, ref: string, id: string): Promise<CronRun> {
  const { rows } = await db.query<{ id: number | string; command: string }>(
    `insert into platform.cron_job_runs (job_id, command, status, trigger)
     select j.id, j.command, 'running', 'manual' from platform.cron_jobs j where j.id = $1 and j.project_id = $2
     returning id, command`,
    [id, projectId]
  )
  if (!rows[0]) throw notFound(`Cron job ${id} not found`)
  return execute(db, { id: Number(rows[0].id), ref, command: rows[0].command })
}

/** Refuses Run now while the project's database does not serve queries. */
export function assertProjectRuns(project: { ref: string; status: string }): void {
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(`Project ${project.ref} is ${project.status}: cron jobs run only while it is ACTIVE_HEALTHY`)
  }
}

/** Marks runs left "running" by a server that stopped as failed. */
export async function failInterruptedRuns(db: Db): Promise<void> {
  await db.query(
    `update platform.cron_job_runs set status = 'failed', ended_at = now(),
            return_message = 'Interrupted: the server running this job stopped before it ended'
      where status = 'running' and started_at < now() - make_interval(secs => $1)`,
    [STALE_RUN_MS / 1000]
  )
}

async function tick(): Promise<void> {
  if (state.ticking) return
  state.ticking = true
  try {
    await startDueCronJobs(new Date())
  } catch (error) {
    console.error('[cron] scheduler tick failed:', error instanceof Error ? error.message : error)
  } finally {
    state.ticking = false
  }
}

/** Starts the scheduler of this process (once); its timer does not keep the process alive. */
export function startCronScheduler(): void {
  if (state.timer) return
  void getStore()
    .then(failInterruptedRuns)
    .catch((error: unknown) => console.error('[cron] could not sweep interrupted runs:', error))
  state.timer = setInterval(() => void tick(), CRON_TICK_MS)
  state.timer.unref()
}

/** Stops the scheduler and waits for the runs under way (tests and shutdown). */
export async function stopCronScheduler(): Promise<void> {
  if (state.timer) clearInterval(state.timer)
  state.timer = null
  await Promise.allSettled([...state.running])
}
