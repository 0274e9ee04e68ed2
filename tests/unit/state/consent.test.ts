import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConsentCategory } from '@/data/consent/consent-categories-query'
import {
  consentStore,
  createConsentStore,
  hasAcceptedConsent,
  initialServiceStatuses,
  isCategoryGranted,
  serviceStatus,
  setCategoryStatus,
  TELEMETRY_SERVICE_ID,
} from '@/state/consent'
import {
  browserConsentStorage,
  CONSENT_STORAGE_KEY,
  parseConsentRecord,
  TELEMETRY_DATA_COOKIE,
  type ConsentRecord,
  type ConsentStorage,
} from '@/state/consent.storage'

function memoryStorage(initial: ConsentRecord | null = null) {
  let saved = initial
  const storage = {
    load: () => saved,
    save: vi.fn((record: ConsentRecord) => void (saved = record)),
    deleteTelemetryCookie: vi.fn(),
  } satisfies ConsentStorage
  return { storage, saved: () => saved }
}

const CATEGORIES: ConsentCategory[] = [
  {
    slug: 'necessary',
    label: 'Strictly necessary',
    description: 'Always on',
    isEssential: true,
    services: [{ id: 'session', consent: { status: 'granted' } }],
  },
  {
    slug: 'analytics',
    label: 'Analytics',
    description: 'Usage',
    isEssential: false,
    services: [
      { id: TELEMETRY_SERVICE_ID, consent: { status: 'denied' } },
      { id: 'heatmaps', consent: { status: 'denied' } },
    ],
  },
  {
    slug: 'marketing',
    label: 'Marketing',
    description: 'Campaigns',
    isEssential: false,
    services: [{ id: 'attribution', consent: { status: 'granted' } }],
  },
]

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

beforeEach(() => {
  consentStore.getState().reload()
})
afterEach(() => {
  clearCookies()
})

describe('consent transitions', () => {
  it('starts undecided, with every service denied', () => {
    const { storage } = memoryStorage()
    const store = createConsentStore(storage)
    expect(store.getState().decision).toBe('undecided')
    expect(serviceStatus(store.getState(), TELEMETRY_SERVICE_ID)).toBe('denied')
  })

  it('undecided → accepted grants every service and keeps the cookie', () => {
    const { storage, saved } = memoryStorage()
    const store = createConsentStore(storage)
    store.getState().acceptAll()
    expect(store.getState().decision).toBe('accepted')
    expect(serviceStatus(store.getState(), TELEMETRY_SERVICE_ID)).toBe('granted')
    expect(serviceStatus(store.getState(), 'any-other-service')).toBe('granted')
    expect(saved()).toEqual({ decision: 'accepted', services: {} })
    expect(storage.deleteTelemetryCookie).not.toHaveBeenCalled()
  })

  it('undecided → opted out denies every service and deletes the telemetry data cookie', () => {
    const { storage, saved } = memoryStorage()
    const store = createConsentStore(storage)
    store.getState().optOut()
    expect(store.getState().decision).toBe('opted_out')
    expect(serviceStatus(store.getState(), TELEMETRY_SERVICE_ID)).toBe('denied')
    expect(serviceStatus(store.getState(), 'attribution')).toBe('denied')
    expect(saved()).toEqual({ decision: 'opted_out', services: {} })
    expect(storage.deleteTelemetryCookie).toHaveBeenCalledTimes(1)
  })

  it('Confirm saves per-service statuses; denying telemetry deletes the cookie', () => {
    const { storage, saved } = memoryStorage()
    const store = createConsentStore(storage)
    store.getState().saveServiceStatuses({ session: 'granted', [TELEMETRY_SERVICE_ID]: 'denied', attribution: 'granted' })
    expect(store.getState().decision).toBe('custom')
    expect(saved()?.services).toEqual({ session: 'granted', [TELEMETRY_SERVICE_ID]: 'denied', attribution: 'granted' })
    expect(serviceStatus(store.getState(), 'attribution')).toBe('granted')
    expect(serviceStatus(store.getState(), 'unnamed')).toBe('denied')
    expect(storage.deleteTelemetryCookie).toHaveBeenCalledTimes(1)

    store.getState().saveServiceStatuses({ [TELEMETRY_SERVICE_ID]: 'granted' })
    expect(serviceStatus(store.getState(), TELEMETRY_SERVICE_ID)).toBe('granted')
    expect(storage.deleteTelemetryCookie).toHaveBeenCalledTimes(1)
  })

  it('reload restores the stored decision', () => {
    const { storage } = memoryStorage({ decision: 'accepted', services: {} })
    const store = createConsentStore(storage)
    expect(store.getState().decision).toBe('undecided')
    store.getState().reload()
    expect(store.getState().decision).toBe('accepted')
  })
})

