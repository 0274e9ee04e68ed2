import type { Endpoint } from './endpoints'

/** Endpoints of the project's logs area, walked by the authorization and bad-input suites. */
export const LOGS_ENDPOINTS: Endpoint[] = []
