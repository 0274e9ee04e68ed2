import { useRouter } from 'next/router'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { GuardDecision } from './route-guard.rules'

/**
 * Carries out a guard decision once: the toast and the redirect happen a single time per target,
 * although the component re-renders while the navigation is under way.
 */
export function useGuardRedirect(decision: GuardDecision): void {
  const router = useRouter()
  const handled = useRef<string | null>(null)
  const target = decision.action === 'redirect' ? decision.to : null
  const message = decision.action === 'redirect' ? decision.toast : undefined

  useEffect(() => {
    if (target === null) {
      handled.current = null
      return
    }
    if (handled.current === target) return
    handled.current = target
    if (message) toast.error(message)
    void router.replace(target)
  }, [target, message, router])
}
