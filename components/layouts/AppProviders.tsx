import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Toaster } from 'sonner'
import { CommandMenu } from '@/components/interfaces/App/CommandMenu/CommandMenu'
import { ConsentToast } from '@/components/interfaces/App/Consent/ConsentToast'
import { AuthProvider } from '@/components/layouts/AuthProvider'
import { ProfileProvider } from '@/components/layouts/ProfileProvider'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { getQueryClient } from '@/data/query-client'
import { TOAST_DURATION_MS, TOAST_POSITION, TOAST_VISIBLE_MAX } from '@/lib/constants'
import { isPlatform } from '@/lib/config'
import { initErrorReporting } from '@/lib/error-reporting'
import { useConsentDecision } from '@/state/consent'
import { useApplyTheme } from '@/state/theme'

/** Providers every page shares (spec §9 numbers for toasts and tooltips). */
export function AppProviders({ children }: { children: ReactNode }) {
  useApplyTheme()
  // Error reports (Sentry, sample rate 0.2) when a DSN is configured; nothing otherwise.
  useEffect(() => {
    void initErrorReporting()
  }, [])
  // The consent toast sits bottom-right while undecided: other toasts stack above it.
  const consentPending = useConsentDecision() === 'undecided' && isPlatform()
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AuthProvider>
        <ProfileProvider>
        <TooltipProvider>
          {children}
          <CommandMenu />
          <ConsentToast />
          <Toaster
            position={TOAST_POSITION}
            duration={TOAST_DURATION_MS}
            visibleToasts={TOAST_VISIBLE_MAX}
            offset={consentPending ? { bottom: 190 } : undefined}
            mobileOffset={consentPending ? { bottom: 230 } : undefined}
            closeButton
          />
        </TooltipProvider>
        </ProfileProvider>
      </AuthProvider>
    </QueryClientProvider>
  )
}
