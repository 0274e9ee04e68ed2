import type { PlanId } from '@/lib/catalogue/plans'

/**
 * How long one request's member SQL may run, per plan (issue 9). A statement past it is ended
 * (on PGlite by ending its database's worker) and answers "statement timed out after N s".
 * Self-hosted installs get the enterprise figure.
 */
export const STATEMENT_TIMEOUT_SECONDS: Record<PlanId, number> = { free: 60, pro: 120, team: 300, enterprise: 600 }

/** The timeout for a plan, capped by the operator's setting when there is one. */
export function statementTimeoutMs(planId: PlanId, options: { selfHosted?: boolean; capSeconds?: number | null } = {}): number {
  const seconds = options.selfHosted ? STATEMENT_TIMEOUT_SECONDS.enterprise : STATEMENT_TIMEOUT_SECONDS[planId]
  return Math.round(Math.min(seconds, options.capSeconds ?? Infinity) * 1000)
}
