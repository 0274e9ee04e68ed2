import crypto from 'node:crypto'
import { audit } from '../access'
import type { Db } from '../db/types'
import { ApiError } from '../http/errors'
import type { AuthContext } from './auth-session'
import { qrCodeSvg } from './qr-code'
import { MFA_VERIFY_LIMIT, assertNotRateLimited, clearRateLimit, rateLimitKeys, recordRateLimitHit } from './rate-limit'
import { elevateSession, type TokenPair } from './sessions'
import { newTotpSecret, totpUri, verifyTotpCode } from './totp'
import type { FactorRow } from './user-json'

/** A challenge must be verified within five minutes (GoTrue's default). */
export const MFA_CHALLENGE_TTL_SECONDS = 300
/** Factors a user may hold, verified or not. */
export const MAX_FACTORS_PER_USER = 10
/** Issuer shown by authenticator apps when the client names none. */
export const DEFAULT_TOTP_ISSUER = 'Dashboard'

const insufficientAal = (message: string, status = 403) => new ApiError(status, message, 'insufficient_aal')
const factorNotFound = () => new ApiError(404, 'Factor not found', 'mfa_factor_not_found')

async function hasVerifiedFactor(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from platform.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId])
  return rows.length > 0
}

/** True when the user has a verified factor and the session has not used it (GoTrue's rule for sensitive changes). */
export async function needsAal2(db: Db, ctx: AuthContext): Promise<boolean> {
  if (!ctx.realm.tables.factors) return false // a realm without MFA (project users)
  return ctx.session.aal !== 'aal2' && (await hasVerifiedFactor(db, ctx.user.id))
}

async function findOwnFactor(db: Db, ctx: AuthContext, factorId: string): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>('select * from platform.mfa_factors where id = $1 and user_id = $2', [factorId, ctx.user.id])
  if (!rows[0]) throw factorNotFound()
  return rows[0]
}

/** `POST /factors`: a new unverified TOTP factor, with its secret, URI and QR code. */
export async function enrollTotpFactor(db: Db, ctx: AuthContext, input: { friendlyName?: string; issuer?: string }) {
  if (await needsAal2(db, ctx)) throw insufficientAal('AAL2 required to enroll a new factor')
  const secret = newTotpSecret()
  const issuer = input.issuer?.trim() || DEFAULT_TOTP_ISSUER
  const uri = totpUri({ secret, issuer, label: ctx.user.email })
  const id = crypto.randomUUID()
  const friendlyName = input.friendlyName?.trim() || null
  await db.transaction(async (tx) => {
    // Abandoned enrolments (the dialog closed before verifying) would otherwise pile up.
    await tx.query(
      `delete from platform.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - interval '1 hour'`,
      [ctx.user.id]
    )
    const { rows } = await tx.query<{ n: number; name_taken: boolean }>(
      `select count(*)::int as n, coalesce(bool_or(lower(friendly_name) = lower($2)), false) as name_taken
         from platform.mfa_factors where user_id = $1`,
      [ctx.user.id, friendlyName]
    )
    if (rows[0].name_taken) {
      throw new ApiError(422, `A factor with the friendly name "${friendlyName}" for this user already exists`, 'mfa_factor_name_conflict')
    }
    if (rows[0].n >= MAX_FACTORS_PER_USER) {
      throw new ApiError(422, `Maximum number of enrolled factors (${MAX_FACTORS_PER_USER}) reached, unenroll to continue`, 'too_many_enrolled_mfa_factors')
    }
    await tx.query(
      `insert into platform.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, 'totp', 'unverified', $4)`,
      [id, ctx.user.id, friendlyName, secret]
    )
    await audit(tx, { userId: ctx.user.id, action: 'mfa.factor_enrolled', target: id, metadata: { factor_type: 'totp' } })
  })
  return { id, type: 'totp' as const, friendly_name: friendlyName ?? undefined, totp: { qr_code: qrCodeSvg(uri), secret, uri } }
}

/** `POST /factors/:id/challenge`: a challenge to verify a code against. */
export async function challengeFactor(db: Db, ctx: AuthContext, factorId: string, ip: string) {
  await findOwnFactor(db, ctx, factorId)
  const id = crypto.randomUUID()
  const { rows } = await db.transaction(async (tx) => {
    await tx.query('update platform.mfa_factors set last_challenged_at = now() where id = $1', [factorId])
    return tx.query<{ expires_at: number }>(
      `insert into platform.mfa_challenges (id, factor_id, ip) values ($1, $2, $3)
       returning floor(extract(epoch from created_at))::bigint + $4 as expires_at`,
      [id, factorId, ip, MFA_CHALLENGE_TTL_SECONDS]
    )
  })
  return { id, type: 'totp' as const, expires_at: Number(rows[0].expires_at) }
}

