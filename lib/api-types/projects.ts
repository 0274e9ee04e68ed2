/** The project shapes the platform sends and the dashboard reads (spec §3, §4, §7). */

/** spec §4 project statuses */
export const PROJECT_STATUSES = [
  'INACTIVE',
  'ACTIVE_HEALTHY',
  'ACTIVE_UNHEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'GOING_DOWN',
  'INIT_FAILED',
  'REMOVED',
  'RESTARTING',
  'RESTORING',
  'RESTORE_FAILED',
  'UPGRADING',
  'PAUSING',
  'PAUSE_FAILED',
  'RESIZING',
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

/** spec §3 Project (list entry): `GET /platform/projects`, written by the platform's `serializeProject`. */
export type Project = {
  id: number
  ref: string
  name: string
  status: ProjectStatus
  postgrestStatus?: string
  organization_id: number
  organization_slug?: string
  region: string
  cloud_provider: string
  dbVersion?: string
  inserted_at?: string | null
  parent_project_ref: string | null
  preview_branch_refs: string[]
  is_branch?: boolean
}
