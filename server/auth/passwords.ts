import crypto from 'node:crypto'
import bcrypt from 'bcryptjs'

/** bcrypt cost: about 70 ms a hash here, the usual trade-off for interactive sign-in. */
export const BCRYPT_COST = 10

/** bcrypt reads only the first 72 bytes of its input. */
const BCRYPT_MAX_BYTES = 72

/**
 * What bcrypt is given: the password itself, or, past bcrypt's 72-byte window, its SHA-256
 * (base64, so no NUL byte), so that two long passwords sharing a prefix never collide.
 * Passwords of 72 bytes or fewer hash exactly as before.
 */
function bcryptInput(password: string): string {
  if (Buffer.byteLength(password, 'utf8') <= BCRYPT_MAX_BYTES) return password
  return crypto.createHash('sha256').update(password, 'utf8').digest('base64')
}

/** Hashes a password with bcrypt. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(bcryptInput(password), BCRYPT_COST)
}

/** Compares a password with a stored bcrypt hash; false for a malformed or unusable hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(bcryptInput(password), hash)
  } catch {
    return false
  }
}

// A real hash of a random password: comparing against it costs what a real check costs, so an
// unknown e-mail answers as slowly as a wrong password and timing reveals no account.
let dummyHash: Promise<string> | null = null

/** Spends one bcrypt comparison for nothing (sign-in with an unknown e-mail). */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= bcrypt.hash(crypto.randomBytes(16).toString('hex'), BCRYPT_COST)
  await verifyPassword(password, await dummyHash)
  return false
}

