import crypto from 'node:crypto'
import type { Caller } from '../auth/caller'
import { assertNotRateLimited, recordRateLimitHit, type RateLimitRule } from '../auth/rate-limit'
import type { Db } from '../db/types'
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@/lib/constants'
import type { SupportTicketBody, SupportTicketCreated } from '@/lib/api-types/support'

export { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH }

/** Tickets per sender (user, or address when signed out): each one stores up to 10,000 characters. */
export const SUPPORT_TICKET_LIMIT: RateLimitRule = { max: 10, windowSeconds: 600 }

/**
 * Stores a support ticket (spec §2 route /support/new) with the sender when there is one, within
 * SUPPORT_TICKET_LIMIT per sender (user, or address when signed out). Nothing is mailed anywhere.
 */
export async function createSupportTicket(
  db: Db,
  body: SupportTicketBody,
  from: { caller: Caller | null; ip: string; userAgent: string | undefined }
): Promise<SupportTicketCreated> {
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
