import { useCallback, useSyncExternalStore } from 'react'

/** Local-storage key of the middleware-outage acknowledgement (spec §4: stored as true). */
export const MIDDLEWARE_OUTAGE_ACK_KEY = 'middleware-outage-banner-acknowledged'

const listeners = new Set<() => void>()

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'true'
  } catch {
    return false
  }
}

/** Remembers that a banner was dismissed, under its own (dated) key. */
export function dismissBanner(key: string): void {
  try {
    window.localStorage.setItem(key, 'true')
  } catch {
    // blocked storage: the banner comes back next visit, nothing else breaks
  }
  listeners.forEach((l) => l())
}

/** Whether a banner was dismissed, and a function that dismisses it. */
export function useBannerDismissal(key: string): [boolean, () => void] {
  const dismissed = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => read(key),
    () => false
  )
  const dismiss = useCallback(() => dismissBanner(key), [key])
  return [dismissed, dismiss]
}
