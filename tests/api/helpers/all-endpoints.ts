import { createAuthRouter } from '@/server/auth-router'
import { createPlatformRouter } from '@/server/platform-router'
import type { RouteRow } from '@/server/http/router'
import { AUTH_ENDPOINTS as AUTH_ENTRIES, CORE_PLATFORM_ENDPOINTS, endpointKey, type Endpoint, type EndpointEntry } from './endpoints'
import { ADVISORS_ENDPOINTS } from './endpoints-advisors'
import { AI_ENDPOINTS } from './endpoints-ai'
import { API_KEYS_ENDPOINTS } from './endpoints-api-keys'
import { CRON_ENDPOINTS } from './endpoints-cron'
import { DATABASE_ENDPOINTS } from './endpoints-database'
import { GRAPHQL_ENDPOINTS } from './endpoints-graphql'
import { LOGS_ENDPOINTS } from './endpoints-logs'
import { PROJECT_AUTH_ENDPOINTS } from './endpoints-project-auth'
import { STORAGE_PLATFORM_ENDPOINTS } from './endpoints-storage-platform'
import { REALTIME_ENDPOINTS } from './endpoints-realtime'
import { VAULT_ENDPOINTS } from './endpoints-vault'
import { FUNCTIONS_ENDPOINTS } from './endpoints-functions'

/** The route table of each service, from the declarations (what `npm run routes` prints). */
export const PLATFORM_ROUTES: RouteRow[] = createPlatformRouter().table()
export const AUTH_ROUTES: RouteRow[] = createAuthRouter().table()

/**
 * Joins each entry with its route's declared access: the walks expect what the declaration says
 * (and `expected-access.ts` pins the declarations). An entry without a declaration keeps no scope,
 * which the coverage test reports.
 */
function withAccess(service: Endpoint['service'], entries: EndpointEntry[], routes: RouteRow[]): Endpoint[] {
  const declared = new Map(routes.map((r) => [`${r.method} ${r.path}`, r.access]))
  return entries.map((entry) => {
    const access = declared.get(endpointKey(entry))
    const scope = access?.scope === 'organization' ? 'org' : access?.scope === 'session' ? 'user' : access?.scope
    const minRole = access && 'minimum' in access ? access.minimum : undefined
    return { ...entry, service, scope: scope as Endpoint['scope'], minRole }
  })
}

/**
 * Every platform endpoint: the core table of `endpoints.ts` plus one table per project area,
 * each kept in its own `endpoints-*.ts` next to it.
 */
export const PLATFORM_ENDPOINTS: Endpoint[] = withAccess(
  'platform',
  [...CORE_PLATFORM_ENDPOINTS, ...ADVISORS_ENDPOINTS, ...CRON_ENDPOINTS, ...GRAPHQL_ENDPOINTS, ...LOGS_ENDPOINTS, ...VAULT_ENDPOINTS, ...AI_ENDPOINTS, ...API_KEYS_ENDPOINTS, ...PROJECT_AUTH_ENDPOINTS, ...STORAGE_PLATFORM_ENDPOINTS, ...REALTIME_ENDPOINTS, ...FUNCTIONS_ENDPOINTS, ...DATABASE_ENDPOINTS],
  PLATFORM_ROUTES
)

export const AUTH_ENDPOINTS: Endpoint[] = withAccess('auth', AUTH_ENTRIES, AUTH_ROUTES)

export const ALL_ENDPOINTS: Endpoint[] = [...PLATFORM_ENDPOINTS, ...AUTH_ENDPOINTS]
