import type { Endpoint } from './endpoints'

/** Endpoints of the project's advisors area, walked by the authorization and bad-input suites. */
export const ADVISORS_ENDPOINTS: Endpoint[] = []
