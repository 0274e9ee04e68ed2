import { z } from 'zod'
import { CLOUD_PROVIDERS } from '@/lib/catalogue/cloud-providers'
import { COMPUTE_SIZE_IDS } from '@/lib/catalogue/compute-sizes'
import { PLAN_IDS } from '@/lib/catalogue/plans'
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_WARNING } from '@/lib/password-strength'
import { PROJECT_REF_PATTERN } from './targets'

export const refParams = z.object({
  ref: z.string().regex(PROJECT_REF_PATTERN, 'is not a project ref (lower-case letters, digits and hyphens)'),
})

const projectName = z
  .string('must be a string')
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')

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
export type CreateProjectInput = z.infer<typeof createProjectBody>

/** PATCH /platform/projects/:ref */
export const updateProjectBody = z.strictObject({ name: projectName })

/** POST /platform/projects/:ref/branches */
export const createBranchBody = z.strictObject({
  branch_name: z
    .string('must be a string')
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'may hold letters, digits, ".", "_", "/" and "-", starting with a letter or digit'),
})

/** pause / restore / restart take no body (an empty JSON object is fine). */
export const emptyBody = z.strictObject({})
