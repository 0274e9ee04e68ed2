/**
 * Dashboard → Realtime (the inspector): the short-lived token it joins channels with, and the
 * project's realtime figures now. The browser imports this file with `import type` only.
 */
import { z } from 'zod'

/** The roles the inspector may act as. */
export const INSPECTOR_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type InspectorRole = (typeof INSPECTOR_ROLES)[number]

/** POST /platform/projects/:ref/realtime/inspector-token: `user_id` (a project user, auth.users) only and always for `authenticated`. */
export const inspectorTokenBody = z
  .strictObject({
    role: z.enum(INSPECTOR_ROLES, 'must be anon, authenticated or service_role'),
    user_id: z.uuid('must be a user id (uuid)').optional(),
  })
  .refine((b) => (b.role === 'authenticated') === (b.user_id !== undefined), {
    message: 'user_id is required for the authenticated role and only for it',
    path: ['user_id'],
  })
export type InspectorTokenBody = z.input<typeof inspectorTokenBody>

/**
 * The token answered: accepted by `{endpoint}/realtime/v1` alone (as the socket's `apikey`),
 * for `expires_in` seconds; `endpoint` is the project's API URL.
 */
export type InspectorToken = {
  token: string
  expires_at: number
  expires_in: number
  role: InspectorRole
  user: { id: string; email: string | null } | null
  endpoint: string
}

/** GET /platform/projects/:ref/realtime/stats: connections open now (all instances) and messages this billing period. */
export type RealtimeStats = {
  connections: number
  peak_connections: number
  messages: number
  period_start: string
  period_end: string
}
