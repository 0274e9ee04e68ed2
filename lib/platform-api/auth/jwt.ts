import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SignJWT, jwtVerify } from 'jose'
import { getServerConfig } from '@/lib/config'

/** Access tokens live an hour, as GoTrue's default. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600

/** One authentication method of a session, as auth-js reads the `amr` claim. */
export type AmrEntry = { method: string; timestamp: number }

export type AccessClaims = {
  sub: string
  email: string
  aal: 'aal1' | 'aal2'
  session_id: string
  exp: number
  role: string
  /** Methods used in this session (password, totp); auth-js's assurance level reads it. */
  amr?: AmrEntry[]
}

const g = globalThis as typeof globalThis & { __jwtSecret?: Uint8Array }

/** JWT_SECRET from the environment, else one generated once and kept in DATA_DIR/jwt-secret. */
export function getJwtSecret(): Uint8Array {
  if (g.__jwtSecret) return g.__jwtSecret
  const config = getServerConfig()
  let secret = config.jwtSecret
  if (!secret) {
    const file = path.resolve(config.dataDir, 'jwt-secret')
    if (fs.existsSync(file)) {
      secret = fs.readFileSync(file, 'utf8').trim()
    } else {
      secret = crypto.randomBytes(48).toString('base64url')
      fs.mkdirSync(path.dirname(file), { recursive: true })
      // 'wx' fails if another instance wrote it first; then read theirs.
      try {
        fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
      } catch {
        secret = fs.readFileSync(file, 'utf8').trim()
      }
    }
  }
  g.__jwtSecret = new TextEncoder().encode(secret)
  return g.__jwtSecret
}

/** Signs an access token for a session. */
export async function signAccessToken(claims: Omit<AccessClaims, 'exp' | 'role'>): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS
  // The claims GoTrue puts in its access tokens, so code written against GoTrue reads ours alike.
  const token = await new SignJWT({
    email: claims.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    aal: claims.aal,
    amr: claims.amr ?? [],
    session_id: claims.session_id,
    role: 'authenticated',
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('authenticated')
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(getJwtSecret())
  return { token, expiresAt }
}

/** Verifies an access token; null when it is invalid or expired. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, getJwtSecret(), { algorithms: ['HS256'] })
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null
    if (payload.aal !== 'aal1' && payload.aal !== 'aal2') return null
    return payload as unknown as AccessClaims
  } catch {
    return null
  }
}
