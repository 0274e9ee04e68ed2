/**
 * A small stand-in for next/router in the feature preview tests: `replace` updates the query
 * and re-renders every component that uses the router, like a shallow route change.
 */
import { useSyncExternalStore } from 'react'
import { vi } from 'vitest'

type Query = Record<string, string | string[] | undefined>
type Url = { pathname: string; query: Query }

let current: Url = { pathname: '/', query: {} }
const listeners = new Set<() => void>()

export const replace = vi.fn(async (url: Url, _as?: unknown, _options?: { shallow?: boolean }) => {
  current = { pathname: url.pathname, query: { ...url.query } }
  listeners.forEach((listener) => listener())
  return true
})

/** Resets the route before a test. */
export function setRoute(pathname: string, query: Query = {}) {
  current = { pathname, query }
  replace.mockClear()
  listeners.forEach((listener) => listener())
}

export function currentQuery(): Query {
  return current.query
}

export function useRouter() {
  const url = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current
  )
  return { pathname: url.pathname, query: url.query, asPath: url.pathname, isReady: true, replace, push: replace }
}
