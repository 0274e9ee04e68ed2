/** Project statuses (spec §4) and the lifecycle rules built on them. */
import { conflict } from '../http/errors'

import { PROJECT_STATUSES, type ProjectStatus } from '@/lib/api-types/projects'

export { PROJECT_STATUSES, type ProjectStatus } from '@/lib/api-types/projects'

/** A transitional status is a job: where it ends on success and on failure. */
export const JOB_OUTCOMES = {
  COMING_UP: { done: 'ACTIVE_HEALTHY', failed: 'INIT_FAILED' },
  RESTORING: { done: 'ACTIVE_HEALTHY', failed: 'RESTORE_FAILED' },
  RESTARTING: { done: 'ACTIVE_HEALTHY', failed: 'ACTIVE_UNHEALTHY' },
  PAUSING: { done: 'INACTIVE', failed: 'PAUSE_FAILED' },
  GOING_DOWN: { done: 'REMOVED', failed: 'UNKNOWN' },
} as const satisfies Record<string, { done: ProjectStatus; failed: ProjectStatus }>
export type JobStatus = keyof typeof JOB_OUTCOMES
export const JOB_STATUSES = Object.keys(JOB_OUTCOMES) as JobStatus[]

export function isJobStatus(status: string): status is JobStatus {
  return status in JOB_OUTCOMES
}

/** The lifecycle requests and the statuses each may start from (anything else answers 409). */
export const ACTION_RULES = {
  pause: { from: ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'], to: 'PAUSING' },
  restore: { from: ['INACTIVE', 'RESTORE_FAILED', 'PAUSE_FAILED'], to: 'RESTORING' },
  restart: { from: ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'], to: 'RESTARTING' },
  // A removal may interrupt any job: the job's own ending checks the status it set out from.
  remove: {
    from: PROJECT_STATUSES.filter((s) => s !== 'GOING_DOWN' && s !== 'REMOVED'),
    to: 'GOING_DOWN',
  },
} as const satisfies Record<string, { from: readonly ProjectStatus[]; to: JobStatus }>
export type ProjectAction = keyof typeof ACTION_RULES

/** PostgREST is up exactly when the database is. */
export function postgrestStatusFor(status: string): 'ONLINE' | 'OFFLINE' {
  return status === 'ACTIVE_HEALTHY' ? 'ONLINE' : 'OFFLINE'
}

/** Statuses in which the database serves queries. */
export const SERVING = new Set<string>(['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'])

/** 409 unless the project's database serves queries (SQL, GraphQL). */
export function requireServing(project: { ref: string; status: string }): void {
  if (!SERVING.has(project.status)) {
    throw conflict(`Project ${project.ref} is ${project.status}: its database serves queries only when ACTIVE_HEALTHY`)
  }
}
