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
