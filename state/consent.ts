/**
 * Consent to telemetry (spec §2 overlays 2–3, §4 "Consent"): undecided, then accepted (every
 * service granted) or opted out (every service denied, telemetry data cookie deleted), or a
 * per-service choice saved from the privacy settings. Persistence is the adapter's job.
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ConsentCategory, ConsentStatus } from '@/lib/api-types/consent'
import {
  browserConsentStorage,
  type ConsentDecision,
  type ConsentRecord,
  type ConsentStorage,
} from './consent.storage'

export type { ConsentDecision, ConsentRecord } from './consent.storage'

/** The service whose consent lets telemetry leave the browser (listed under Analytics). */
export { TELEMETRY_SERVICE_ID } from '@/lib/catalogue/consent-categories'
import { TELEMETRY_SERVICE_ID } from '@/lib/catalogue/consent-categories'

/** Per-service statuses, as edited in the privacy settings. */
export type ServiceStatuses = Record<string, ConsentStatus>

export type ConsentState = ConsentRecord & {
  /** Accept: every service granted. */
  acceptAll: () => void
  /** Opt out: every service denied and the telemetry data cookie deleted. */
  optOut: () => void
  /** Confirm in the privacy settings: saves each service's status. */
  saveServiceStatuses: (statuses: ServiceStatuses) => void
  /** Re-reads the stored choice. */
  reload: () => void
}

const UNDECIDED: ConsentRecord = { decision: 'undecided', services: {} }

/** A consent store over the given storage; starts undecided, as on the server. */
export function createConsentStore(storage: ConsentStorage): StoreApi<ConsentState> {
  return createStore<ConsentState>()((set) => {
    const decide = (record: ConsentRecord) => {
      set(record)
      storage.save(record)
      if (serviceStatus(record, TELEMETRY_SERVICE_ID) === 'denied') storage.deleteTelemetryCookie()
    }
    return {
      ...UNDECIDED,
      acceptAll: () => decide({ decision: 'accepted', services: {} }),
      optOut: () => decide({ decision: 'opted_out', services: {} }),
      saveServiceStatuses: (statuses) => decide({ decision: 'custom', services: { ...statuses } }),
      reload: () => set(storage.load() ?? UNDECIDED),
    }
  })
}

/**
 * A service's status under a record. After Accept everything is granted and after Opt out
 * everything denied; after a custom choice a service it did not name is denied.
 */
export function serviceStatus(record: ConsentRecord, serviceId: string): ConsentStatus {
  switch (record.decision) {
    case 'accepted':
      return record.services[serviceId] ?? 'granted'
    case 'custom':
      return record.services[serviceId] ?? 'denied'
    default:
      return 'denied'
  }
}

/** The browser's consent store. */
export const consentStore = createConsentStore(browserConsentStorage)

if (typeof window !== 'undefined') consentStore.getState().reload()

/** True once the visitor allowed telemetry (checked by the telemetry sender before each event). */
export function hasAcceptedConsent(): boolean {
  return serviceStatus(consentStore.getState(), TELEMETRY_SERVICE_ID) === 'granted'
}

/** The current decision ('undecided' on the server and during hydration). */
export function useConsentDecision(): ConsentDecision {
  return useStore(consentStore, (state) => state.decision)
}

// -------------------------------------------------------------------------------------------
// Privacy settings draft (pure)

/**
 * Starting statuses of the privacy settings: what the visitor chose, or the platform's defaults
 * while undecided. Essential services are always granted.
 */
export function initialServiceStatuses(categories: readonly ConsentCategory[], record: ConsentRecord): ServiceStatuses {
  const statuses: ServiceStatuses = {}
  for (const category of categories) {
    for (const service of category.services) {
      statuses[service.id] = category.isEssential
        ? 'granted'
        : record.decision === 'undecided'
          ? service.consent.status
          : serviceStatus(record, service.id)
    }
  }
  return statuses
}

/** spec §4: a category toggle sets all its services; essential categories cannot be changed. */
export function setCategoryStatus(
  statuses: ServiceStatuses,
  category: ConsentCategory,
  granted: boolean
): ServiceStatuses {
  if (category.isEssential) return statuses
  const next = { ...statuses }
  for (const service of category.services) next[service.id] = granted ? 'granted' : 'denied'
  return next
}

/** A category shows as on when every one of its services is granted. */
export function isCategoryGranted(statuses: ServiceStatuses, category: ConsentCategory): boolean {
  return category.services.length > 0 && category.services.every((service) => statuses[service.id] === 'granted')
}
