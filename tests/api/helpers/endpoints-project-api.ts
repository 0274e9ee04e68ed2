import { expect } from 'vitest'
import {
  ownerSql,
  projectCall,
  newUser,
  walkRow,
  WALK_PASSWORD,
  WALK_TABLE,
  type ProjectApiWorld,
  type ProjectCaller,
  type ProjectRequest,
  type ProjectResponse,
} from './project-api-world'

/**
 * How the walks call each line of `expected-project-api.ts`: the path and request for a caller
 * (fixtures made first: the rows and users a write aims at), and what a success must hold.
 * Refused writes aim at real rows and users too, so "nothing changed" proves something.
 */
export type PreparedCall = { path: string; init?: ProjectRequest; target?: number | string }
export type ProjectEndpoint = {
  key: string
  prepare: (w: ProjectApiWorld, caller: ProjectCaller) => Promise<PreparedCall> | PreparedCall
  /** Run on a success with the expected status: what it holds and changed. */
  check?: (res: ProjectResponse, w: ProjectApiWorld, caller: ProjectCaller, call: PreparedCall) => Promise<void> | void
  /** Run `check` on a keyed caller's refusal too: a refused write aims at a real row or user, which must stay as it was. */
  checkRefusals?: true
}

export const methodOf = (key: string) => key.split(' ')[0]
const TABLE = `/rest/v1/${WALK_TABLE}`
const ok = (res: ProjectResponse) => res.status < 300
const rowOf = async (w: ProjectApiWorld, id: number) =>
  (await ownerSql(w, `select id, owner, body, public from public.${WALK_TABLE} where id = ${Number(id)}`))[0]
const preflight = { headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } }
/** The row a write aims at: the user's own for the user, else a public row anon may read but not change. */
const targetRow = (w: ProjectApiWorld, caller: ProjectCaller) => walkRow(w, caller === 'user' ? { owner: w.user.id, public: false } : { public: true })
/** A throwaway user for the calls that end or delete one; the walk's own user for callers who must be refused. */
const userTarget = async (w: ProjectApiWorld, caller: ProjectCaller) => (caller === 'service' ? (await newUser(w, 'disposable')).id : w.user.id)

