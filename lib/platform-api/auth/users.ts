import crypto from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { Db } from '../db/types'

/** bcrypt cost: about 70 ms a hash here, the usual trade-off for interactive sign-in. */
export const BCRYPT_COST = 10

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

/** Hashes a password with bcrypt. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST)
}

/** Compares a password with a stored bcrypt hash. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash)
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('select * from platform.users where lower(email) = lower($1)', [email])
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
