import { Secret, TOTP } from 'otpauth'

/** RFC 6238 defaults that every authenticator app understands. */
export const TOTP_PERIOD_SECONDS = 30
const DIGITS = 6
const ALGORITHM = 'SHA1'

/** A new random 160-bit secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export function totpUri(input: { secret: string; issuer: string; label: string }): string {
  return new TOTP({
    issuer: input.issuer,
    label: input.label,
    secret: Secret.fromBase32(input.secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString()
}

/** The current code of a secret (tests; an authenticator app computes the same). */
export function currentTotpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: TOTP_PERIOD_SECONDS, timestamp })
}

/**
 * Checks a code, allowing one step of clock drift either way. Returns the time step the code
 * belongs to (so a used code can be refused next time), or null when it is wrong.
 */
export function verifyTotpCode(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp,
    window: 1,
  })
  if (delta === null) return null
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta
}
