/**
 * Route guard decisions (spec §2 "Route guard", §6 MFA, §8 texts), as pure functions so the
 * rules are tested without a router. The hooks beside this file feed them and act on the answer.
 */
import { isValidProjectRef, type ProjectRefFields } from '@/lib/projects'

/** spec §8 */
export const ORG_NOT_FOUND_TOAST = "We couldn't find that organization"
/** spec §8 */
export const PROJECT_NOT_FOUND_TOAST = 'This project does not exist'

/** What a guard wants done: nothing, or a redirect with an optional toast. */
export type GuardDecision = { action: 'none' } | { action: 'redirect'; to: string; toast?: string }

const NONE: GuardDecision = { action: 'none' }

/**
 * spec §2: checks are skipped on /new/{slug} and /join. Accepts the route pattern
 * (`/new/[slug]`) or the real path (`/new/acme?plan=pro`).
 */
export function isGuardExemptPath(pathname: string): boolean {
  const path = pathname.split(/[?#]/)[0]
  return path === '/join' || path.startsWith('/join/') || path.startsWith('/new/') || path === '/new'
}

/** spec §2: the default landing (/organizations on the platform, /project/default self-hosted). */
export function defaultLanding(isPlatform: boolean): string {
  return isPlatform ? '/organizations' : '/project/default'
}

export type OrganizationGuardInput = {
  pathname: string
  slug: string | undefined
  /** undefined while the list is loading (or failed): nothing is decided without it. */
  organizations: readonly { slug: string }[] | undefined
}

/** spec §8: an unknown slug → toast and /organizations?error=org_not_found&org={slug}. */
export function decideOrganizationGuard({ pathname, slug, organizations }: OrganizationGuardInput): GuardDecision {
  if (isGuardExemptPath(pathname) || !slug || !organizations) return NONE
  if (organizations.some((org) => org.slug === slug)) return NONE
  return {
    action: 'redirect',
    to: `/organizations?error=org_not_found&org=${encodeURIComponent(slug)}`,
    toast: ORG_NOT_FOUND_TOAST,
  }
}

export type ProjectGuardInput = {
  pathname: string
  ref: string | undefined
  /** undefined while the list is loading (or failed). */
  projects: readonly ProjectRefFields[] | undefined
  isPlatform: boolean
}

/** spec §5, §8: a ref outside the list (and, on the platform, outside every preview branch) → toast and landing. */
export function decideProjectGuard({ pathname, ref, projects, isPlatform }: ProjectGuardInput): GuardDecision {
  if (isGuardExemptPath(pathname) || !ref || !projects) return NONE
  if (isValidProjectRef(ref, projects, isPlatform)) return NONE
  const to = defaultLanding(isPlatform)
  // Self-hosted, the landing is this very project: redirecting to it would loop.
  if (!isPlatform && to === `/project/${ref}`) return NONE
  return { action: 'redirect', to, toast: PROJECT_NOT_FOUND_TOAST }
}

export type MfaGuardInput = {
  pathname: string
  slug: string | undefined
  /** The current organization, undefined while unknown. */
  organization: { slug: string; organization_requires_mfa: boolean } | undefined
  /** The session's current assurance level; undefined while it is being read. */
  currentLevel: string | null | undefined
}

/** True when the organization requires MFA and the session has not reached aal2 (spec §6). */
export function isMfaRequirementUnmet(
  organization: { organization_requires_mfa: boolean } | undefined,
  currentLevel: string | null | undefined
): boolean {
  if (!organization?.organization_requires_mfa || currentLevel === undefined) return false
  return currentLevel !== 'aal2'
}

/** True on the organization home itself (pattern `/org/[slug]` or the real `/org/{slug}`). */
export function isOrganizationHome(pathname: string, slug: string): boolean {
  const path = pathname.split(/[?#]/)[0].replace(/\/$/, '')
  return path === '/org/[slug]' || path === `/org/${slug}`
}

/** spec §2: an unmet MFA requirement sends the user to the organization home, unless already there. */
export function decideMfaGuard({ pathname, slug, organization, currentLevel }: MfaGuardInput): GuardDecision {
  if (isGuardExemptPath(pathname) || !slug || !organization) return NONE
  if (!isMfaRequirementUnmet(organization, currentLevel)) return NONE
  if (isOrganizationHome(pathname, slug)) return NONE
  return { action: 'redirect', to: `/org/${organization.slug}` }
}
