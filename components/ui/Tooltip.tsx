import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactElement, ReactNode } from 'react'
import { TOOLTIP_SIDE_OFFSET_PX } from '@/lib/constants'
import styles from './Tooltip.module.css'

export type TooltipProps = {
  /** What the tooltip says; nothing is rendered around the trigger when empty. */
  content: ReactNode
  /** One focusable element (a button or a link) that shows the tooltip on hover and focus. */
  children: ReactElement
  side?: 'top' | 'right' | 'bottom' | 'left'
  align?: 'start' | 'center' | 'end'
}

/**
 * A tooltip on Radix. Needs a `TooltipProvider` above it (the app shell mounts one with the
 * spec's 700 ms open delay and 300 ms skip delay).
 */
export function Tooltip({ content, children, side = 'top', align = 'center' }: TooltipProps) {
  if (content === null || content === undefined || content === '') return children
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className={styles.content} side={side} align={align} sideOffset={TOOLTIP_SIDE_OFFSET_PX}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  )
}
