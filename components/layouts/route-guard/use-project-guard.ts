import { useRouter } from 'next/router'
import { useAuth } from '@/components/layouts/AuthProvider'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { isPlatform } from '@/lib/config'
import { decideProjectGuard, type GuardDecision } from './route-guard.rules'
import { useGuardRedirect } from './use-guard-redirect'

/**
 * spec §2, §5, §8: once the projects are loaded, a ref that is not valid (not listed and, on the
 * platform, not a preview branch) toasts "This project does not exist" and redirects to the
 * default landing. Skipped on /new/{slug} and /join.
 */
export function useProjectGuard(ref: string | undefined): GuardDecision {
  const router = useRouter()
  const { isLoggedIn } = useAuth()
  const { data: projects } = useProjectsQuery({ enabled: isLoggedIn })
  const decision = decideProjectGuard({ pathname: router.pathname, ref, projects, isPlatform: isPlatform() })
  useGuardRedirect(decision)
  return decision
}
