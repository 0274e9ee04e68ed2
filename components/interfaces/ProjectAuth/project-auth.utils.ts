import type { ProjectUser } from '@/lib/api-types/project-auth'
import type { Role } from '@/lib/api-types/roles'

/** Users on one page of the list (the platform allows up to PROJECT_USERS_PER_PAGE_MAX). */
export const USERS_PER_PAGE = 25

/** How long typing pauses before the search is sent. */
export const USER_SEARCH_DEBOUNCE_MS = 300

/** The ban lengths offered, as GoTrue durations; "Forever" is GoTrue's 100 years. */
export const BAN_DURATIONS = [
  { value: '24h', label: '24 hours' },
  { value: '168h', label: '7 days' },
  { value: '876000h', label: 'Forever' },
] as const

/** Lifts a ban (GoTrue's `ban_duration: "none"`). */
export const UNBAN_DURATION = 'none'

/** Whether a ban is in force at `now` (a past `banned_until` has run out). */
export function isBanned(user: Pick<ProjectUser, 'banned_until'>, now: number = Date.now()): boolean {
  return user.banned_until !== null && Date.parse(user.banned_until) > now
}

/** The first block of an id, enough to tell users apart in a list. */
export function shortId(id: string): string {
  return id.split('-')[0] ?? id
}

/** How a user is named in titles and toasts: the address, else the id. */
export function userName(user: Pick<ProjectUser, 'email' | 'id'>): string {
  return user.email ?? user.id
}

/** Why a member may not manage users (the routes' minimum is Developer), or null when they may or while the role is unknown. */
export function manageUsersBlockedReason(role: Role | null, allowed: boolean): string | null {
  if (role === null || allowed) return null
  return `Read-only members can see the users but not change them. Ask an Owner, Admin or Developer. Your role is ${role}.`
}

/** Why a member may not change the auth settings (the route's minimum is Admin), or null when they may or while the role is unknown. */
export function editSettingsBlockedReason(role: Role | null, allowed: boolean): string | null {
  if (role === null || allowed) return null
  return `Only an Owner or Admin can change the auth settings. Your role is ${role}.`
}
