import * as Tooltip from '@radix-ui/react-tooltip'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { CommandMenu } from '@/components/interfaces/App/CommandMenu/CommandMenu'
import { AuthProvider } from '@/components/layouts/AuthProvider'
import { getQueryClient } from '@/data/query-client'
import {
  TOAST_DURATION_MS,
  TOAST_POSITION,
  TOAST_VISIBLE_MAX,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from '@/lib/constants'
import { useApplyTheme } from '@/state/theme'

/** Providers every page shares (spec §9 numbers for toasts and tooltips). */
export function AppProviders({ children }: { children: ReactNode }) {
  useApplyTheme()
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AuthProvider>
        <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
          {children}
          <CommandMenu />
          <Toaster position={TOAST_POSITION} duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} closeButton />
        </Tooltip.Provider>
      </AuthProvider>
    </QueryClientProvider>
  )
}
