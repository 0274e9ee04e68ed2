import { http, HttpResponse } from 'msw'
import type { ProjectAuthConfig, ProjectUser, ProjectUserRecovery, ProjectUsersPage } from '@/lib/api-types/project-auth'
import { server } from '@/tests/msw-server'
import { projectAndRole, REF } from '../cron/cron-fixtures'

export { REF, renderWithClient } from '../cron/cron-fixtures'

export const USERS = `*/platform/auth/${REF}/users`
export const CONFIG = `*/platform/auth/${REF}/config`

/** A user of the project, the n-th made (newer users have higher n). */
export function projectUser(n: number, overrides: Partial<ProjectUser> = {}): ProjectUser {
  const created = new Date(Date.UTC(2025, 4, 1, 10, 0, n)).toISOString()
  return {
    id: `${String(n).padStart(8, '0')}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
    email: `user${n}@example.com`,
    email_confirmed_at: created,
    last_sign_in_at: null,
    banned_until: null,
    user_metadata: {},
    app_metadata: { provider: 'email' },
    created_at: created,
    updated_at: created,
    ...overrides,
  }
}

export const RECOVERY: ProjectUserRecovery = {
  action_link: `http://localhost:8082/project/${REF}/auth/v1/verify?token=one-time-token&type=recovery`,
  expires_at: '2025-05-01T11:00:00.000Z',
}

/**
 * The project's users routes over an in-memory list, as the platform answers them (newest first,
 * `keywords` matching part of an address or id, paged). Records every list query and write body.
 */
export function usersHandlers(initial: ProjectUser[], { role = 'Developer' as 'Owner' | 'Developer' | 'Read-only', ref = REF } = {}) {
  const base = `*/platform/auth/${ref}/users`
  let users = [...initial]
  const lists: URLSearchParams[] = []
  const writes: { method: string; id?: string; body?: unknown }[] = []
  const find = (id: unknown) => users.find((u) => u.id === id)
  server.use(
    ...projectAndRole(role),
    http.get(base, ({ request }) => {
      const query = new URL(request.url).searchParams
      lists.push(query)
      const page = Number(query.get('page') ?? 1)
      const perPage = Number(query.get('per_page') ?? 50)
      const term = query.get('keywords')?.toLowerCase() ?? ''
      const matching = users.filter((u) => !term || u.id.includes(term) || (u.email ?? '').includes(term)).sort((a, b) => b.created_at.localeCompare(a.created_at))
      return HttpResponse.json({ users: matching.slice((page - 1) * perPage, page * perPage), total: matching.length } satisfies ProjectUsersPage)
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const user = find(params.id)
      return user ? HttpResponse.json(user) : HttpResponse.json({ message: 'User not found' }, { status: 404 })
    }),
    http.post(base, async ({ request }) => {
      const body = (await request.json()) as { email: string; email_confirm?: boolean }
      writes.push({ method: 'POST', body })
      const user = projectUser(users.length + 100, { email: body.email, email_confirmed_at: body.email_confirm === false ? null : new Date().toISOString() })
      users = [...users, user]
      return HttpResponse.json(user, { status: 201 })
    }),
    http.patch(`${base}/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { ban_duration?: string; email_confirm?: true; user_metadata?: Record<string, unknown> }
      writes.push({ method: 'PATCH', id: String(params.id), body })
      const user = find(params.id)!
      const hours = body.ban_duration && body.ban_duration !== 'none' ? Number(body.ban_duration.slice(0, -1)) : 0
      const banned_until = body.ban_duration === undefined ? user.banned_until : hours ? new Date(Date.now() + hours * 3_600_000).toISOString() : null
      const updated = {
        ...user,
        banned_until,
        email_confirmed_at: body.email_confirm ? new Date().toISOString() : user.email_confirmed_at,
        user_metadata: body.user_metadata ?? user.user_metadata,
      }
      users = users.map((u) => (u.id === user.id ? updated : u))
      return HttpResponse.json(updated)
    }),
    http.delete(`${base}/:id`, ({ params }) => {
      writes.push({ method: 'DELETE', id: String(params.id) })
      users = users.filter((u) => u.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.post(`${base}/:id/recovery`, ({ params }) => {
      writes.push({ method: 'POST recovery', id: String(params.id) })
      return HttpResponse.json(RECOVERY)
    })
  )
  return { lists, writes }
}

export const DEFAULT_CONFIG: ProjectAuthConfig = { MAILER_AUTOCONFIRM: true, DISABLE_SIGNUP: false, SITE_URL: 'http://localhost:3000', JWT_EXP: 3600 }

/** The auth config routes; PATCH merges the body, as the platform does. Records the PATCH bodies. */
export function configHandlers(role: 'Owner' | 'Developer' | 'Read-only', initial: ProjectAuthConfig = DEFAULT_CONFIG) {
  let config = { ...initial }
  const patches: unknown[] = []
  server.use(
    ...projectAndRole(role),
    http.get(CONFIG, () => HttpResponse.json(config)),
    http.patch(CONFIG, async ({ request }) => {
      const body = (await request.json()) as Partial<ProjectAuthConfig>
      patches.push(body)
      config = { ...config, ...body }
      return HttpResponse.json(config)
    })
  )
  return patches
}
