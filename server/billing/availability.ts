import { getServerConfig } from '@/lib/config'
import type { Caller } from '../auth/caller'
import { notFound } from '../http/errors'

/** Why billing is unavailable to this caller, or null when it is available. */
export function billingUnavailableReason(caller: Caller): string | null {
  const config = getServerConfig()
  if (caller.selfHosted || !config.isPlatform) return 'Billing is not available in self-hosted mode'
  if (!config.billingEnabled) return 'Billing is disabled on this platform'
  return null
}

/**
 * Billing endpoints answer 404 in self-hosted mode and when the billing flag is off (spec §1:
 * billing is a hosted-platform feature; §7: the overdue call runs only with the billing flag).
 */
export function assertBillingAvailable(caller: Caller): void {
  const reason = billingUnavailableReason(caller)
  if (reason) throw notFound(reason)
}
