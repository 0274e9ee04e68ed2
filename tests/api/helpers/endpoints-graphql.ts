import type { Endpoint } from './endpoints'

/** Endpoints of the project's graphql area, walked by the authorization and bad-input suites. */
export const GRAPHQL_ENDPOINTS: Endpoint[] = []
