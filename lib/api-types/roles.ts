/**
 * The four organization roles, highest first, and their order. The one place both the platform
 * (authorization) and the dashboard (what a screen shows and enables) read them from.
 */
export const ROLES = ['Owner', 'Admin', 'Developer', 'Read-only'] as const
export type Role = (typeof ROLES)[number]

const RANK: Record<Role, number> = { Owner: 4, Admin: 3, Developer: 2, 'Read-only': 1 }

/** A role's rank: Owner 4, Admin 3, Developer 2, Read-only 1. */
export const roleRank = (role: Role): number => RANK[role]

/** True when `role` is at least `minimum` (Owner > Admin > Developer > Read-only). */
export function roleAtLeast(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum]
}
