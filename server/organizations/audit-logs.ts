import { z } from 'zod'
import type { Db } from '../db/types'
import { badRequest } from '../http/errors'
import { toIso } from './serialize'
import type { AuditLogs, OrganizationAuditEntry } from '@/lib/api-types/audit'

/** Longest range one audit query may span. */
export const AUDIT_MAX_RANGE_DAYS = 62
/** Range used when the caller gives no start. */
export const AUDIT_DEFAULT_RANGE_DAYS = 7
/** Most entries one query returns (newest first). */
export const AUDIT_MAX_ENTRIES = 1000

const DAY_MS = 86_400_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/

/** An ISO 8601 date (`2025-05-16`) or date-time with a zone (`2025-05-16T22:00:00Z`, `...+02:00`). */
const isoInstant = z
  .string()
  // An unencoded `+` in a query string arrives as a space.
  .transform((v) => v.trim().replace(/ (\d{2}:?\d{2})$/, '+$1'))
  .refine((v) => (DATE_ONLY.test(v) || DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v)), {
    message: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone (YYYY-MM-DDTHH:mm:ssZ)',
  })

export const auditQuery = z.object({
  date_start: isoInstant.optional(),
  date_end: isoInstant.optional(),
})

/**
 * The instants a query covers: [start, end). A date-only end covers that whole day. Without an
 * end the range ends now; without a start it begins 7 days before the end.
 */
export function auditRange(query: z.infer<typeof auditQuery>, now = new Date()): { start: Date; end: Date } {
  const end = query.date_end
    ? new Date(Date.parse(query.date_end) + (DATE_ONLY.test(query.date_end) ? DAY_MS : 0))
    : now
  const start = query.date_start ? new Date(Date.parse(query.date_start)) : new Date(end.getTime() - AUDIT_DEFAULT_RANGE_DAYS * DAY_MS)
  if (start.getTime() > end.getTime()) throw badRequest('date_start must not be after date_end')
  if (end.getTime() - start.getTime() > AUDIT_MAX_RANGE_DAYS * DAY_MS) {
    throw badRequest(`The date range from date_start to date_end must not exceed ${AUDIT_MAX_RANGE_DAYS} days`)
  }
  return { start, end }
}

type AuditRow = {
  id: number
  occurred_at: string | Date
  action: string
  target: string | null
  metadata: Record<string, unknown>
  user_id: string | null
  actor_email: string | null
}

/** Audit entries of an organization in a range, newest first (spec §3 audit logs). */
export async function listOrganizationAuditLogs(
  db: Db,
  organizationId: number,
  range: { start: Date; end: Date }
): Promise<AuditLogs<OrganizationAuditEntry>> {
  const { rows } = await db.query<AuditRow>(
    `select a.id, a.occurred_at, a.action, a.target, a.metadata, a.user_id, u.email as actor_email
       from platform.audit_logs a
       left join platform.users u on u.id = a.user_id
      where a.organization_id = $1 and a.occurred_at >= $2 and a.occurred_at < $3
      order by a.occurred_at desc, a.id desc
      limit ${AUDIT_MAX_ENTRIES}`,
    [organizationId, range.start, range.end]
  )
  return {
    date_start: range.start.toISOString(),
    date_end: range.end.toISOString(),
    result: rows.map((r) => ({
      id: r.id,
      occurred_at: toIso(r.occurred_at) as string,
      action: r.action,
      target: r.target,
      actor: r.user_id ? { id: r.user_id, email: r.actor_email } : null,
      metadata: r.metadata,
    })),
  }
}
