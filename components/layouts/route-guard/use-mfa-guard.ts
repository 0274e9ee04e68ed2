import { useRouter } from 'next/router'
import { useAuth } from '@/components/layouts/AuthProvider'
import { useAssuranceLevelQuery } from '@/data/mfa/mfa-aal-query'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { isPlatform } from '@/lib/config'
import { decideMfaGuard, isMfaRequirementUnmet, type GuardDecision } from './route-guard.rules'
import { useGuardRedirect } from './use-guard-redirect'

/**
 * Whether the organization of `slug` requires MFA that this session has not satisfied
 * (spec §6). The assurance level is read only when the organization requires it; MFA is a
 * platform feature, so self-hosted it is never unmet.
 */
export function useMfaRequirement(slug: string | undefined) {
  const { isLoggedIn } = useAuth()
  const platform = isPlatform()
  const { data: organizations } = useOrganizationsQuery({ enabled: isLoggedIn })
  const organization = slug ? organizations?.find((org) => org.slug === slug) : undefined
  const requiresMfa = platform && Boolean(organization?.organization_requires_mfa)
  const { data: level } = useAssuranceLevelQuery({ enabled: isLoggedIn && requiresMfa })
  const currentLevel = requiresMfa ? level?.currentLevel : undefined
  return {
    organization: platform ? organization : undefined,
    currentLevel,
    isUnmet: requiresMfa && isMfaRequirementUnmet(organization, currentLevel),
  }
}

/**
 * spec §2: when the current organization requires MFA and the session is not aal2, send the user
 * to the organization home (`/org/{slug}`) unless already there; the home shows
 * `MfaRequiredNotice`. `slug` is the route's slug, or the organization of the current project.
 */
export function useMfaGuard(slug: string | undefined): GuardDecision {
  const router = useRouter()
  const { organization, currentLevel } = useMfaRequirement(slug)
  const decision = decideMfaGuard({ pathname: router.pathname, slug, organization, currentLevel })
  useGuardRedirect(decision)
  return decision
}
