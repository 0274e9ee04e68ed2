import crypto from 'node:crypto'
import { z } from 'zod'
import { SUPPORT_CATEGORIES } from '@/lib/catalogue/support-categories'
import type { Caller } from '../auth/caller'
import { assertNotRateLimited, recordRateLimitHit, type RateLimitRule } from '../auth/rate-limit'
import type { Db } from '../db/types'
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@/lib/constants'

export { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH }

/** Tickets per sender (user, or address when signed out): each one stores up to 10,000 characters. */
export const SUPPORT_TICKET_LIMIT: RateLimitRule = { max: 10, windowSeconds: 600 }

const CATEGORY_VALUES = Object.values(SUPPORT_CATEGORIES)

const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined))

/** Body of POST /platform/feedback/send; unknown fields are rejected. */
export const supportTicketBody = z.strictObject({
  category: z.enum(SUPPORT_CATEGORIES, { error: `must be one of ${CATEGORY_VALUES.join(', ')}` }),
  subject: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SUPPORT_SUBJECT_MAX_LENGTH, `must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`),
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SUPPORT_MESSAGE_MAX_LENGTH, `must be at most ${SUPPORT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`),
  /** The error report id (`sid` of /support/new). */
  errorReportId: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .regex(/^[\w-]*$/, 'may hold only letters, digits, "-" and "_"')
    .optional()
    .transform((value) => (value ? value : undefined)),
  projectRef: optionalName(64),
  organizationSlug: optionalName(64),
  /** The user lets support look into the named project. */
  allowSupportAccess: z.boolean().optional().default(false),
})

export type SupportTicketBody = z.infer<typeof supportTicketBody>

/**
 * Stores a support ticket (spec §2 route /support/new) with the sender when there is one, within
 * SUPPORT_TICKET_LIMIT per sender (user, or address when signed out). Nothing is mailed anywhere.
 */
export async function createSupportTicket(
  db: Db,
  body: SupportTicketBody,
  from: { caller: Caller | null; ip: string; userAgent: string | undefined }
): Promise<{ id: string }> {
  const { caller } = from
  const limitKey = caller ? `support:user:${caller.userId}` : `support:address:${from.ip}`
  await assertNotRateLimited(db, [{ key: limitKey, rule: SUPPORT_TICKET_LIMIT, message: 'Too many support requests were sent.' }])
  const metadata = {
    projectRef: body.projectRef ?? null,
    organizationSlug: body.organizationSlug ?? null,
    allowSupportAccess: body.allowSupportAccess,
    email: caller?.email ?? null,
    mode: caller?.selfHosted ? 'self-hosted' : 'platform',
    userAgent: from.userAgent ? from.userAgent.slice(0, 500) : null,
  }
  const id = crypto.randomUUID()
  await db.transaction(async (tx) => {
    // The self-hosted user has no row in platform.users: the ticket is then stored without one.
    await tx.query(
      `insert into platform.support_tickets (id, user_id, category, subject, message, error_report_id, metadata)
       values ($1, (select id from platform.users where id = $2::uuid), $3, $4, $5, $6, $7::jsonb)`,
      [id, caller?.userId ?? null, body.category, body.subject, body.message, body.errorReportId ?? null, JSON.stringify(metadata)]
    )
    await recordRateLimitHit(tx, limitKey, SUPPORT_TICKET_LIMIT)
  })
  return { id }
}
