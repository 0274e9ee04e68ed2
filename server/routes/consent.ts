import { CONSENT_CATEGORIES } from '@/lib/catalogue/consent-categories'
import { route } from '../http/route'

/**
 * `GET /platform/telemetry/consent-categories` needs no sign-in: the consent prompt shows before
 * anyone signs in. The visitor's own choice is kept in their browser.
 */
export const consentRoutes = [
  route({
    method: 'GET',
    path: '/platform/telemetry/consent-categories',
    summary: 'The consent categories and their default statuses (hosted only)',
    access: { scope: 'public' },
    // spec §1: the self-hosted mode has no telemetry, so there is nothing to consent to.
    hostedOnly: 'Consent categories are only available on the hosted platform',
    handler: async () => CONSENT_CATEGORIES,
  }),
]