export const PROJECT_API_ENDPOINTS: ProjectEndpoint[] = [
  {
    key: 'GET /rest/v1/:table',
    prepare: () => ({ path: TABLE, init: { query: '?select=id,owner,public&order=id' } }),
    check: (res, w, caller) => {
      const rows = res.body as { id: number; owner: string | null; public: boolean }[]
      if (caller === 'anon') expect(rows.every((r) => r.public)).toBe(true)
      if (caller === 'user') expect(rows.every((r) => r.owner === w.user.id)).toBe(true)
      if (caller === 'service') expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2]))
    },
  },
  {
    key: 'HEAD /rest/v1/:table',
    prepare: () => ({ path: TABLE, init: { headers: { Prefer: 'count=exact' } } }),
    check: (res) => expect(res.headers.get('content-range')).toMatch(/^(\d+-\d+|\*)\/\d+$/),
  },
  {
    key: 'POST /rest/v1/:table',
    checkRefusals: true,
    prepare: (w, caller) => {
      const id = w.nextId()
      return { path: TABLE, init: { body: { id, body: `inserted by ${caller}`, public: false } }, target: id }
    },
    check: async (res, w, caller, call) => {
      const row = await rowOf(w, call.target as number)
      if (!ok(res)) return expect(row).toBeUndefined()
      expect(row).toMatchObject({ body: `inserted by ${caller}`, owner: caller === 'user' ? w.user.id : null })
    },
  },
  {
    key: 'POST /rest/v1/:table?on_conflict=id',
    checkRefusals: true,
    prepare: async (w, caller) => {
      const id = await targetRow(w, caller)
      const headers = { Prefer: 'resolution=merge-duplicates,return=representation' }
      return { path: TABLE, init: { query: '?on_conflict=id', headers, body: [{ id, body: `upserted by ${caller}` }] }, target: id }
    },
    check: async (res, w, caller, call) => {
      const row = await rowOf(w, call.target as number)
      expect(row.body).toBe(ok(res) ? `upserted by ${caller}` : `row ${call.target}`)
      if (ok(res)) expect(res.body).toMatchObject([{ id: call.target, body: `upserted by ${caller}` }])
    },
  },
  {
    key: 'PATCH /rest/v1/:table',
    prepare: async (w, caller) => {
      const id = await targetRow(w, caller)
      return { path: TABLE, init: { query: `?id=eq.${id}`, body: { body: `patched by ${caller}` } }, target: id }
    },
    check: async (res, w, caller, call) => {
      const changed = caller !== 'anon'
      expect((await rowOf(w, call.target as number))?.body).toBe(changed ? `patched by ${caller}` : `row ${call.target}`)
      expect(res.headers.get('content-range')).toBe(changed ? '*/1' : '*/0')
    },
  },
  {
    key: 'DELETE /rest/v1/:table',
    prepare: async (w, caller) => {
      const id = await targetRow(w, caller)
      return { path: TABLE, init: { query: `?id=eq.${id}` }, target: id }
    },
    check: async (res, w, caller, call) => {
      const gone = caller !== 'anon'
      expect(Boolean(await rowOf(w, call.target as number))).toBe(!gone)
      expect(res.headers.get('content-range')).toBe(gone ? '*/1' : '*/0')
    },
  },
  { key: 'PUT /rest/v1/:table', prepare: (w) => ({ path: TABLE, init: { query: '?id=eq.1', body: { id: 1, body: 'put' } } }) },
  { key: 'OPTIONS /rest/v1/:table', prepare: () => ({ path: TABLE, init: preflight }), check: (res) => expect(res.headers.get('access-control-allow-origin')).toBe('*') },
  {
    key: 'POST /rest/v1/rpc/:fn',
    prepare: () => ({ path: '/rest/v1/rpc/walk_private', init: { body: { n: 21 } } }),
    check: (res) => expect(res.body).toBe(42),
  },
  {
    key: 'GET /rest/v1/rpc/:fn',
    prepare: () => ({ path: '/rest/v1/rpc/walk_role' }),
    check: (res, _w, caller) => expect(res.body).toBe({ anon: 'anon', user: 'authenticated', service: 'service_role' }[caller as string]),
  },
  { key: 'HEAD /rest/v1/rpc/:fn', prepare: () => ({ path: '/rest/v1/rpc/walk_role' }), check: (res) => expect(res.body).toBeUndefined() },
  { key: 'PUT /rest/v1/rpc/:fn', prepare: () => ({ path: '/rest/v1/rpc/walk_role', init: { body: {} } }) },
  { key: 'PATCH /rest/v1/rpc/:fn', prepare: () => ({ path: '/rest/v1/rpc/walk_role', init: { body: {} } }) },
  { key: 'DELETE /rest/v1/rpc/:fn', prepare: () => ({ path: '/rest/v1/rpc/walk_role' }) },
  { key: 'OPTIONS /rest/v1/rpc/:fn', prepare: () => ({ path: '/rest/v1/rpc/walk_role', init: preflight }) },

  { key: 'GET /auth/v1/settings', prepare: () => ({ path: '/auth/v1/settings' }), check: (res) => expect(res.body).toMatchObject({ external: { email: true } }) },
  { key: 'GET /auth/v1/health', prepare: () => ({ path: '/auth/v1/health' }), check: (res) => expect(res.body.name).toEqual(expect.any(String)) },
  {
    key: 'POST /auth/v1/signup',
    prepare: (w, caller) => ({ path: '/auth/v1/signup', init: { body: { email: `${w.unique(`signup-${caller}`)}@walk.example`, password: WALK_PASSWORD } } }),
    check: (res, _w, _c, call) => expect(res.body.user.email).toBe((call.init!.body as { email: string }).email),
  },
  {
    key: 'POST /auth/v1/token?grant_type=password',
    prepare: (w) => ({ path: '/auth/v1/token', init: { query: '?grant_type=password', body: { email: w.user.email, password: WALK_PASSWORD } } }),
    check: (res, w) => expect(res.body).toMatchObject({ access_token: expect.any(String), user: { id: w.user.id } }),
  },
  {
    key: 'POST /auth/v1/token?grant_type=refresh_token',
    prepare: async (w) => ({ path: '/auth/v1/token', init: { query: '?grant_type=refresh_token', body: { refresh_token: (await newUser(w, 'refresher')).refresh_token } } }),
    check: (res, _w, _c, call) => expect(res.body.refresh_token).not.toBe((call.init!.body as { refresh_token: string }).refresh_token),
  },
  { key: 'GET /auth/v1/user', prepare: () => ({ path: '/auth/v1/user' }), check: (res, w) => expect(res.body.id).toBe(w.user.id) },
  {
    key: 'PUT /auth/v1/user',
    prepare: (_w, caller) => ({ path: '/auth/v1/user', init: { body: { data: { walked_by: caller } } } }),
    check: (res, _w, caller) => expect(res.body.user_metadata).toMatchObject({ walked_by: caller }),
  },
  {
    key: 'POST /auth/v1/logout',
    // The walk's user keeps their session: a fresh one is ended.
    prepare: async (w, caller) => ({ path: '/auth/v1/logout', init: { query: '?scope=local', bearer: caller === 'user' ? (await newUser(w, 'leaver')).access_token : undefined } }),
    check: async (res, w, caller, call) => {
      if (caller !== 'user') return
      expect((await projectCall(w, 'user', 'GET', '/auth/v1/user', { bearer: call.init!.bearer })).status).toBe(403)
    },
  },
  { key: 'POST /auth/v1/recover', prepare: (w) => ({ path: '/auth/v1/recover', init: { body: { email: w.user.email } } }) },
  {
    key: 'GET /auth/v1/verify',
    prepare: async (w) => {
      const { email, id } = await newUser(w, 'recovering')
      const link = await projectCall(w, 'service', 'POST', '/auth/v1/admin/generate_link', { body: { type: 'recovery', email } })
      expect(link.status, JSON.stringify(link.body)).toBe(200)
      return { path: '/auth/v1/verify', init: { query: new URL(link.body.action_link).search }, target: id }
    },
    check: (res) => expect(new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('access_token')).toEqual(expect.any(String)),
  },
  {
    key: 'GET /auth/v1/admin/users',
    prepare: () => ({ path: '/auth/v1/admin/users', init: { query: '?page=1&per_page=5' } }),
    check: (res) => expect(res.body.users.length).toBeGreaterThan(0),
  },
  {
    key: 'POST /auth/v1/admin/users',
    prepare: (w, caller) => ({ path: '/auth/v1/admin/users', init: { body: { email: `${w.unique(`admin-made-${caller}`)}@walk.example`, password: WALK_PASSWORD, email_confirm: true } } }),
    check: (res, _w, _c, call) => expect(res.body.email).toBe((call.init!.body as { email: string }).email),
  },
  { key: 'GET /auth/v1/admin/users/:id', prepare: (w) => ({ path: `/auth/v1/admin/users/${w.user.id}` }), check: (res, w) => expect(res.body.id).toBe(w.user.id) },
  {
    key: 'PUT /auth/v1/admin/users/:id',
    prepare: async (w, caller) => ({ path: `/auth/v1/admin/users/${await userTarget(w, caller)}`, init: { body: { user_metadata: { admin_walk: caller } } } }),
    check: (res) => expect(res.body.user_metadata).toMatchObject({ admin_walk: 'service' }),
  },
  {
    key: 'DELETE /auth/v1/admin/users/:id',
    checkRefusals: true,
    prepare: async (w, caller) => {
      const id = await userTarget(w, caller)
      return { path: `/auth/v1/admin/users/${id}`, target: id }
    },
    check: async (res, w, _c, call) => {
      const left = await ownerSql(w, `select id from auth.users where id = '${call.target}'`)
      expect(left.length).toBe(ok(res) ? 0 : 1)
    },
  },
  {
    key: 'POST /auth/v1/admin/generate_link',
    prepare: (w) => ({ path: '/auth/v1/admin/generate_link', init: { body: { type: 'recovery', email: w.user.email } } }),
    check: (res, w) => expect(res.body.action_link).toContain(`/${w.ref}/auth/v1/verify?token=`),
  },
  { key: 'OPTIONS /auth/v1/user', prepare: () => ({ path: '/auth/v1/user', init: preflight }) },

  {
    key: 'GET /realtime/v1/websocket',
    prepare: () => ({ path: '/realtime/v1/websocket', init: { query: '?vsn=2.0.0' } }),
  },
  {
    key: 'POST /realtime/v1/api/broadcast',
    prepare: (_w, caller) => ({ path: '/realtime/v1/api/broadcast', init: { body: { messages: [{ topic: 'walk', event: 'walked', payload: { by: caller } }] } } }),
  },
  {
    key: 'OPTIONS /realtime/v1/websocket',
    prepare: () => ({ path: '/realtime/v1/websocket', init: preflight }),
    check: (res) => expect(res.headers.get('access-control-allow-origin')).toBe('*'),
  },
]
