/**
 * Consent categories of the privacy settings (spec §2 overlays 2–3, §3 "Consent category"): the
 * defaults a new visitor starts from (essential granted, everything else denied until chosen).
 */
import type { ConsentCategory } from '@/lib/api-types/consent'

/** The service whose consent allows telemetry: the browser and the platform share this id. */
export const TELEMETRY_SERVICE_ID = 'dashboard-telemetry'

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
