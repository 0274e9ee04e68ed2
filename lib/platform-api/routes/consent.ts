/**
 * Consent categories of the privacy settings (spec §2 overlays 2–3, §3 "Consent category").
 *
 * `GET /platform/telemetry/consent-categories` needs no sign-in: the consent prompt shows before
 * anyone signs in. The statuses are the defaults a new visitor starts from (essential granted,
 * everything else denied until chosen); the visitor's own choice is kept in their browser.
 */
import { getServerConfig } from '@/lib/config'
import { notFound } from '../http/errors'
import type { Router } from '../http/router'

type ConsentStatus = 'granted' | 'denied'

type ConsentCategory = {
  slug: string
  label: string
  description: string
  isEssential: boolean
  services: { id: string; consent: { status: ConsentStatus } }[]
}

/**
 * The service whose consent allows telemetry. The browser's `TELEMETRY_SERVICE_ID`
 * (state/consent.ts) names the same id: it is part of the wire contract.
 */
const TELEMETRY_SERVICE_ID = 'dashboard-telemetry'

export const CONSENT_CATEGORIES: readonly ConsentCategory[] = [
  {
    slug: 'necessary',
    label: 'Strictly necessary',
    description:
      'Keeps you signed in, remembers your preferences such as the theme, and protects your account. The dashboard cannot work without these, so they are always on.',
    isEssential: true,
    services: [
      { id: 'dashboard-session', consent: { status: 'granted' } },
      { id: 'dashboard-preferences', consent: { status: 'granted' } },
    ],
  },
  {
    slug: 'analytics',
    label: 'Analytics',
    description:
      'Records which screens and features you use, without the content of your projects, so that we can see what works and fix what does not.',
    isEssential: false,
    services: [{ id: TELEMETRY_SERVICE_ID, consent: { status: 'denied' } }],
  },
  {
    slug: 'marketing',
    label: 'Marketing',
    description:
      'Tells us which campaign or page brought you here, so that we can measure our announcements and show you fewer irrelevant ones.',
    isEssential: false,
    services: [{ id: 'marketing-attribution', consent: { status: 'denied' } }],
  },
]

/** Registers the consent endpoints. */
export function registerConsentRoutes(router: Router): void {
  router.get('/platform/telemetry/consent-categories', async () => {
    // spec §1: the self-hosted mode has no telemetry, so there is nothing to consent to.
    if (!getServerConfig().isPlatform) {
      throw notFound('Consent categories are only available on the hosted platform')
    }
    return CONSENT_CATEGORIES
  })
}
