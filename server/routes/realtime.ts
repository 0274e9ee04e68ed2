import { inspectorTokenBody, type RealtimeStats } from '@/lib/api-types/realtime-inspector'
import { asBillingOrganization } from '../billing/billing-org'
import { route } from '../http/route'
import { refParams } from '../projects/schemas'
import { mintInspectorToken } from '../realtime/inspector-token'
import { realtimeStats } from '../realtime/stats'

/**
 * Dashboard → Realtime: the inspector's short-lived token (Developer and up: it acts as any role,
 * service_role included, though it never carries a key or the secret) and the project's realtime
 * figures (any member).
 */
export const realtimeRoutes = [
  route({
    method: 'POST',
    path: '/platform/projects/:ref/realtime/inspector-token',
    summary: 'Mint a five-minute token the realtime endpoint alone accepts, for a role (and a project user)',
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams,
    body: inspectorTokenBody,
    handler: async ({ req, db, project, body }) => mintInspectorToken(db, project.ref, req.headers, body),
  }),
  route({
    method: 'GET',
    path: '/platform/projects/:ref/realtime/stats',
    summary: "A project's realtime connections now and messages this billing period",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    handler: async ({ db, org, project }): Promise<RealtimeStats> => realtimeStats(db, project, asBillingOrganization(org).billing_cycle_anchor),
  }),
]
