import { expect } from 'vitest'
import { allowedInA, type Actor, type EndpointEntry, type World } from './endpoints'

const BASE = '/platform/auth/:ref'

/** A's own project user (made once per world by A's Owner): refused callers aim at it and must change nothing. */
const usersOfA = new WeakMap<World, Promise<string>>()

async function createUser(w: World, email: string): Promise<string> {
  const res = await w.platform.request(`/platform/auth/${w.projectA}/users`, {
    token: w.users.owner.token,
    body: { email, password: 'walk-password-1' },
  })
  expect(res.status, `project user ${email}: ${JSON.stringify(res.body)}`).toBe(201)
  return res.body.id as string
}

function userOfA(w: World): Promise<string> {
  let id = usersOfA.get(w)
  if (!id) {
    id = createUser(w, `${w.unique('alpha-user')}@app.example`)
    usersOfA.set(w, id)
  }
  return id
}

/** A's user for callers who must be refused; a disposable one for those allowed. */
async function userFor(w: World, actor: Actor): Promise<string> {
  return allowedInA(actor, 'Developer') ? createUser(w, `${w.unique(`user-of-${actor}`)}@app.example`) : userOfA(w)
}

/** A project's own users and auth settings, walked by the authorization and bad-input suites; tests/api/project-auth.test.ts checks them. */
export const PROJECT_AUTH_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: `${BASE}/users`,
    mode: 'read',
    prepare: async (w) => {
      await userOfA(w)
      return { params: { ref: w.projectA } }
    },
    check: async (res, w) => expect((res.body.users as { id: string }[]).map((u) => u.id)).toContain(await userOfA(w)),
  },
  {
    method: 'POST',
    pattern: `${BASE}/users`,
    mode: 'write',
    takesBody: true,
    required: ['email', 'password'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { email: `${w.unique(`made-by-${actor}`)}@app.example`, password: 'walk-password-2', email_confirm: true, user_metadata: { by: actor } },
    }),
    check: (res) => expect(JSON.stringify(res.body)).not.toContain('walk-password-2'),
  },
  {
    method: 'GET',
    pattern: `${BASE}/users/:id`,
    mode: 'read',
    prepare: async (w) => ({ params: { ref: w.projectA, id: await userOfA(w) } }),
    check: async (res, w) => expect(res.body).toMatchObject({ id: await userOfA(w), banned_until: null }),
  },
  {
    method: 'PATCH',
    pattern: `${BASE}/users/:id`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: async (w, actor) => ({
      params: { ref: w.projectA, id: await userFor(w, actor) },
      body: { ban_duration: '24h', email_confirm: true, user_metadata: { changed_by: actor } },
    }),
    check: (res, _w, actor) => expect(res.body).toMatchObject({ banned_until: expect.any(String), user_metadata: { changed_by: actor } }),
  },
  {
    method: 'DELETE',
    pattern: `${BASE}/users/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: await userFor(w, actor) } }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/users/:id/recovery`,
    mode: 'write',
    success: 200,
    takesBody: true,
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: await userFor(w, actor) }, body: {} }),
    check: (res, w) => expect(res.body.action_link).toContain(`/${w.projectA}/auth/v1/verify?token=`),
  },
  {
    method: 'GET',
    pattern: `${BASE}/config`,
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res) => expect(res.body).toEqual({ MAILER_AUTOCONFIRM: expect.any(Boolean), DISABLE_SIGNUP: expect.any(Boolean), SITE_URL: expect.any(String), JWT_EXP: expect.any(Number) }),
  },
  {
    method: 'PATCH',
    pattern: `${BASE}/config`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: (w) => ({ params: { ref: w.projectA }, body: { MAILER_AUTOCONFIRM: true, DISABLE_SIGNUP: false, SITE_URL: 'https://app.example', JWT_EXP: 3600 } }),
    check: (res) => expect(res.body).toEqual({ MAILER_AUTOCONFIRM: true, DISABLE_SIGNUP: false, SITE_URL: 'https://app.example', JWT_EXP: 3600 }),
  },
]
