import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { ConsentCategory } from '@/data/consent/consent-categories-query'

export const CONSENT_CATEGORIES_URL = `${window.location.origin}/dashboard/api/platform/telemetry/consent-categories`

export const CATEGORIES: ConsentCategory[] = [
  {
    slug: 'necessary',
    label: 'Strictly necessary',
    description: 'Keeps you signed in.',
    isEssential: true,
    services: [{ id: 'dashboard-session', consent: { status: 'granted' } }],
  },
  {
    slug: 'analytics',
    label: 'Analytics',
    description: 'Which screens are used.',
    isEssential: false,
    services: [
      { id: 'dashboard-telemetry', consent: { status: 'denied' } },
      { id: 'performance', consent: { status: 'denied' } },
    ],
  },
  {
    slug: 'marketing',
    label: 'Marketing',
    description: 'Which campaign brought you.',
    isEssential: false,
    services: [{ id: 'marketing-attribution', consent: { status: 'denied' } }],
  },
]

/** A fresh query client per test, without retries so a failure shows at once. */
export function withQueryClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>
}
