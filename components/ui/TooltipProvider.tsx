import { TooltipProvider as RadixTooltipProvider } from '@radix-ui/react-tooltip'
import type { ReactNode } from 'react'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/lib/constants'

/** spec §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltipProvider>
  )
}
