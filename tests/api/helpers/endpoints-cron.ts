import type { Endpoint } from './endpoints'

/** Endpoints of the project's cron area, walked by the authorization and bad-input suites. */
export const CRON_ENDPOINTS: Endpoint[] = []
