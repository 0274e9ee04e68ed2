/**
 * Browser adapter of the consent store: the decision in local storage, and the telemetry data
 * cookie that opting out deletes (spec §4 "Consent").
 */
import type { ConsentStatus } from '@/lib/api-types/consent'

export type ConsentDecision = 'undecided' | 'accepted' | 'opted_out' | 'custom'

/** What is remembered of the visitor's choice. */
export type ConsentRecord = {
  decision: ConsentDecision
  /** Per-service statuses saved from the privacy settings (empty after Accept or Opt out). */
  services: Record<string, ConsentStatus>
}

export type ConsentStorage = {
  load: () => ConsentRecord | null
  save: (record: ConsentRecord) => void
  deleteTelemetryCookie: () => void
}

/** Local-storage key of the consent record. */
export const CONSENT_STORAGE_KEY = 'dashboard-telemetry-consent'
/** Cookie that holds telemetry data (e.g. an anonymous id); deleted on opt-out. */
export const TELEMETRY_DATA_COOKIE = 'dashboard_telemetry_data'

const DECISIONS: readonly ConsentDecision[] = ['undecided', 'accepted', 'opted_out', 'custom']

/** Parses a stored record; null when absent or malformed (the visitor is then asked again). */
export function parseConsentRecord(raw: string | null): ConsentRecord | null {
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { decision, services } = value as { decision?: unknown; services?: unknown }
  if (!DECISIONS.includes(decision as ConsentDecision)) return null
  if (typeof services !== 'object' || services === null || Array.isArray(services)) return null
  const clean: Record<string, ConsentStatus> = {}
  for (const [id, status] of Object.entries(services)) {
    if (status === 'granted' || status === 'denied') clean[id] = status
  }
  return { decision: decision as ConsentDecision, services: clean }
}

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export const browserConsentStorage: ConsentStorage = {
  load() {
    try {
      return parseConsentRecord(localStore()?.getItem(CONSENT_STORAGE_KEY) ?? null)
    } catch {
      return null
    }
  },
  save(record) {
    try {
      localStore()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record))
    } catch (error) {
      // The choice still holds for this session; the prompt returns after a reload.
      console.warn('[consent] could not save the choice', error)
    }
  },
  deleteTelemetryCookie() {
    if (typeof document === 'undefined') return
    // A cookie is deleted by setting it again, expired, with the same path.
    document.cookie = `${TELEMETRY_DATA_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/`
  },
}
