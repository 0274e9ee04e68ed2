import type { Db } from '../db/types'
import type { AuditEntry } from '@/lib/api-types/audit'

/** Most entries one request returns (newest first). */
export const AUDIT_PAGE_LIMIT = 1000

export type { AuditEntry } from '@/lib/api-types/audit'

/** The user's own audit log entries between two instants, newest first. */
export async function listUserAuditLogs(db: Db, userId: string, range: { start: Date; end: Date }): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditEntry>(
    `select a.id, a.action, a.target, a.metadata, a.organization_id, o.slug as organization_slug, a.occurred_at
       from platform.audit_logs a left join platform.organizations o on o.id = a.organization_id
      where a.user_id = $1 and a.occurred_at >= $2 and a.occurred_at <= $3
      order by a.occurred_at desc, a.id desc limit $4`,
    [userId, range.start.toISOString(), range.end.toISOString(), AUDIT_PAGE_LIMIT]
  )
  return rows
}
