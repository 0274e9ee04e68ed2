import type { ButtonHTMLAttributes } from 'react'
import { Tooltip } from '@/components/ui/Tooltip'

type WriteButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Why the member may not do this (e.g. Read-only): the button is disabled and says why. */
  blockedReason: string | null
}

/**
 * A button that changes the database. When the member may not, it stays focusable but inert
 * (`aria-disabled`), so its tooltip can say why on hover and focus.
 */
export function WriteButton({ blockedReason, className = 'btn', type = 'button', style, onClick, ...rest }: WriteButtonProps) {
  if (!blockedReason) return <button type={type} className={className} style={style} onClick={onClick} {...rest} />
  return (
    <Tooltip content={blockedReason}>
      <button
        type={type}
        className={className}
        aria-disabled="true"
        title={blockedReason}
        style={{ ...style, opacity: 0.55, cursor: 'not-allowed' }}
        onClick={(event) => event.preventDefault()}
        {...rest}
        disabled={false}
      />
    </Tooltip>
  )
}
