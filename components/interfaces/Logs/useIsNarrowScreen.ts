import { useSyncExternalStore } from 'react'
import { MOBILE_BREAKPOINT_PX } from '@/lib/constants'

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`

function subscribe(onChange: () => void): () => void {
  const media = typeof window !== 'undefined' ? window.matchMedia?.(QUERY) : undefined
  media?.addEventListener('change', onChange)
  return () => media?.removeEventListener('change', onChange)
}

/** spec §9: true at or below the mobile breakpoint (639 px); false on the server and where matchMedia is missing. */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY).matches : false),
    () => false
  )
}
