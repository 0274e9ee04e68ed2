/**
 * The organization shapes the platform sends and the dashboard reads (spec §3 Organization), and
 * the request bodies the platform validates with the zod schemas below (the dashboard imports
 * their types only).
 */
import { z } from 'zod'
import type { PlanId } from '@/lib/catalogue/plans'
import type { Role } from './roles'
import { OPT_IN_KEY_LIST, type OptInKey } from '@/lib/catalogue/opt-in'

/** spec §3 Organization: `GET /platform/organizations`, written by the platform's `serializeOrganization`. */
export type Organization = {
  id: number
  slug: string
  name: string
  plan: { id: PlanId; name: string }
  billing_email: string | null
  billing_partner: 'vercel_marketplace' | 'aws' | null
  restriction_status: 'grace_period' | 'grace_period_over' | 'restricted' | null
  /** spec §3, §4: the grace period end drives the banners; no restriction, no data. */
  restriction_data: { grace_period_end: string | null } | null
  organization_requires_mfa: boolean
  /** spec §3 opt-in keys: what the assistant may send to the model (schema, row data, log lines). */
  opt_in_tags: OptInKey[]
  /** The caller's role in it. */
  role: Role
  is_owner: boolean
  created_at: string
}

/** An Owner or Admin who would pass the free-plan limit of active projects (spec §9: 2). */
export type MemberExceedingFreeProjectLimit = { username: string; primary_email: string; free_project_limit: number }

/** `GET .../free-project-limit-check`. */
export type FreeProjectLimitCheck = { members_exceeding_free_project_limit: MemberExceedingFreeProjectLimit[] }

/** Postgres text cannot hold NUL characters; refuse them as bad input rather than fail on write. */
export const noNul = (v: string) => !v.includes('\u0000')
export const NO_NUL = 'must not contain NUL characters'

/** Organization names: what people type, trimmed, 1 to 64 characters. */
export const organizationName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .refine(noNul, NO_NUL)

export const emailSchema = z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be an e-mail address'))

/** Body of `POST /platform/organizations`: Free, Pro or Team (Enterprise goes through sales). */
export const createOrganizationBody = z.strictObject({
  name: organizationName,
  plan: z.enum(['free', 'pro', 'team'], 'must be one of free, pro, team (Enterprise: contact sales)').default('free'),
  billing_email: emailSchema.optional(),
})
export type OrganizationCreateBody = z.input<typeof createOrganizationBody>

/** Body of `PATCH /platform/organizations/{slug}`: renames, sets the billing e-mail or the MFA requirement. */
export const updateOrganizationBody = z
  .strictObject({
    name: organizationName.optional(),
    billing_email: emailSchema.nullable().optional(),
    organization_requires_mfa: z.boolean().optional(),
    opt_in_tags: z
      .array(z.enum(OPT_IN_KEY_LIST as [OptInKey, ...OptInKey[]], `must be among ${OPT_IN_KEY_LIST.join(', ')}`))
      .max(OPT_IN_KEY_LIST.length)
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one of name, billing_email, organization_requires_mfa, opt_in_tags')
export type OrganizationUpdateBody = z.input<typeof updateOrganizationBody>

export const mfaEnforcementBody = z.strictObject({ enforced: z.boolean() })
