/**
 * Local-storage adapter of the feature preview flags (spec §3: "stored in browser local storage,
 * default off"). Each flag lives under its preview key as `true` or `false`; anything else there
 * is ignored, so a hand-edited or foreign value reads as off.
 */
import { FEATURE_PREVIEWS, type FeaturePreviewKey } from '@/lib/catalogue/feature-previews'

export type FeaturePreviewFlags = Partial<Record<FeaturePreviewKey, boolean>>

/** Where the store keeps its flags; tests pass an in-memory one. */
export type FeaturePreviewStorage = {
  load: () => FeaturePreviewFlags
  save: (key: FeaturePreviewKey, enabled: boolean) => void
  /** Calls back when another tab changed a flag; returns the unsubscribe. */
  subscribe?: (onChange: () => void) => () => void
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage can be switched off (privacy modes): flags then live only in memory.
    return null
  }
}

/** Reads one stored flag: true, false, or undefined when absent or malformed. */
export function parseFlag(raw: string | null): boolean | undefined {
  if (raw === null) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'boolean' ? value : undefined
  } catch {
    return undefined
  }
}

export const localFeaturePreviewStorage: FeaturePreviewStorage = {
  load() {
    const store = storage()
    const flags: FeaturePreviewFlags = {}
    if (!store) return flags
    for (const { key } of FEATURE_PREVIEWS) {
      let raw: string | null = null
      try {
        raw = store.getItem(key)
      } catch {
        raw = null
      }
      const value = parseFlag(raw)
      if (value !== undefined) flags[key] = value
    }
    return flags
  },
  save(key, enabled) {
    try {
      storage()?.setItem(key, JSON.stringify(enabled))
    } catch (error) {
      // A full or blocked storage only loses the flag after a reload; the session keeps it.
      console.warn('[feature-previews] could not save the flag', error)
    }
  },
  subscribe(onChange) {
    if (typeof window === 'undefined') return () => {}
    const keys = new Set<string>(FEATURE_PREVIEWS.map((preview) => preview.key))
    const listener = (event: StorageEvent) => {
      if (event.key === null || keys.has(event.key)) onChange()
    }
    window.addEventListener('storage', listener)
    return () => window.removeEventListener('storage', listener)
  },
}
