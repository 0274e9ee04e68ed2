import { useRouter } from 'next/router'
import { useAuth } from '@/components/layouts/AuthProvider'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { decideOrganizationGuard, type GuardDecision } from './route-guard.rules'
import { useGuardRedirect } from './use-guard-redirect'

/**
 * spec §2, §8: once the organizations are loaded, an unknown slug toasts
 * "We couldn't find that organization" and redirects to /organizations?error=org_not_found&org={slug}.
 * Skipped on /new/{slug} and /join. Returns the decision (e.g. to hide the page while redirecting).
 */
export function useOrganizationGuard(slug: string | undefined): GuardDecision {
  const router = useRouter()
  const { isLoggedIn } = useAuth()
  const { data: organizations } = useOrganizationsQuery({ enabled: isLoggedIn })
  const decision = decideOrganizationGuard({ pathname: router.pathname, slug, organizations })
  useGuardRedirect(decision)
  return decision
}
