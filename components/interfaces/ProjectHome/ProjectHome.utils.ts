import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { isValidHttpUrl } from '@/lib/validation'

/** Statuses during which the project is on its way somewhere: the page shows progress. */
export const TRANSITIONAL_STATUSES = [
  'COMING_UP',
  'UNKNOWN',
  'RESTARTING',
  'RESTORING',
  'PAUSING',
  'GOING_DOWN',
  'UPGRADING',
  'RESIZING',
] as const

/** The sentence under the progress indicator for each transitional status. */
export const PROGRESS_MESSAGES: Record<(typeof TRANSITIONAL_STATUSES)[number], string> = {
  COMING_UP: 'Setting up your project: provisioning the database and starting its services.',
  UNKNOWN: 'Checking the status of your project.',
  RESTARTING: 'Restarting your project.',
  RESTORING: 'Restoring your project.',
  PAUSING: 'Pausing your project.',
  GOING_DOWN: 'Shutting your project down.',
  UPGRADING: 'Upgrading your project.',
  RESIZING: 'Resizing your project.',
}

/** The progress sentence while the project is not ready, or null once it is (or has stopped). */
export function projectProgressMessage(project: Pick<ProjectDetail, 'status' | 'connectionString'>): string | null {
  if ((TRANSITIONAL_STATUSES as readonly string[]).includes(project.status)) {
    return PROGRESS_MESSAGES[project.status as (typeof TRANSITIONAL_STATUSES)[number]]
  }
  // spec §4: healthy but the connection string is not ready yet: still polling.
  if (project.status === 'ACTIVE_HEALTHY' && !project.connectionString) return 'Finishing setup: waiting for the connection details.'
  return null
}

/** Which lifecycle actions the status allows (the platform answers 409 otherwise). */
export function allowedProjectActions(status: string): { pause: boolean; restore: boolean; restart: boolean } {
  const active = status === 'ACTIVE_HEALTHY' || status === 'ACTIVE_UNHEALTHY'
  return {
    pause: active,
    restart: active,
    restore: status === 'INACTIVE' || status === 'RESTORE_FAILED' || status === 'PAUSE_FAILED',
  }
}

export type ExampleProject = { title: string; description: string; url: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * spec §3 custom content `projectHomepageExampleProjects`: rendered when it is an array of
 * {title, description, url}; null (the default) or any other shape hides the section. Entries
 * without a title or with a non-http(s) url are skipped.
 */
export function parseExampleProjects(value: unknown): ExampleProject[] | null {
  if (!Array.isArray(value)) return null
  const projects = value.flatMap((item): ExampleProject[] => {
    if (!isRecord(item)) return []
    const { title, description, url } = item
    if (typeof title !== 'string' || title.trim() === '' || !isValidHttpUrl(url)) return []
    return [{ title: title.trim(), description: typeof description === 'string' ? description : '', url: url as string }]
  })
  return projects.length > 0 ? projects : null
}
