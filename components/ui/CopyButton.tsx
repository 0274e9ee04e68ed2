import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { COPY_FEEDBACK_MS } from '@/lib/constants'

/** spec §8: copying while the window is unfocused (or when the clipboard refuses). */
export const COPY_FAILED_MESSAGE = 'Unable to copy to clipboard'

export type CopyButtonProps = {
  /** What to copy; a function is called at click time (e.g. to build an error report). */
  text: string | (() => string)
  /** Label before copying. */
  label?: string
  /** Label for 2 s after copying. */
  copiedLabel?: string
  onCopy?: () => void
  className?: string
  disabled?: boolean
  'aria-label'?: string
}

/** A button that copies text and says "Copied" for 2 s (spec §4 "Copy button"). */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  onCopy,
  className = 'btn btn-sm',
  disabled,
  'aria-label': ariaLabel,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  async function copy() {
    // Browsers reject clipboard writes from a document without focus; say so rather than fail silently.
    if (typeof document !== 'undefined' && !document.hasFocus()) {
      toast.error(COPY_FAILED_MESSAGE)
      return
    }
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text)
    } catch {
      toast.error(COPY_FAILED_MESSAGE)
      return
    }
    onCopy?.()
    setCopied(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = null
      setCopied(false)
    }, COPY_FEEDBACK_MS)
  }

  return (
    <button type="button" className={className} disabled={disabled} aria-label={ariaLabel} onClick={() => void copy()}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  )
}
