/**
 * The project shapes the platform sends and the dashboard reads (spec §3, §4, §7), and the request
 * bodies the platform validates. The browser imports this file with `import type` only (zod stays
 * out of its bundle).
 */
import { z } from 'zod'
import { CLOUD_PROVIDERS } from '@/lib/catalogue/cloud-providers'
import { COMPUTE_SIZE_IDS } from '@/lib/catalogue/compute-sizes'
import { PLAN_IDS } from '@/lib/catalogue/plans'
import { DB_PASSWORD_MAX_LENGTH, DB_PASSWORD_MESSAGES, DB_PASSWORD_MIN_LENGTH, DB_PASSWORD_PATTERN } from '@/lib/database-password'
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_WARNING } from '@/lib/password-strength'
import { givenName } from './fields'

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

/** spec §7 project detail (`GET /platform/projects/:ref`): the list entry, its connection string once the database is ready, and the error of a failed job. */
export type ProjectDetail = Project & {
  connectionString: string | null
  dbVersion: string
  init_error?: string | null
  /** Where the database runs: a Postgres server, or PGlite behind a loopback port (what it cannot do: ProjectHome). */
  db_engine?: 'pglite' | 'postgres'
}

/** A branch of a project (its own project row pointing at the parent, spec §3): `GET .../branches`. */
export type Branch = {
  id: number
  name: string
  project_ref: string
  parent_project_ref: string
  is_default: boolean
  status: ProjectStatus
  created_at: string
  updated_at: string
}

const projectName = givenName(64)

/** POST /platform/projects */
export const createProjectBody = z.strictObject({
  name: projectName,
  organization_slug: z.string('must be a string').trim().min(1, 'must not be empty').max(100),
  region: z.string('must be a string').min(1, 'must not be empty').max(40),
  // spec §5, §9: at most 99 characters; the strength (zxcvbn score 4) is checked after parsing.
  db_pass: z.string('must be a string').min(1, 'must not be empty').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_WARNING),
  cloud_provider: z.enum(CLOUD_PROVIDERS, `must be one of ${CLOUD_PROVIDERS.join(', ')}`).optional(),
  compute_size: z.enum(COMPUTE_SIZE_IDS, `must be one of ${COMPUTE_SIZE_IDS.join(', ')}`).optional(),
  /** The plan the new-project page was opened with (spec §2); informative, the organization's plan rules. */
  plan: z.enum(PLAN_IDS, `must be one of ${PLAN_IDS.join(', ')}`).optional(),
})
export type CreateProjectBody = z.input<typeof createProjectBody>
export type CreateProjectInput = z.infer<typeof createProjectBody>

/** PATCH /platform/projects/:ref */
export const updateProjectBody = z.strictObject({ name: projectName })

/** POST /platform/projects/:ref/branches */
export const createBranchBody = z.strictObject({
  branch_name: givenName(64).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'may hold letters, digits, ".", "_", "/" and "-", starting with a letter or digit'),
})

/** pause / restore / restart take no body (an empty JSON object is fine). */
export const emptyBody = z.strictObject({})

/** POST /platform/projects/:ref/db-password (rules: lib/database-password.ts). */
export const setDatabasePasswordBody = z.strictObject({
  password: z
    .string('must be a string')
    .min(DB_PASSWORD_MIN_LENGTH, DB_PASSWORD_MESSAGES.tooShort)
    .max(DB_PASSWORD_MAX_LENGTH, DB_PASSWORD_MESSAGES.tooLong)
    .regex(DB_PASSWORD_PATTERN, DB_PASSWORD_MESSAGES.notAscii),
})
export type SetDatabasePasswordBody = z.input<typeof setDatabasePasswordBody>
