import crypto from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { Db } from '../db/types'

/** bcrypt cost: about 70 ms a hash here, the usual trade-off for interactive sign-in. */
export const BCRYPT_COST = 10

/** bcrypt reads only the first 72 bytes of its input. */
const BCRYPT_MAX_BYTES = 72

export type UserRow = {
  id: string
  email: string
  encrypted_password: string
  email_confirmed_at: string | null
  last_sign_in_at: string | null
  user_metadata: Record<string, unknown>
  created_at: string
  updated_at: string
}

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

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from platform.users where lower(email) = lower($1)', [email.trim()])
  return rows[0] ?? null
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from platform.users where id = $1', [id])
  return rows[0] ?? null
}

/** Inserts a user (email confirmed at once: the embedded platform sends no mail). */
export async function insertUser(
  db: Db,
  input: { email: string; password: string; metadata?: Record<string, unknown>; id?: string }
): Promise<UserRow> {
  const hash = await hashPassword(input.password)
  const { rows } = await db.query<UserRow>(
    `insert into platform.users (id, email, encrypted_password, email_confirmed_at, user_metadata)
     values ($1, $2, $3, now(), $4) returning *`,
    [input.id ?? crypto.randomUUID(), input.email.trim(), hash, JSON.stringify(input.metadata ?? {})]
  )
  return rows[0]
}

/** Merges keys into a user's metadata; a key set to null is removed (GoTrue's rule). */
export async function mergeUserMetadata(db: Db, userId: string, data: Record<string, unknown>): Promise<void> {
  await db.query(
    `update platform.users
        set user_metadata = (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
                               from jsonb_each(user_metadata || $2::jsonb) where value <> 'null'::jsonb),
            updated_at = now()
      where id = $1`,
    [userId, JSON.stringify(data)]
  )
}
