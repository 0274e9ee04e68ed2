import crypto from 'node:crypto'
import type { Db } from '../db/types'
import { hashPassword } from './passwords'
import { realmOf, type AuthRealm } from './realm'

export { BCRYPT_COST, burnPasswordCheck, hashPassword, verifyPassword } from './passwords'

export type UserRow = {
  id: string
  email: string
  encrypted_password: string
  email_confirmed_at: string | null
  last_sign_in_at: string | null
  user_metadata: Record<string, unknown>
  /** Project users: what only the service may set (provider, roles). */
  app_metadata?: Record<string, unknown>
  /** Project users: no sign-in or refresh until then. */
  banned_until?: string | Date | null
  created_at: string
  updated_at: string
}

/** A user whose ban has not run out. */
export function isBanned(user: Pick<UserRow, 'banned_until'>): boolean {
  return Boolean(user.banned_until) && new Date(user.banned_until!).getTime() > Date.now()
}

export async function findUserByEmail(target: Db | AuthRealm, email: string): Promise<UserRow | null> {
  const realm = realmOf(target)
  const { rows } = await realm.db.query<UserRow>(
    `select ${realm.userColumns} from ${realm.tables.users} where lower(email) = lower($1)`,
    [email.trim()]
  )
  return rows[0] ?? null
}

export async function findUserById(target: Db | AuthRealm, id: string): Promise<UserRow | null> {
  const realm = realmOf(target)
  const { rows } = await realm.db.query<UserRow>(`select ${realm.userColumns} from ${realm.tables.users} where id = $1`, [id])
  return rows[0] ?? null
}

export type NewUser = {
  email: string
  password?: string
  /** The password's hash, when hashed already (outside a transaction: bcrypt is slow). */
  hash?: string
  metadata?: Record<string, unknown>
  id?: string
  /** The address counts as confirmed (default true: the embedded platform sends no mail). */
  confirmed?: boolean
  signedIn?: boolean
}

/** Inserts a user; null when the address is taken. */
export async function tryInsertUser(
  target: Db | AuthRealm,
  input: NewUser
): Promise<UserRow | null> {
  const realm = realmOf(target)
  const hash = input.hash ?? (await hashPassword(input.password ?? ''))
  const { rows } = await realm.db.query<UserRow>(
    `insert into ${realm.tables.users} (id, email, encrypted_password, email_confirmed_at, last_sign_in_at, ${realm.userMetadataColumn})
     values ($1, $2, $3, case when $5 then now() end, case when $6 then now() end, $4) on conflict do nothing returning ${realm.userColumns}`,
    [input.id ?? crypto.randomUUID(), input.email.trim(), hash, JSON.stringify(input.metadata ?? {}), input.confirmed ?? true, input.signedIn ?? false]
  )
  return rows[0] ?? null
}

/** Inserts a user (email confirmed at once unless asked otherwise); throws when the address is taken. */
export async function insertUser(target: Db | AuthRealm, input: NewUser): Promise<UserRow> {
  const user = await tryInsertUser(target, input)
  if (!user) throw new Error(`A user with the address ${input.email} exists`)
  return user
}

/** Merges keys into a user's metadata; a key set to null is removed (GoTrue's rule). */
export async function mergeUserMetadata(target: Db | AuthRealm, userId: string, data: Record<string, unknown>): Promise<void> {
  const realm = realmOf(target)
  const column = realm.userMetadataColumn
  await realm.db.query(
    `update ${realm.tables.users}
        set ${column} = (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
                               from jsonb_each(${column} || $2::jsonb) where value <> 'null'::jsonb),
            updated_at = now()
      where id = $1`,
    [userId, JSON.stringify(data)]
  )
}
