import { roleAtLeast, type Role } from '@/lib/api-types/roles'

/**
 * Why a member may not do an Owner/Admin action (rename, pause, restore, delete: the routes'
 * `access.minimum`), or null when they may or while their role is still unknown.
 */
export function adminOnlyReason(role: Role | null, action: string): string | null {
  if (role === null || roleAtLeast(role, 'Admin')) return null
  return `Only an Owner or Admin can ${action}. Your role is ${role}.`
}

/** The lifecycle request the status offers (the platform answers 409 to any other). */
export function availabilityAction(status: string): 'pause' | 'restore' | null {
  if (status === 'ACTIVE_HEALTHY' || status === 'ACTIVE_UNHEALTHY') return 'pause'
  if (status === 'INACTIVE' || status === 'RESTORE_FAILED' || status === 'PAUSE_FAILED') return 'restore'
  return null
}

/** A project already on its way out cannot be deleted again. */
export const isBeingRemoved = (status: string) => status === 'GOING_DOWN' || status === 'REMOVED'
