/**
 * Where the last-visited preferences are kept (spec §3 "Stored preferences": local storage).
 * A thin adapter with no rules: `state/last-visited.ts` decides what is valid and what to keep,
 * so its rules are tested against the in-memory adapter below.
 */

/** Keys in localStorage; sign out clears the whole storage (spec §4), these included. */
export const LAST_VISITED_STORAGE_KEYS = {
  organization: 'dashboard-last-visited-organization',
  snippets: 'dashboard-last-visited-snippets',
  tables: 'dashboard-last-visited-tables',
} as const

/** sessionStorage key: the landing redirect was decided in this tab (it happens once per tab session). */
export const LANDING_DONE_SESSION_KEY = 'dashboard-landing-done'

export type LastVisitedStorageKey = keyof typeof LAST_VISITED_STORAGE_KEYS

/** Raw strings in, raw strings out: parsing and checking them is the store's job. */
export type LastVisitedStorage = {
  read(key: LastVisitedStorageKey): string | null
  write(key: LastVisitedStorageKey, value: string): void
  remove(key: LastVisitedStorageKey): void
  /** Whether this tab already went through the landing (sessionStorage). */
  readLandingDone(): boolean
  writeLandingDone(): void
}

/**
 * The browser adapter over localStorage. On the server, or where storage is blocked (private
 * mode, quota), reads give null and writes are dropped: the preference then lasts the visit only.
 */
export function createBrowserLastVisitedStorage(
  getStorage: () => Storage | undefined = defaultStorage,
  getSessionStorage: () => Storage | undefined = defaultSessionStorage
): LastVisitedStorage {
  return {
    read(key) {
      try {
        return getStorage()?.getItem(LAST_VISITED_STORAGE_KEYS[key]) ?? null
      } catch {
        return null
      }
    },
    write(key, value) {
      try {
        getStorage()?.setItem(LAST_VISITED_STORAGE_KEYS[key], value)
      } catch {
        // storage full or blocked: keep going without persistence
      }
    },
    remove(key) {
      try {
        getStorage()?.removeItem(LAST_VISITED_STORAGE_KEYS[key])
      } catch {
        // blocked storage has nothing to remove
      }
    },
    readLandingDone() {
      try {
        return getSessionStorage()?.getItem(LANDING_DONE_SESSION_KEY) === 'true'
      } catch {
        return false
      }
    },
    writeLandingDone() {
      try {
        getSessionStorage()?.setItem(LANDING_DONE_SESSION_KEY, 'true')
      } catch {
        // blocked: the in-memory flag of the store still holds for this page load
      }
    },
  }
}

function defaultStorage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage
}

function defaultSessionStorage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.sessionStorage
}

/** An adapter over a plain map, for tests. */
export function createMemoryLastVisitedStorage(initial: Partial<Record<LastVisitedStorageKey, string>> = {}): LastVisitedStorage & {
  entries: Map<LastVisitedStorageKey, string>
  session: { landingDone: boolean }
} {
  const entries = new Map<LastVisitedStorageKey, string>(Object.entries(initial) as [LastVisitedStorageKey, string][])
  const session = { landingDone: false }
  return {
    entries,
    session,
    read: (key) => entries.get(key) ?? null,
    write: (key, value) => void entries.set(key, value),
    remove: (key) => void entries.delete(key),
    readLandingDone: () => session.landingDone,
    writeLandingDone: () => void (session.landingDone = true),
  }
}
