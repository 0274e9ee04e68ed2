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

/**
 * The signing secret and its key object (node:crypto signs a little faster with one). Tokens
 * verified lately are remembered per key (a token's claims never change, so each is checked once
 * per process until VERIFIED_TTL_MS or its expiry, whichever comes first).
 */
type Secret = { raw: Uint8Array; key: crypto.KeyObject }

const VERIFIED_TTL_MS = 60_000
const VERIFIED_MAX = 10_000

const g = globalThis as typeof globalThis & { __jwtSecret?: Secret }

function secret(): Secret {
  if (g.__jwtSecret) return g.__jwtSecret
  const raw = loadJwtSecret()
  g.__jwtSecret = { raw, key: crypto.createSecretKey(raw) }
  return g.__jwtSecret
}

/** JWT_SECRET from the environment, else one generated once and kept in DATA_DIR/jwt-secret. */
export function getJwtSecret(): Uint8Array {
  return secret().raw
}

function loadJwtSecret(): Uint8Array {
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
  return new TextEncoder().encode(secret)
}

/** The claims a session token carries beside the standard ones. */
export type SessionTokenClaims = Omit<AccessClaims, 'exp' | 'role'> & {
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
}

/** How a realm's tokens are signed: its key, their lifetime and issuer (GoTrue's `iss`). */
export type TokenKey = { key: crypto.KeyObject; ttlSeconds: number; issuer?: string }

/** Tokens verified lately, per key: a rotated key leaves its cache behind with it. */
const verifiedByKey = new WeakMap<crypto.KeyObject, Map<string, { claims: AccessClaims; until: number }>>()

/** Signs a session's access token with the claims GoTrue puts in its tokens, so code written against GoTrue reads ours alike. */
export async function signSessionToken(signing: TokenKey, claims: SessionTokenClaims): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + signing.ttlSeconds
  const jwt = new SignJWT({
    email: claims.email,
    phone: '',
    app_metadata: claims.app_metadata ?? { provider: 'email', providers: ['email'] },
    ...(claims.user_metadata ? { user_metadata: claims.user_metadata } : {}),
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
  if (signing.issuer) jwt.setIssuer(signing.issuer)
  return { token: await jwt.sign(signing.key), expiresAt }
}

/** Verifies a session's access token signed with `key`; null when it is invalid, expired or not a user's. */
export async function verifySessionToken(key: crypto.KeyObject, token: string): Promise<AccessClaims | null> {
  let verified = verifiedByKey.get(key)
  if (!verified) verifiedByKey.set(key, (verified = new Map()))
  const now = Date.now()
  const known = verified.get(token)
  if (known && known.until > now) return known.claims
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'authenticated' })
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || payload.role !== 'authenticated') return null
    if (payload.aal !== 'aal1' && payload.aal !== 'aal2') return null
    const claims = payload as unknown as AccessClaims
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string)
    verified.set(token, { claims, until: Math.min(now + VERIFIED_TTL_MS, claims.exp * 1000) })
    return claims
  } catch {
    verified.delete(token)
    return null
  }
}

/** The platform's own signing: JWT_SECRET, an hour. */
export function platformTokenKey(): TokenKey {
  return { key: secret().key, ttlSeconds: ACCESS_TOKEN_TTL_SECONDS }
}

/** Signs an access token of the platform (dashboard sign-in) for a session. */
export function signAccessToken(claims: SessionTokenClaims): Promise<{ token: string; expiresAt: number }> {
  return signSessionToken(platformTokenKey(), claims)
}

/** Verifies an access token of the platform; null when it is invalid or expired. */
export function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  return verifySessionToken(secret().key, token)
}
