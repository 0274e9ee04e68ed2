import { removeDenoCache } from '../functions/runtime/sandbox'
import { removeProjectFiles } from '../storage/sweep'
import { audit } from '../access'
import { closeAllWireListeners, serveProjectPort } from './wire/server'
import { getStore } from '../db/store'
import type { Db } from '../db/types'
import { forgetCreationVerifier } from './owner-verifier'
import {
  closeOpenProjectDatabases,
  dropProjectDatabase,
  pauseProjectDatabase,
  provisionProjectDatabase,
  restartProjectDatabase,
  resumeProjectDatabase,
} from './databases'
import { dropProjectCache } from '../storage/transform/cache'
import { JOB_OUTCOMES, JOB_STATUSES, isJobStatus, postgrestStatusFor, type JobStatus } from './status'

/**
 * Lifecycle jobs. A project in a transitional status (COMING_UP, RESTORING, RESTARTING, PAUSING,
 * GOING_DOWN) has work to do. The server holds no state: whoever claims the project's lease (a
 * compare-and-set on the row) does the work, renewing the lease while it runs, and ends it with
 * a compare-and-set on the status it set out from. A server that stops mid-job leaves a lease
 * that expires; the next read of the project (list, detail, or the first project request of a
 * process) starts the job again, and every job is idempotent. Requests never wait for jobs.
 */

const LEASE_SECONDS = 30
const HEARTBEAT_MS = 10_000
/** A job claimed this often without finishing (each time its server died) is given up. */
const MAX_ATTEMPTS = 5

type Running = { again: boolean; done: Promise<void> }
type JobsState = { running: Map<string, Running>; swept: boolean }

const g = globalThis as typeof globalThis & { __projectJobs?: JobsState }
const jobs: JobsState = (g.__projectJobs ??= { running: new Map(), swept: false })

type Claimed = { ref: string; status: JobStatus; organization_id: number; job_attempts: number }

async function claim(db: Db, ref: string): Promise<Claimed | null> {
  const { rows } = await db.query<Claimed>(
    `update platform.projects
        set job_lease_until = now() + make_interval(secs => $2), job_attempts = job_attempts + 1
      where ref = $1 and status = any($3::text[]) and (job_lease_until is null or job_lease_until < now())
      returning ref, status, organization_id, job_attempts`,
    [ref, LEASE_SECONDS, JOB_STATUSES]
  )
  return rows[0] ?? null
}

async function perform(status: JobStatus, ref: string): Promise<{ dbVersion?: string }> {
  switch (status) {
    case 'COMING_UP':
      return provisionProjectDatabase(ref)
    case 'RESTORING':
      return resumeProjectDatabase(ref)
    case 'RESTARTING':
      return restartProjectDatabase(ref)
    case 'PAUSING':
      await pauseProjectDatabase(ref)
      return {}
    case 'GOING_DOWN':
      await dropProjectDatabase(ref)
      // Storage's files, cached transformations and its functions' build cache go with the project.
      await removeProjectFiles(ref)
      await removeDenoCache(ref).catch((error) => console.error(`[platform-api] could not remove the functions build cache of ${ref}: ${error instanceof Error ? error.message : String(error)}`))
      await dropProjectCache(ref).catch((error) => console.error(`[platform-api] could not drop the image cache of ${ref}: ${error instanceof Error ? error.message : String(error)}`))
      return {}
  }
}

/** Ends a job: the new status lands only if the project is still in the status the job set out from. */
async function finish(db: Db, job: Claimed, outcome: { status: string; error: string | null; dbVersion?: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `update platform.projects
          set status = $3, postgrest_status = $4, init_error = $5, db_version = coalesce($6, db_version),
              job_lease_until = null, job_attempts = 0, status_changed_at = now(), updated_at = now()
        where ref = $1 and status = $2
        returning ref`,
      [job.ref, job.status, outcome.status, postgrestStatusFor(outcome.status), outcome.error, outcome.dbVersion ?? null]
    )
    if (rows.length === 0) {
      await tx.query('update platform.projects set job_lease_until = null where ref = $1', [job.ref])
      return false
    }
    // The creation password's verifier is not kept past the provisioning, which set it or failed.
    if (job.status === 'COMING_UP') await forgetCreationVerifier(tx, job.ref)
    await audit(tx, {
      userId: null,
      organizationId: job.organization_id,
      action: outcome.error ? 'project.job_failed' : 'project.job_done',
      target: job.ref,
      metadata: { from: job.status, to: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) },
    })
    return true
  })
}

