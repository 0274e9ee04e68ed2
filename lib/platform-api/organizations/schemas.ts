import { z } from 'zod'
import { ROLES } from '../access'

/** Postgres text cannot hold NUL characters; refuse them as bad input rather than fail on write. */
export const noNul = (v: string) => !v.includes('\u0000')
const NO_NUL = 'must not contain NUL characters'

/** Organization names: what people type, trimmed, 1 to 64 characters. */
export const organizationName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .refine(noNul, NO_NUL)

const email = z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be an e-mail address'))

export const createOrganizationBody = z.strictObject({
  name: organizationName,
  plan: z.enum(['free', 'pro', 'team'], 'must be one of free, pro, team (Enterprise: contact sales)').default('free'),
  billing_email: email.optional(),
})

export const updateOrganizationBody = z
  .strictObject({
    name: organizationName.optional(),
    billing_email: email.nullable().optional(),
    organization_requires_mfa: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one of name, billing_email, organization_requires_mfa')

export const slugParams = z.object({ slug: z.string().min(1).max(100) })

export const memberParams = slugParams.extend({ userId: z.uuid('must be a user id (uuid)') })

export const role = z.enum(ROLES, `must be one of ${ROLES.join(', ')}`)

export const updateMemberBody = z.strictObject({ role })

export const createInvitationBody = z.strictObject({ email, role })

export const invitationIdParams = slugParams.extend({ id: z.coerce.number().int().positive() })

export const invitationTokenParams = slugParams.extend({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not an invitation token'),
})

/** Accepting takes no fields: the token in the path says everything. */
export const acceptInvitationBody = z.strictObject({})

export const mfaEnforcementBody = z.strictObject({ enforced: z.boolean() })

export { email as emailSchema, NO_NUL }
