/**
 * GoTrue answers for the auth-js client in component tests: an unsigned but well-formed JWT
 * (auth-js only decodes it) and the session body of /token and /signup.
 */
function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

export const TEST_USER_ID = '8d2f6c1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f'

export function fakeJwt(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000)
  const payload = {
    sub: TEST_USER_ID,
    aud: 'authenticated',
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: '1a2b3c4d-0000-4000-8000-000000000001',
    iat: now,
    exp: now + 3600,
    ...claims,
  }
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`
}

export function testUser(email: string, factors: unknown[] = []) {
  return {
    id: TEST_USER_ID,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: new Date().toISOString(),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    factors,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  }
}

export function sessionBody(email: string, { aal = 'aal1', factors = [] as unknown[] } = {}) {
  return {
    access_token: fakeJwt({ email, aal }),
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: 'refresh-token-1',
    user: testUser(email, factors),
  }
}

/** GoTrue's error body (auth-js reads `msg`, `error_code`). */
export function gotrueError(status: number, message: string, errorCode = 'validation_failed') {
  return { code: status, error_code: errorCode, msg: message, message }
}
