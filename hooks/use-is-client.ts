import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while rendering on the server and during hydration, true after. Pages are prerendered at
 * build time, before the server's mode is known, so mode-dependent UI renders only in the browser.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false
  )
}