async function runOnce(ref: string, entry: Running): Promise<void> {
  const db = await getStore()
  const job = await claim(db, ref)
  if (!job) return
  const outcomes = JOB_OUTCOMES[job.status]
  if (job.job_attempts > MAX_ATTEMPTS) {
    await finish(db, job, { status: outcomes.failed, error: `Gave up after ${MAX_ATTEMPTS} interrupted attempts` })
    return
  }
  const heartbeat = setInterval(() => {
    // Renewed whatever the status now is: the lease guards the database, not the status.
    db.query(`update platform.projects set job_lease_until = now() + make_interval(secs => $2) where ref = $1`, [ref, LEASE_SECONDS]).catch(
      () => {}
    )
  }, HEARTBEAT_MS)
  heartbeat.unref()
  let outcome: { status: string; error: string | null; dbVersion?: string }
  try {
    const result = await perform(job.status, ref)
    outcome = { status: outcomes.done, error: null, dbVersion: result.dbVersion }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(`[platform-api] project ${ref}: ${job.status} failed: ${message}`)
    outcome = { status: outcomes.failed, error: message }
  } finally {
    clearInterval(heartbeat)
  }
  // The status moved on while we worked (e.g. a removal during provisioning): run its job next.
  if (!(await finish(db, job, outcome))) entry.again = true
  else if (outcome.status === 'ACTIVE_HEALTHY') await serveProjectPort(ref)
}

/** Starts (or re-runs, once the current run ends) the job of a project in this process. Never awaited by requests. */
export function kickProjectJob(ref: string): void {
  const existing = jobs.running.get(ref)
  if (existing) {
    existing.again = true
    return
  }
  const entry: Running = { again: true, done: Promise.resolve() }
  jobs.running.set(ref, entry)
  entry.done = (async () => {
    try {
      while (entry.again) {
        entry.again = false
        await runOnce(ref, entry)
      }
    } catch (error) {
      console.error(`[platform-api] project ${ref}: job runner failed`, error)
    } finally {
      jobs.running.delete(ref)
    }
  })()
}

/** Resumes the jobs of projects read from the store whose lease is free or expired. */
export function resumeProjectJobs(rows: { ref: string; status: string; job_lease_until?: string | Date | null }[]): void {
  const now = Date.now()
  for (const row of rows) {
    if (!isJobStatus(row.status) || jobs.running.has(row.ref)) continue
    if (row.job_lease_until && new Date(row.job_lease_until).getTime() > now) continue
    kickProjectJob(row.ref)
  }
}

/** Once per process: picks up every job left behind by a server that stopped. */
export async function resumeAllProjectJobs(db: Db): Promise<void> {
  if (jobs.swept) return
  jobs.swept = true
  const { rows } = await db.query<{ ref: string; status: string; job_lease_until: string | null }>(
    'select ref, status, job_lease_until from platform.projects where status = any($1::text[])',
    [JOB_STATUSES]
  )
  resumeProjectJobs(rows)
}

/** Waits for the jobs under way in this process (tests and shutdown). */
export async function waitForProjectJobs(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (jobs.running.size > 0 && Date.now() < deadline) {
    const timeout = new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())
    await Promise.race([Promise.all([...jobs.running.values()].map((r) => r.done)), timeout])
  }
  jobs.swept = false
}

/** Closes every open project database (tests and shutdown), after the lifecycle jobs under way. */
export async function closeAllProjectDatabases(): Promise<void> {
  await closeAllWireListeners()
  await waitForProjectJobs(20_000)
  await closeAllWireListeners() // a job that made a project active meanwhile opened its port
  await closeOpenProjectDatabases()
}
