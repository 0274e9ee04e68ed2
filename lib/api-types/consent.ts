/** `GET /platform/telemetry/consent-categories` (spec §3 "Consent category"). */
export type ConsentStatus = 'granted' | 'denied'

export type ConsentService = { id: string; consent: { status: ConsentStatus } }

export type ConsentCategory = {
  slug: string
  label: string
  description: string
  isEssential: boolean
  services: ConsentService[]
}
