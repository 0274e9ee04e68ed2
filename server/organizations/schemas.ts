import { z } from 'zod'

// The request bodies of these routes live in lib/api-types/organizations.ts and members.ts.

export const slugParams = z.object({ slug: z.string().min(1).max(100) })

export const memberParams = slugParams.extend({ userId: z.uuid('must be a user id (uuid)') })

export const invitationIdParams = slugParams.extend({ id: z.coerce.number().int().positive() })

export const invitationTokenParams = slugParams.extend({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not an invitation token'),
})
