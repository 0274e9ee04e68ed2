import crypto from 'node:crypto'
import { GoTrueClient, type SupportedStorage } from '@supabase/auth-js'
import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

/** The real auth-js client against the embedded auth service (spec: DESIGN "The embedded platform"). */
describe('auth service driven by @supabase/auth-js', () => {
  let platform: TestPlatform
  let sql: (text: string, params?: unknown[]) => Promise<any[]>

  beforeAll(async () => {
    // The rate-limit tests speak for several addresses through X-Forwarded-For.
    platform = await startTestPlatform({ isPlatform: true, env: { TRUST_PROXY: 'true' } })
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    sql = async (text, params = []) => (await db.query(text, params as never[])).rows
  })
  afterAll(async () => platform?.close())

  function memoryStorage(): SupportedStorage {
    const items = new Map<string, string>()
    return {
      getItem: async (key) => items.get(key) ?? null,
      setItem: async (key, value) => void items.set(key, value),
      removeItem: async (key) => void items.delete(key),
    }
  }

  /**
   * A client speaking for its own address (unless told one), so that the many sign-ups of this
   * file do not add up against one address's sign-up limit.
   */
  function client(headers: Record<string, string> = { 'X-Forwarded-For': freshAddress() }) {
    return new GoTrueClient({
      url: platform.gotrueUrl,
      storage: memoryStorage(),
      storageKey: `test-${crypto.randomUUID()}`,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      headers,
    })
  }

  const email = () => `person-${crypto.randomBytes(4).toString('hex')}@example.com`
  const freshAddress = () => `10.${crypto.randomInt(100, 200)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`
  const PASSWORD = 'a long enough passphrase 7'

  /** Raw call, for what auth-js does not expose (headers, replaying old tokens). */
  async function raw(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(init.headers ?? {}) }
    if (init.token) headers.Authorization = `Bearer ${init.token}`
    const res = await fetch(`${platform.gotrueUrl}${path}`, {
      method: init.method ?? 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined }
  }

  it('signs up with e-mail and password and answers with a session (no confirmation step)', async () => {
    const auth = client()
    const address = email()
    const { data, error } = await auth.signUp({ email: address, password: PASSWORD, options: { data: { first_name: 'Ada' } } })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(address)
    expect(data.user?.user_metadata).toEqual({ first_name: 'Ada' })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.session?.access_token).toBeTruthy()
    const claims = decodeJwt(data.session!.access_token)
    expect(claims.sub).toBe(data.user!.id)
    expect(claims.email).toBe(address)
    expect(claims.aal).toBe('aal1')
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(claims.exp! - claims.iat!).toBe(3600)
    const { data: stored } = await auth.getSession()
    expect(stored.session?.user.id).toBe(data.user!.id)
  })

  it('refuses a short password with weak_password and a taken address with user_already_exists', async () => {
    const auth = client()
    const short = await auth.signUp({ email: email(), password: '12345' })
    expect(short.error?.status).toBe(422)
    expect(short.error?.code).toBe('weak_password')
    expect(short.error?.message).toBe('Password should be at least 6 characters.')

    const address = email()
    expect((await auth.signUp({ email: address, password: PASSWORD })).error).toBeNull()
    const again = await client().signUp({ email: address.toUpperCase(), password: PASSWORD })
    expect(again.error?.status).toBe(422)
    expect(again.error?.code).toBe('user_already_exists')
    expect(again.error?.message).toBe('User already registered')
    expect(await sql('select count(*)::int as n from platform.users where lower(email) = lower($1)', [address])).toEqual([{ n: 1 }])

    const bad = await client().signUp({ email: 'not-an-address', password: PASSWORD })
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format')
  })

  it('signs in with the right password only, with the same answer for an unknown address', async () => {
    const address = email()
    await client().signUp({ email: address, password: PASSWORD })
    const auth = client()
    const ok = await auth.signInWithPassword({ email: address, password: PASSWORD })
    expect(ok.error).toBeNull()
    expect(ok.data.user?.email).toBe(address)
    expect(ok.data.user?.last_sign_in_at).toBeTruthy()

    const wrong = await client().signInWithPassword({ email: address, password: 'wrong password' })
    expect(wrong.error?.status).toBe(400)
    expect(wrong.error?.code).toBe('invalid_credentials')
    expect(wrong.error?.message).toBe('Invalid login credentials')
    const unknown = await client().signInWithPassword({ email: email(), password: PASSWORD })
    expect(unknown.error?.code).toBe('invalid_credentials')
    expect(unknown.error?.message).toBe('Invalid login credentials')

    const audit = await sql(`select action from platform.audit_logs where user_id = $1 order by id`, [ok.data.user!.id])
    expect(audit.map((r) => r.action)).toEqual(['user.signed_up', 'user.signed_in'])
  })

  it('returns the user from GET /user, with identities and factors', async () => {
    const auth = client()
    const address = email()
    await auth.signUp({ email: address, password: PASSWORD })
    const { data, error } = await auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email: address, aud: 'authenticated', role: 'authenticated', factors: [] })
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user!.id })
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })

    const anonymous = await raw('/user', { method: 'GET' })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ error_code: 'no_authorization', msg: 'This endpoint requires a Bearer token' })
    const forged = await raw('/user', { method: 'GET', token: 'a.b.c' })
    expect(forged.status).toBe(403)
    expect(forged.body.error_code).toBe('bad_jwt')
  })

  it('rotates refresh tokens: the old one is revoked, and reusing it later revokes the session', async () => {
    const auth = client()
    const { data } = await auth.signUp({ email: email(), password: PASSWORD })
    const first = data.session!
    const refreshed = await auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const second = refreshed.data.session!
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id)

    // A lost response: the old token again within the 10 s reuse interval gets a fresh token.
    const retry = await raw('/token?grant_type=refresh_token', { body: { refresh_token: first.refresh_token } })
    expect(retry.status).toBe(200)
    expect(retry.body.refresh_token).not.toBe(first.refresh_token)
    expect(retry.body.user.id).toBe(data.user!.id)

    // Past the interval, reuse is taken for theft: 400 and the whole session ends.
    await sql(`update platform.refresh_tokens set revoked_at = now() - interval '1 minute' where revoked`)
    const reuse = await raw('/token?grant_type=refresh_token', { body: { refresh_token: first.refresh_token } })
    expect(reuse.status).toBe(400)
    expect(reuse.body).toMatchObject({ error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' })
    const later = await raw('/token?grant_type=refresh_token', { body: { refresh_token: second.refresh_token } })
    expect(later.status).toBe(400)
    expect(later.body.error_code).toBe('refresh_token_not_found')
    const user = await raw('/user', { method: 'GET', token: second.access_token })
    expect(user.status).toBe(403)
    expect(user.body.error_code).toBe('session_not_found')

    const unknown = await raw('/token?grant_type=refresh_token', { body: { refresh_token: 'nonsense' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' })
    const grant = await raw('/token?grant_type=magic', { body: {} })
    expect(grant.status).toBe(400)
    expect(grant.body.error_code).toBe('unsupported_grant_type')
  })

  it('signs out one session (local) or every session (global), ending their tokens at once', async () => {
    const address = email()
    await client().signUp({ email: address, password: PASSWORD })
    const laptop = client()
    const phone = client()
    const tablet = client()
    for (const c of [laptop, phone, tablet]) expect((await c.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull()
    const phoneToken = (await phone.getSession()).data.session!.access_token
    const laptopToken = (await laptop.getSession()).data.session!.access_token

    expect((await laptop.signOut({ scope: 'local' })).error).toBeNull()
    expect((await laptop.getSession()).data.session).toBeNull()
    expect((await raw('/user', { method: 'GET', token: laptopToken })).status).toBe(403)
    expect((await phone.getUser()).error).toBeNull()
    // the platform API no longer takes the signed-out session's token either
    expect((await platform.request('/platform/profile/permissions', { token: laptopToken })).status).toBe(401)
    expect((await platform.request('/platform/profile/permissions', { token: phoneToken })).status).toBe(200)

    expect((await phone.signOut({ scope: 'global' })).error).toBeNull()
    const tabletUser = await tablet.getUser()
    expect(tabletUser.error?.name).toBe('AuthSessionMissingError')
    expect((await platform.request('/platform/profile/permissions', { token: phoneToken })).status).toBe(401)
    const actions = await sql(`select action, metadata->>'scope' as scope from platform.audit_logs where action = 'user.signed_out' and user_id = (select id from platform.users where email = $1) order by id`, [address])
    expect(actions).toEqual([
      { action: 'user.signed_out', scope: 'local' },
      { action: 'user.signed_out', scope: 'global' },
    ])
  })

  it('changes the password (PUT /user), signing out the other sessions', async () => {
    const address = email()
    const auth = client()
    await auth.signUp({ email: address, password: PASSWORD })
    const other = client()
    await other.signInWithPassword({ email: address, password: PASSWORD })

    const weak = await auth.updateUser({ password: '123' })
    expect(weak.error?.code).toBe('weak_password')
    const same = await auth.updateUser({ password: PASSWORD })
    expect(same.error?.code).toBe('same_password')
    const changed = await auth.updateUser({ password: 'a brand new passphrase 8', data: { theme: 'dark' } })
    expect(changed.error).toBeNull()
    expect(changed.data.user?.user_metadata).toEqual({ theme: 'dark' })

    expect((await other.getUser()).error?.name).toBe('AuthSessionMissingError')
    expect((await auth.getUser()).error).toBeNull()
    expect((await client().signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe('invalid_credentials')
    expect((await client().signInWithPassword({ email: address, password: 'a brand new passphrase 8' })).error).toBeNull()
    const email2 = await auth.updateUser({ email: 'elsewhere@example.com' })
    expect(email2.error?.status).toBe(422)
  })

  it('enrolls, challenges and verifies a TOTP factor, raising the session to aal2', async () => {
    const address = email()
    const auth = client()
    await auth.signUp({ email: address, password: PASSWORD })

    const enrolled = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'Dashboard' })
    expect(enrolled.error).toBeNull()
    const factor = enrolled.data!
    expect(factor.type).toBe('totp')
    expect(factor.friendly_name).toBe('Phone app')
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`)
    expect(factor.totp.uri.startsWith('otpauth://totp/Dashboard:')).toBe(true)
    const duplicate = await auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone APP' })
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict')

    const secret = Secret.fromBase32(factor.totp.secret)
    const t0 = Date.now()
    // Codes are taken at fixed instants, so a 30 s step boundary during the test changes nothing.
    const codeAt = (offsetSeconds = 0) => TOTP.generate({ secret, timestamp: t0 + offsetSeconds * 1000 })

    const challenge = await auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toBeNull()
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000)
    const wrong = await auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt() === '000000' ? '111111' : '000000' })
    expect(wrong.error?.code).toBe('mfa_verification_failed')
    const verified = await auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt() })
    expect(verified.error).toBeNull()
    const claims = decodeJwt(verified.data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password'])

    const level = await auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const factors = await auth.mfa.listFactors()
    expect(factors.data?.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']])
    const { data: me } = await auth.getUser()
    expect(me.user?.factors?.[0]).toMatchObject({ id: factor.id, factor_type: 'totp', status: 'verified' })

    // a challenge and a code are each good once
    const reuseChallenge = await auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeAt() })
    expect(reuseChallenge.error?.code).toBe('mfa_challenge_expired')
    const replay = await auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeAt() })
    expect(replay.error?.code).toBe('mfa_verification_failed')

    // a new sign-in starts at aal1 and must verify again; sensitive changes need aal2
    const second = client()
    await second.signInWithPassword({ email: address, password: PASSWORD })
    expect((await second.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect((await second.updateUser({ password: 'another passphrase 9' })).error?.code).toBe('insufficient_aal')
    expect((await second.mfa.unenroll({ factorId: factor.id })).error?.code).toBe('insufficient_aal')
    const again = await second.mfa.challengeAndVerify({ factorId: factor.id, code: codeAt(30) })
    expect(again.error).toBeNull()
    expect((await second.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2')

    // refreshing keeps aal2
    const refreshed = await second.refreshSession()
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2')

    const removed = await second.mfa.unenroll({ factorId: factor.id })
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual({ id: factor.id })
    expect((await second.mfa.listFactors()).data?.all).toEqual([])
    const audit = await sql(`select action from platform.audit_logs where user_id = $1 and action like 'mfa.%' order by id`, [me.user!.id])
    expect(audit.map((r) => r.action)).toEqual(['mfa.factor_enrolled', 'mfa.factor_verified', 'mfa.challenge_verified', 'mfa.factor_unenrolled'])
  })

  it('rate-limits wrong TOTP codes per factor', async () => {
    const auth = client()
    await auth.signUp({ email: email(), password: PASSWORD })
    const { data: factor } = await auth.mfa.enroll({ factorType: 'totp' })
    const right = TOTP.generate({ secret: Secret.fromBase32(factor!.totp.secret) })
    const wrongCode = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const { data: ch } = await auth.mfa.challenge({ factorId: factor!.id })
      expect((await auth.mfa.verify({ factorId: factor!.id, challengeId: ch!.id, code: wrongCode })).error?.code).toBe('mfa_verification_failed')
    }
    const { data: ch } = await auth.mfa.challenge({ factorId: factor!.id })
    const blocked = await auth.mfa.verify({ factorId: factor!.id, challengeId: ch!.id, code: right })
    expect(blocked.error?.status).toBe(429)
  })

  it('rate-limits failed sign-ins per account: 429 with Retry-After, even for the right password', async () => {
    const address = email()
    await client().signUp({ email: address, password: PASSWORD })
    const from = { 'X-Forwarded-For': '10.1.0.1' }
    for (let i = 0; i < 5; i++) {
      const res = await raw('/token?grant_type=password', { body: { email: address, password: 'nope nope' }, headers: from })
      expect(res.status).toBe(400)
    }
    const blocked = await raw('/token?grant_type=password', { body: { email: address, password: PASSWORD }, headers: from })
    expect(blocked.status).toBe(429)
    expect(blocked.body.error_code).toBe('over_request_rate_limit')
    expect(blocked.body.msg).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ seconds\.$/)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(300)
    const viaClient = await client({ 'X-Forwarded-For': '10.1.0.2' }).signInWithPassword({ email: address, password: PASSWORD })
    expect(viaClient.error?.status).toBe(429)

    // once the window has passed, the account may sign in again
    await sql(`update platform.auth_rate_limits set window_start = now() - interval '6 minutes'`)
    expect((await client({ 'X-Forwarded-For': '10.1.0.3' }).signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull()
  })

  it('clears the account count on success, and limits failures per address across accounts', async () => {
    const address = email()
    await client().signUp({ email: address, password: PASSWORD })
    const from = { 'X-Forwarded-For': '10.2.0.1' }
    const attempt = (e: string, p: string) => raw('/token?grant_type=password', { body: { email: e, password: p }, headers: from })
    for (let i = 0; i < 4; i++) expect((await attempt(address, 'wrong!')).status).toBe(400)
    expect((await attempt(address, PASSWORD)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await attempt(address, 'wrong!')).status).toBe(400)
    // 8 failures so far from this address; 12 more on other accounts reach its limit of 20
    for (let i = 0; i < 12; i++) expect((await attempt(email(), 'wrong!')).status).toBe(400)
    const blocked = await attempt(email(), 'wrong!')
    expect(blocked.status).toBe(429)
    expect(blocked.body.msg).toMatch(/^Too many failed sign-in attempts from this address\./)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('accepts forgot-password requests without revealing whether the address exists', async () => {
    const address = email()
    const { data } = await client().signUp({ email: address, password: PASSWORD })
    const auth = client()
    expect((await auth.resetPasswordForEmail(address)).error).toBeNull()
    expect((await auth.resetPasswordForEmail(email())).error).toBeNull()
    const known = await raw('/recover', { body: { email: address } })
    const unknown = await raw('/recover', { body: { email: email() } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    expect(await sql('select count(*)::int as n from platform.auth_recovery_requests where user_id = $1', [data.user!.id])).toEqual([{ n: 2 }])
    expect((await raw('/recover', { body: { email: 'nope' } })).status).toBe(400)
  })

  it('publishes its settings and answers bad input with GoTrue-shaped 4xx errors', async () => {
    const settings = await raw('/settings', { method: 'GET' })
    expect(settings.status).toBe(200)
    expect(settings.body).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true })
    const malformed = await fetch(`${platform.gotrueUrl}/signup`, { method: 'POST', body: '{nope', headers: { 'Content-Type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).msg).toBe('Malformed JSON in request body')
    const unknownField = await raw('/signup', { body: { email: email(), password: PASSWORD, admin: true } })
    expect(unknownField.status).toBe(400)
    expect(unknownField.body.msg).toContain('"admin"')
    const wrongType = await raw('/token?grant_type=password', { body: { email: 5, password: PASSWORD } })
    expect(wrongType.status).toBe(400)
    const { data } = await client().signUp({ email: email(), password: PASSWORD })
    const logoutWithBody = await raw('/logout', { body: { everything: true }, token: data.session!.access_token })
    expect(logoutWithBody.status).toBe(400)
    expect((await raw('/user', { method: 'GET', token: data.session!.access_token })).status).toBe(200)
    const phone = await raw('/signup', { body: { phone: '+15550000', password: PASSWORD } })
    expect(phone.status).toBe(422)
    expect(phone.body.error_code).toBe('phone_provider_disabled')
  })

  it('rate-limits sign-ups per address: 429 with Retry-After, nothing stored past the limit', async () => {
    const from = { 'X-Forwarded-For': '10.3.0.1' }
    const signUp = (address: string) => raw('/signup', { body: { email: address, password: PASSWORD }, headers: from })
    const taken = email()
    expect((await signUp(taken)).status).toBe(200)
    // An address already registered counts as well (it costs a hash, and tells the address exists).
    expect((await signUp(taken.toUpperCase())).status).toBe(422)
    for (let i = 0; i < 8; i++) expect((await signUp(email())).status).toBe(200)
    const refused = email()
    const blocked = await signUp(refused)
    expect(blocked.status).toBe(429)
    expect(blocked.body.error_code).toBe('over_request_rate_limit')
    expect(blocked.body.msg).toMatch(/^Too many sign-ups from this address\. Try again in \d+ seconds\.$/)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(await sql('select count(*)::int as n from platform.users where email = $1', [refused])).toEqual([{ n: 0 }])
    // auth-js sees the same 429; another address is not held back
    expect((await client(from).signUp({ email: email(), password: PASSWORD })).error?.status).toBe(429)
    expect((await client({ 'X-Forwarded-For': '10.3.0.2' }).signUp({ email: refused, password: PASSWORD })).error).toBeNull()
    // once the window has passed, the address may sign up again
    await sql(`update platform.auth_rate_limits set window_start = now() - interval '61 minutes' where key like 'sign-up:%'`)
    expect((await signUp(email())).status).toBe(200)
  })

  it('refuses a token whose session belongs to another user, as a signed-out session is refused', async () => {
    const { signAccessToken } = await import('@/server/auth/jwt')
    const mallory = (await client().signUp({ email: email(), password: PASSWORD })).data.session!
    const alice = (await client().signUp({ email: email(), password: PASSWORD })).data.session!
    const malloryClaims = decodeJwt(mallory.access_token)
    const aliceSession = decodeJwt(alice.access_token).session_id as string
    // Mallory's identity on Alice's live session.
    const { token: forged } = await signAccessToken({
      sub: malloryClaims.sub!,
      email: malloryClaims.email as string,
      aal: 'aal1',
      amr: [],
      session_id: aliceSession,
    })

    // The auth service: 403 session_not_found, as for a signed-out session.
    const forgedUser = await raw('/user', { method: 'GET', token: forged })
    expect(forgedUser.status).toBe(403)
    expect(forgedUser.body.error_code).toBe('session_not_found')
    expect(forgedUser.body.msg).toBe('Session from session_id claim in JWT belongs to another user')

    // The platform API: 401 like a signed-out session, even right after Alice's own token was
    // accepted (the memory of live sessions must not vouch for another user).
    expect((await platform.request('/platform/profile/permissions', { token: alice.access_token })).status).toBe(200)
    expect((await platform.request('/platform/profile/permissions', { token: forged })).status).toBe(401)
    expect((await platform.request('/platform/profile/permissions', { token: mallory.access_token })).status).toBe(200)
    const signedOut = (await client().signUp({ email: email(), password: PASSWORD })).data.session!
    expect((await raw('/logout', { token: signedOut.access_token })).status).toBe(204)
    expect((await platform.request('/platform/profile/permissions', { token: signedOut.access_token })).status).toBe(401)
    expect((await raw('/user', { method: 'GET', token: signedOut.access_token })).body.error_code).toBe('session_not_found')
  })
})