/**
 * `POST /factors/:id/verify`: checks the code of a live challenge, marks the factor verified and
 * raises the caller's session to aal2, answering with its new tokens. Wrong codes are
 * rate-limited per factor, and a code is never accepted twice.
 */
export async function verifyFactor(
  db: Db,
  ctx: AuthContext,
  factorId: string,
  input: { challengeId: string; code: string }
): Promise<TokenPair> {
  const factor = await findOwnFactor(db, ctx, factorId)
  const { rows } = await db.query<{ verified: boolean; expired: boolean }>(
    `select verified_at is not null as verified, created_at < now() - make_interval(secs => $3) as expired
       from platform.mfa_challenges where id = $1 and factor_id = $2`,
    [input.challengeId, factorId, MFA_CHALLENGE_TTL_SECONDS]
  )
  const challenge = rows[0]
  if (!challenge) throw new ApiError(404, `MFA challenge ${input.challengeId} not found for this factor`, 'mfa_challenge_not_found')
  if (challenge.verified || challenge.expired) {
    throw new ApiError(422, `MFA challenge ${input.challengeId} has expired or was already used; create a new challenge`, 'mfa_challenge_expired')
  }
  const key = rateLimitKeys.mfaFactor(factorId)
  await assertNotRateLimited(db, [{ key, rule: MFA_VERIFY_LIMIT, message: 'Too many wrong codes for this factor.' }])
  const step = verifyTotpCode(factor.secret, input.code)
  const lastStep = factor.last_used_step === null ? null : Number(factor.last_used_step)
  if (step === null || (lastStep !== null && step <= lastStep)) {
    await recordRateLimitHit(db, key, MFA_VERIFY_LIMIT)
    throw new ApiError(422, 'Invalid TOTP code entered', 'mfa_verification_failed')
  }
  const wasVerified = factor.status === 'verified'
  return db.transaction(async (tx) => {
    const used = await tx.query('update platform.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id', [
      input.challengeId,
    ])
    if (used.rows.length === 0) {
      throw new ApiError(422, `MFA challenge ${input.challengeId} was already used; create a new challenge`, 'mfa_challenge_expired')
    }
    // Conditional on the step so two concurrent requests cannot both spend the same code.
    const updated = await tx.query(
      `update platform.mfa_factors set status = 'verified', last_used_step = $2, updated_at = now()
        where id = $1 and (last_used_step is null or last_used_step < $2) returning id`,
      [factorId, step]
    )
    if (updated.rows.length === 0) throw new ApiError(422, 'Invalid TOTP code entered', 'mfa_verification_failed')
    await clearRateLimit(tx, key)
    const tokens = await elevateSession(tx, ctx.user, ctx.session.id, 'totp')
    await audit(tx, {
      userId: ctx.user.id,
      action: wasVerified ? 'mfa.challenge_verified' : 'mfa.factor_verified',
      target: factorId,
      metadata: { factor_type: 'totp' },
    })
    return tokens
  })
}

/** `DELETE /factors/:id`: removes a factor; a verified one only from an aal2 session. */
export async function unenrollFactor(db: Db, ctx: AuthContext, factorId: string): Promise<{ id: string }> {
  const factor = await findOwnFactor(db, ctx, factorId)
  if (factor.status === 'verified' && ctx.session.aal !== 'aal2') throw insufficientAal('AAL2 required to unenroll verified factor')
  await db.transaction(async (tx) => {
    await tx.query('delete from platform.mfa_factors where id = $1', [factorId])
    // Without a verified factor left, the user's sessions no longer stand at aal2.
    await tx.query(
      `update platform.sessions set aal = 'aal1'
        where user_id = $1 and revoked_at is null
          and not exists (select 1 from platform.mfa_factors where user_id = $1 and status = 'verified')`,
      [ctx.user.id]
    )
    await audit(tx, { userId: ctx.user.id, action: 'mfa.factor_unenrolled', target: factorId, metadata: { factor_type: factor.factor_type } })
  })
  return { id: factorId }
}
