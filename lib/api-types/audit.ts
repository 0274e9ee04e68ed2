/** One audit log entry as the API returns it (e.g. `user.signed_in`, `mfa.factor_enrolled`). */
export type AuditEntry = {
  id: number
  action: string
  /** What was acted on (a project ref, a factor id...), when anything. */
  target: string | null
  metadata: Record<string, unknown>
  organization_id: number | null
  organization_slug: string | null
  occurred_at: string
}

/** A date range of audit entries, newest first: `GET /platform/profile/audit` and `GET .../organizations/{slug}/audit`. */
export type AuditLogs<Entry> = { date_start: string; date_end: string; result: Entry[] }

/** One entry of an organization's audit log: who did what (spec §3 audit logs). */
export type OrganizationAuditEntry = Pick<AuditEntry, 'id' | 'occurred_at' | 'action' | 'target' | 'metadata'> & {
  actor: { id: string; email: string | null } | null
}
