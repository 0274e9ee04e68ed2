import type { Endpoint } from './endpoints'

/** Endpoints of the project's vault area, walked by the authorization and bad-input suites. */
export const VAULT_ENDPOINTS: Endpoint[] = []
