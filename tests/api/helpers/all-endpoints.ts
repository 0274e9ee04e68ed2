import { AUTH_ENDPOINTS, CORE_PLATFORM_ENDPOINTS, type Endpoint } from './endpoints'
import { ADVISORS_ENDPOINTS } from './endpoints-advisors'
import { CRON_ENDPOINTS } from './endpoints-cron'
import { GRAPHQL_ENDPOINTS } from './endpoints-graphql'
import { LOGS_ENDPOINTS } from './endpoints-logs'
import { VAULT_ENDPOINTS } from './endpoints-vault'

/**
 * Every platform endpoint: the core table of `endpoints.ts` plus one table per project area,
 * each kept in its own `endpoints-*.ts` next to it.
 */
export const PLATFORM_ENDPOINTS: Endpoint[] = [
  ...CORE_PLATFORM_ENDPOINTS,
  ...ADVISORS_ENDPOINTS,
  ...CRON_ENDPOINTS,
  ...GRAPHQL_ENDPOINTS,
  ...LOGS_ENDPOINTS,
  ...VAULT_ENDPOINTS,
]

export const ALL_ENDPOINTS: Endpoint[] = [...PLATFORM_ENDPOINTS, ...AUTH_ENDPOINTS]