describe('hasAcceptedConsent (browser store)', () => {
  it('is true only while telemetry is granted', () => {
    expect(hasAcceptedConsent()).toBe(false)
    consentStore.getState().acceptAll()
    expect(hasAcceptedConsent()).toBe(true)
    consentStore.getState().saveServiceStatuses({ [TELEMETRY_SERVICE_ID]: 'denied', attribution: 'granted' })
    expect(hasAcceptedConsent()).toBe(false)
    consentStore.getState().saveServiceStatuses({ [TELEMETRY_SERVICE_ID]: 'granted' })
    expect(hasAcceptedConsent()).toBe(true)
    consentStore.getState().optOut()
    expect(hasAcceptedConsent()).toBe(false)
  })

  it('persists the choice in local storage', () => {
    consentStore.getState().acceptAll()
    expect(parseConsentRecord(localStorage.getItem(CONSENT_STORAGE_KEY))).toEqual({ decision: 'accepted', services: {} })
    const fresh = createConsentStore(browserConsentStorage)
    fresh.getState().reload()
    expect(fresh.getState().decision).toBe('accepted')
  })
})

describe('browser adapter', () => {
  it('opting out deletes the telemetry data cookie on path /', () => {
    document.cookie = `${TELEMETRY_DATA_COOKIE}=abc123; path=/`
    document.cookie = 'unrelated=keep; path=/'
    expect(document.cookie).toContain(`${TELEMETRY_DATA_COOKIE}=abc123`)
    const setter = vi.spyOn(document, 'cookie', 'set')
    consentStore.getState().optOut()
    expect(setter).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^${TELEMETRY_DATA_COOKIE}=;.*expires=Thu, 01 Jan 1970.*path=/`)))
    setter.mockRestore()
    expect(document.cookie).not.toContain(TELEMETRY_DATA_COOKIE)
    expect(document.cookie).toContain('unrelated=keep')
  })

  it('discards malformed stored records (the visitor is asked again)', () => {
    for (const raw of ['nope', '{"decision":"maybe","services":{}}', '{"decision":"accepted"}', '[]', 'null']) {
      localStorage.setItem(CONSENT_STORAGE_KEY, raw)
      consentStore.getState().reload()
      expect(consentStore.getState().decision).toBe('undecided')
    }
    expect(parseConsentRecord('{"decision":"custom","services":{"a":"granted","b":"bogus"}}')).toEqual({
      decision: 'custom',
      services: { a: 'granted' },
    })
  })
})

describe('privacy settings draft', () => {
  it('starts from the platform defaults while undecided, with essentials granted', () => {
    expect(initialServiceStatuses(CATEGORIES, { decision: 'undecided', services: {} })).toEqual({
      session: 'granted',
      [TELEMETRY_SERVICE_ID]: 'denied',
      heatmaps: 'denied',
      attribution: 'granted',
    })
  })

  it('starts from the visitor’s choice once decided', () => {
    expect(initialServiceStatuses(CATEGORIES, { decision: 'accepted', services: {} })).toEqual({
      session: 'granted',
      [TELEMETRY_SERVICE_ID]: 'granted',
      heatmaps: 'granted',
      attribution: 'granted',
    })
    expect(initialServiceStatuses(CATEGORIES, { decision: 'opted_out', services: {} })).toEqual({
      session: 'granted',
      [TELEMETRY_SERVICE_ID]: 'denied',
      heatmaps: 'denied',
      attribution: 'denied',
    })
  })

  it('a category toggle changes all its services; essential categories cannot change', () => {
    const start = initialServiceStatuses(CATEGORIES, { decision: 'undecided', services: {} })
    const analyticsOn = setCategoryStatus(start, CATEGORIES[1], true)
    expect(analyticsOn[TELEMETRY_SERVICE_ID]).toBe('granted')
    expect(analyticsOn.heatmaps).toBe('granted')
    expect(isCategoryGranted(analyticsOn, CATEGORIES[1])).toBe(true)
    expect(start[TELEMETRY_SERVICE_ID]).toBe('denied') // not mutated
    const essentialOff = setCategoryStatus(analyticsOn, CATEGORIES[0], false)
    expect(essentialOff).toBe(analyticsOn)
    expect(isCategoryGranted({ ...analyticsOn, heatmaps: 'denied' }, CATEGORIES[1])).toBe(false)
  })
})
