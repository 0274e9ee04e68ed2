import crypto from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT, decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createOwnedProject, sql } from './projects-helpers'

/**
 * Issue 12: a project's own users at `{url}/auth/v1`, driven by the real supabase-js as an app
 * would: sign-up, sign-in, refresh, user, sign-out; row level security on `auth.uid()` through
 * REST for two users, anon and the service key; the admin API with the service key; e-mail
 * confirmation and bans; recovery links; the logs; a key rotation ending every token.
 */

class NoWebSocket {} // Node 20 has no WebSocket; realtime is not used here

const PASSWORD = 'correct horse battery'

describe('project auth with supabase-js', () => {
  let platform: TestPlatform
  let owner: { id: string; token: string }
  let ref: string
  let keys: Record<string, string>
  let service: SupabaseClient
  let n = 0
  const email = () => `user${++n}-${crypto.randomBytes(3).toString('hex')}@app.example`
  const endpoint = () => `${platform.projectUrl(ref)}`
  const client = (key = keys.anon) =>
    createClient(endpoint(), key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as never },
    })
  const asOwner = (path: string, init: { method?: string; body?: unknown } = {}) => platform.request(path, { token: owner.token, ...init })
  const ownerSql = async (query: string) => {
    const res = await sql(platform, owner.token, ref, query)
    return res
  }
  /** A signed-in client of a new user. */
  const signedUp = async () => {
    const app = client()
    const address = email()
    const { data, error } = await app.auth.signUp({ email: address, password: PASSWORD })
    expect(error).toBeNull()
    return { app, email: address, id: data.user!.id, session: data.session! }
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ owner, ref } = await createOwnedProject(platform, 'Auth'))
    const made = await ownerSql(`create table public.notes (
        id bigserial primary key,
        user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
        body text not null,
        shared boolean not null default false);
      alter table public.notes enable row level security;
      create policy own_notes on public.notes for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
      create policy anon_reads_shared on public.notes for select to anon using (shared);`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const res = await asOwner(`/platform/projects/${ref}/api-keys`)
    keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    service = client(keys.service_role)
  }, 180_000)
  afterAll(async () => platform?.close())

  it('needs a project key, answers CORS preflights and publishes its settings', async () => {
    const url = `${endpoint()}/auth/v1/settings`
    expect((await fetch(url)).status).toBe(401)
    expect((await fetch(url, { headers: { apikey: `${keys.anon.slice(0, -4)}AAAA` } })).status).toBe(401)
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: 'http://app.example' } })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    const settings = await fetch(url, { headers: { apikey: keys.anon } })
    expect(settings.headers.get('access-control-allow-origin')).toBe('*')
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: true, disable_signup: false, external: { email: true } })
  })

  it('signs up, signs in, refreshes, reads and changes the user, and signs out', async () => {
    const { app, email: address, id, session } = await signedUp()
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({ sub: id, email: address, role: 'authenticated', aud: 'authenticated', aal: 'aal1', iss: `${endpoint()}/auth/v1` })
    expect(claims.session_id).toEqual(expect.any(String))
    expect(claims.app_metadata).toMatchObject({ provider: 'email' })

    const wrong = await client().auth.signInWithPassword({ email: address, password: 'not the password' })
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    const signedIn = await app.auth.signInWithPassword({ email: address, password: PASSWORD })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.id).toBe(id)

    const me = await app.auth.getUser()
    expect(me.data.user).toMatchObject({ id, email: address })
    const changed = await app.auth.updateUser({ data: { nickname: 'al' } })
    expect(changed.error).toBeNull()
    expect(changed.data.user?.user_metadata).toMatchObject({ nickname: 'al' })
    const refreshed = await app.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session!.refresh_token)
    expect(decodeJwt(refreshed.data.session!.access_token).user_metadata).toMatchObject({ nickname: 'al' })

    const token = refreshed.data.session!.access_token
    expect((await app.auth.signOut()).error).toBeNull()
    const after = await fetch(`${endpoint()}/auth/v1/user`, { headers: { apikey: keys.anon, Authorization: `Bearer ${token}` } })
    expect(after.status).toBe(403)
    expect(await after.json()).toMatchObject({ error_code: 'session_not_found' })

    // The user lives in the project's own database; the owner reads it but never the password hash.
    const rows = await ownerSql(`select email, raw_user_meta_data from auth.users where id = '${id}'`)
    expect(rows.body.rows).toEqual([{ email: address, raw_user_meta_data: { nickname: 'al' } }])
    const secret = await ownerSql(`select encrypted_password from auth.users`)
    expect(secret.status).toBe(400)
    expect(JSON.stringify(secret.body)).toMatch(/permission denied/)
    // ...and nobody through REST: the auth schema is not served, and its tables grant the API roles nothing.
    const viaRest = await service.schema('auth').from('users').select('*')
    expect(viaRest.error).not.toBeNull()
    const grants = await ownerSql(`select r.rolname, t.name from pg_roles r,
        unnest(array['auth.users', 'auth.sessions', 'auth.refresh_tokens', 'auth.recovery_tokens']) as t(name)
      where r.rolname in ('anon', 'authenticated', 'service_role')
        and (has_table_privilege(r.oid, t.name::regclass, 'select') or has_column_privilege(r.oid, 'auth.users'::regclass, 'email', 'select'))`)
    expect(grants.body.rows).toEqual([])
  })

  it('lets row level security on auth.uid() keep two users apart; anon and the service key as their policies say', async () => {
    const alice = await signedUp()
    const bob = await signedUp()
    expect((await alice.app.from('notes').insert([{ body: 'alice private', shared: false }, { body: 'alice shared', shared: true }])).error).toBeNull()
    expect((await bob.app.from('notes').insert({ body: 'bob private' })).error).toBeNull()

    const aliceSees = await alice.app.from('notes').select('body, user_id').order('id')
    expect(aliceSees.data).toEqual([
      { body: 'alice private', user_id: alice.id },
      { body: 'alice shared', user_id: alice.id },
    ])
    expect((await bob.app.from('notes').select('body')).data).toEqual([{ body: 'bob private' }])
    // Bob can neither write as Alice nor touch her rows.
    const forged = await bob.app.from('notes').insert({ body: 'as alice', user_id: alice.id })
    expect(forged.error?.code).toBe('42501')
    const touched = await bob.app.from('notes').update({ body: 'mine now' }).eq('user_id', alice.id).select()
    expect(touched.data).toEqual([])

    const anonSees = await client().from('notes').select('body')
    expect(anonSees.data).toEqual([{ body: 'alice shared' }])
    const all = await service.from('notes').select('body').in('user_id', [alice.id, bob.id]).order('id')
    expect(all.data?.map((r) => r.body)).toEqual(['alice private', 'alice shared', 'bob private'])
  })

  it('refuses a user token that expired, or was signed with another secret, and one sent without a project key', async () => {
    const { session } = await signedUp()
    const rest = (token: string, apikey: string | null = keys.anon) =>
      fetch(`${endpoint()}/rest/v1/notes?select=id`, { headers: { Authorization: `Bearer ${token}`, ...(apikey ? { apikey } : {}) } })
    expect((await rest(session.access_token)).status).toBe(200)
    expect((await rest(session.access_token, null)).status).toBe(401)
    const claims = decodeJwt(session.access_token)
    const { getStore } = await import('@/server/db/store')
    const { projectSigningKey } = await import('@/server/projects/api-keys')
    const signing = await projectSigningKey(await getStore(), ref)
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(signing!.key)
    expect((await rest(expired)).status).toBe(401)
    const foreign = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(crypto.randomBytes(32))
    expect((await rest(foreign)).status).toBe(401)
  })

  it('serves the admin API to the service key only: create, list, get, ban, delete', async () => {
    const denied = await client().auth.admin.listUsers()
    expect(denied.error).toMatchObject({ status: 403 })

    const address = email()
    const created = await service.auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true, user_metadata: { plan: 'free' } })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    expect(created.data.user).toMatchObject({ email: address, user_metadata: { plan: 'free' } })
    const listed = await service.auth.admin.listUsers({ page: 1, perPage: 100 })
    expect(listed.error).toBeNull()
    expect(listed.data.users.map((u) => u.id)).toContain(id)
    expect((await service.auth.admin.getUserById(id)).data.user?.email).toBe(address)

    const app = client()
    expect((await app.auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull()
    const refreshToken = (await app.auth.getSession()).data.session!.refresh_token
    expect((await service.auth.admin.updateUserById(id, { ban_duration: '24h' })).error).toBeNull()
    const bannedSignIn = await client().auth.signInWithPassword({ email: address, password: PASSWORD })
    expect(bannedSignIn.error).toMatchObject({ status: 400, code: 'user_banned' })
    const bannedRefresh = await client().auth.refreshSession({ refresh_token: refreshToken })
    expect(bannedRefresh.error).not.toBeNull()
    expect((await service.auth.admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull()
    expect((await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull()

    expect((await service.auth.admin.deleteUser(id)).error).toBeNull()
    expect((await service.auth.admin.getUserById(id)).error).toMatchObject({ status: 404 })
    expect((await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe('invalid_credentials')
  })

  it('creates a user under the id it is given (GoTrue admin `id`), once; a bad id is refused naming the field', async () => {
    const id = crypto.randomUUID()
    const created = await service.auth.admin.createUser({ id, email: email(), password: PASSWORD, email_confirm: true })
    expect(created.error).toBeNull()
    expect(created.data.user?.id).toBe(id)
    expect((await service.auth.admin.getUserById(id)).data.user?.id).toBe(id)
    const again = await service.auth.admin.createUser({ id, email: email(), password: PASSWORD })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' })
    const bad = await service.auth.admin.createUser({ id: 'not-a-uuid', email: email(), password: PASSWORD })
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.message).toMatch(/id/)
  })

  it('makes one-time recovery links that sign the user in and redirect with the session', async () => {
    const { email: address, id } = await signedUp()
    const link = await service.auth.admin.generateLink({ type: 'recovery', email: address })
    expect(link.error).toBeNull()
    const opened = await fetch(link.data.properties!.action_link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = new URL(opened.headers.get('location')!)
    expect(location.origin).toBe('http://localhost:3000') // the project's SITE_URL
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(decodeJwt(fragment.get('access_token')!).sub).toBe(id)
    const again = await fetch(link.data.properties!.action_link, { redirect: 'manual' })
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired')
  })

  it('follows the project settings: confirmation, sign-ups off; the dashboard confirms and lists users', async () => {
    const set = (body: Record<string, unknown>) => asOwner(`/platform/auth/${ref}/config`, { method: 'PATCH', body })
    expect((await set({ MAILER_AUTOCONFIRM: false })).body).toMatchObject({ MAILER_AUTOCONFIRM: false, DISABLE_SIGNUP: false, JWT_EXP: 3600 })
    const address = email()
    const pending = await client().auth.signUp({ email: address, password: PASSWORD })
    expect(pending.error).toBeNull()
    expect(pending.data.session).toBeNull()
    expect(pending.data.user?.email_confirmed_at).toBeFalsy()
    const early = await client().auth.signInWithPassword({ email: address, password: PASSWORD })
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

    const page = await asOwner(`/platform/auth/${ref}/users?keywords=${encodeURIComponent(address)}`)
    expect(page.body).toMatchObject({ total: 1, users: [{ email: address, email_confirmed_at: null, banned_until: null }] })
    const id = (page.body as { users: { id: string }[] }).users[0].id
    const confirmed = await asOwner(`/platform/auth/${ref}/users/${id}`, { method: 'PATCH', body: { email_confirm: true } })
    expect(confirmed.body).toMatchObject({ email: address, email_confirmed_at: expect.any(String) })
    expect((await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull()

    await set({ DISABLE_SIGNUP: true, MAILER_AUTOCONFIRM: true })
    const refused = await client().auth.signUp({ email: email(), password: PASSWORD })
    expect(refused.error).toMatchObject({ status: 422, code: 'signup_disabled' })
    await set({ DISABLE_SIGNUP: false })
  })

  it('logs each request and each event, never a password or a token, and counts the user as active once', async () => {
    const { app, email: address, id, session } = await signedUp()
    expect((await app.auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull()
    await client().auth.signInWithPassword({ email: address, password: 'a wrong one' })
    const { flushMetering } = await import('@/server/billing/metering')
    await flushMetering()
    const active = await (await (await import('@/server/db/store')).getStore()).query<{ n: string }>(
      `select count(*)::text as n from platform.project_active_users a join platform.projects p on p.id = a.project_id where p.ref = $1 and a.user_id = $2`,
      [ref, id]
    )
    expect(active.rows[0].n).toBe('1')

    const { flushLogEvents } = await import('@/server/logs/recorder')
    const { getStore } = await import('@/server/db/store')
    await flushLogEvents()
    const { rows } = await (await getStore()).query<{ source: string; event_message: string; metadata: Record<string, unknown> }>(
      `select l.source, l.event_message, l.metadata from platform.project_logs l join platform.projects p on p.id = l.project_id
        where p.ref = $1 and l.source in ('auth_logs', 'auth_audit_logs')`,
      [ref]
    )
    const audit = rows.filter((r) => r.source === 'auth_audit_logs' && r.metadata.actor_id === id).map((r) => r.metadata.action)
    expect(audit).toEqual(expect.arrayContaining(['user_signedup', 'login', 'login_failed']))
    expect(rows.find((r) => r.source === 'auth_audit_logs' && r.metadata.actor_id === id)?.metadata).toMatchObject({ actor_username: address })
    const requests = rows.filter((r) => r.source === 'auth_logs').map((r) => r.metadata)
    expect(requests).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'POST', path: '/auth/v1/token', status_code: 400, level: 'warning' })]))
    const text = JSON.stringify(rows)
    expect(text).not.toContain(PASSWORD)
    expect(text).not.toContain(session.access_token)
    expect(text).not.toContain(session.refresh_token)
    // The logs explorer reads them as recorded sources.
    for (const source of ['auth_logs', 'auth_audit_logs']) {
      const page = await asOwner(`/platform/projects/${ref}/logs?source=${source}`)
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      const body = page.body as { recorded: boolean; result: { source: string }[] }
      expect(body.recorded).toBe(true)
      expect(body.result.length).toBeGreaterThan(0)
      expect(body.result.every((line) => line.source === source)).toBe(true)
    }
  })

  // Last: the rotation ends every key and token of the project.
  it('ends every user token with a key rotation', async () => {
    const { app, session } = await signedUp()
    expect((await app.from('notes').select('id')).error).toBeNull()
    const rotated = await asOwner(`/platform/projects/${ref}/api-keys/rotate`, { method: 'POST' })
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200)
    const fresh = Object.fromEntries((rotated.body as { api_keys: { name: string; api_key: string }[] }).api_keys.map((k) => [k.name, k.api_key]))
    const rest = await fetch(`${endpoint()}/rest/v1/notes?select=id`, { headers: { apikey: fresh.anon, Authorization: `Bearer ${session.access_token}` } })
    expect(rest.status).toBe(401)
    expect((await client(fresh.anon).auth.getUser(session.access_token)).error).toMatchObject({ status: 403 })
    expect((await client(keys.anon).auth.getUser(session.access_token)).error).toMatchObject({ status: 401 })
  })
})

describe('project auth of the self-hosted default project', () => {
  let platform: TestPlatform
  afterAll(async () => platform?.close())

  it('serves the default project its users: sign-up, a token REST accepts as authenticated, the dashboard list', async () => {
    platform = await startTestPlatform({ isPlatform: false })
    const res = await platform.request('/platform/projects/default/api-keys')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const anon = (res.body as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!.api_key
    const made = await sql(platform, undefined, 'default', `create table public.mine (id serial primary key, owner uuid not null default auth.uid(), body text);
      alter table public.mine enable row level security;
      create policy own on public.mine for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const app = createClient(platform.projectUrl('default'), anon, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as never },
    })
    const address = `self-${crypto.randomBytes(3).toString('hex')}@app.example`
    const { data, error } = await app.auth.signUp({ email: address, password: PASSWORD })
    expect(error).toBeNull()
    expect((await app.from('mine').insert({ body: 'hello' })).error).toBeNull()
    expect((await app.from('mine').select('owner, body')).data).toEqual([{ owner: data.user!.id, body: 'hello' }])
    const listed = await platform.request(`/platform/auth/default/users?keywords=${encodeURIComponent(address)}`)
    expect(listed.body).toMatchObject({ total: 1, users: [{ id: data.user!.id, email: address }] })
  }, 120_000)
})
