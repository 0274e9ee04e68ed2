import type { ProjectUser } from '@/lib/api-types/project-auth'
import { assertAcceptablePassword, assertEmail } from '../auth/password-auth'
import { inTransaction, type AuthRealm } from '../auth/realm'
import { revokeUserSessions } from '../auth/sessions'
import { hashPassword, findUserById, mergeUserMetadata, tryInsertUser, type UserRow } from '../auth/users'
import { ApiError } from '../http/errors'

/**
 * The admin side of a project's users, one module for both callers: `{url}/auth/v1/admin/*`
 * (supabase.auth.admin with the service key) and the dashboard's `/platform/auth/:ref/users*`.
 */

const userNotFound = () => new ApiError(404, 'User not found', 'user_not_found')

/** What an admin may set on a user. `replaceMetadata`: the dashboard replaces, GoTrue merges. */
export type AdminUserChanges = {
  email?: string
  password?: string
  email_confirm?: boolean
  user_metadata?: Record<string, unknown>
  app_metadata?: Record<string, unknown>
  /** `none` lifts a ban, `{n}h` bans for n hours. */
  ban_duration?: string
}

/** A user as the dashboard's contract shows it. */
export function projectUserJson(user: UserRow): ProjectUser {
  const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null)
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    user_metadata: user.user_metadata ?? {},
    app_metadata: user.app_metadata ?? {},
    created_at: iso(user.created_at)!,
    updated_at: iso(user.updated_at)!,
  }
}

/** One page of users, newest first, matching `keywords` (part of the address or the id) when given. */
export async function listProjectUsers(
  realm: AuthRealm,
  query: { page: number; perPage: number; keywords?: string }
): Promise<{ users: UserRow[]; total: number }> {
  const filter = query.keywords ? `%${query.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = 'where ($1::text is null or email ilike $1 or id::text ilike $1)'
  const [{ rows }, count] = await Promise.all([
    realm.db.query<UserRow>(
      `select ${realm.userColumns} from ${realm.tables.users} ${where} order by created_at desc, id limit $2 offset $3`,
      [filter, query.perPage, (query.page - 1) * query.perPage]
    ),
    realm.db.query<{ n: number }>(`select count(*)::int as n from ${realm.tables.users} ${where}`, [filter]),
  ])
  return { users: rows, total: Number(count.rows[0]?.n ?? 0) }
}

export async function getProjectUser(realm: AuthRealm, id: string): Promise<UserRow> {
  const user = await findUserById(realm, id)
  if (!user) throw userNotFound()
  return user
}

function banUntilSql(duration: string): { sql: string; hours: number | null } {
  if (duration === 'none') return { sql: 'null', hours: null }
  const m = /^(\d{1,7})h$/.exec(duration)
  if (!m) throw new ApiError(400, 'ban_duration must be "none" or a number of hours such as "24h"', 'validation_failed')
  return { sql: `now() + make_interval(hours => $2)`, hours: Number(m[1]) }
}

/** Creates a user (confirmed unless `email_confirm` is false); 422 `email_exists` when the address is taken. */
export async function createProjectUser(realm: AuthRealm, input: AdminUserChanges & { id?: string; email?: string; password?: string }): Promise<UserRow> {
  if (input.email === undefined) throw new ApiError(400, 'An email address is required', 'validation_failed')
  const email = assertEmail(input.email)
  if (input.password !== undefined) assertAcceptablePassword(input.password)
  // Without a password the user cannot sign in until one is set (recovery link, admin update).
  const hash = input.password === undefined ? '' : await hashPassword(input.password)
  const user = await realm.db.transaction(async (db) => {
    const tx = inTransaction(realm, db)
    if (input.id !== undefined) {
      const taken = await db.query(`select 1 from ${realm.tables.users} where id = $1`, [input.id])
      if (taken.rows.length) throw new ApiError(422, 'A user with this id already exists', 'user_already_exists')
    }
    const made = await tryInsertUser(tx, { id: input.id, email, hash, metadata: input.user_metadata, confirmed: input.email_confirm ?? false })
    if (!made) return null
    if (input.app_metadata || input.ban_duration) await applyChanges(tx, made.id, { app_metadata: input.app_metadata, ban_duration: input.ban_duration }, false)
    await realm.audit(db, { action: 'user_signedup', userId: made.id, email: made.email, metadata: { by: 'admin' } })
    return made
  })
  if (!user) throw new ApiError(422, 'A user with this email address has already been registered', 'email_exists')
  return (await findUserById(realm, user.id)) ?? user
}

async function applyChanges(realm: AuthRealm, id: string, changes: AdminUserChanges, replaceMetadata: boolean): Promise<void> {
  const { db, tables } = realm
  if (changes.email !== undefined) {
    const email = assertEmail(changes.email)
    const taken = await db.query(`select 1 from ${tables.users} where lower(email) = lower($1) and id <> $2`, [email, id])
    if (taken.rows.length) throw new ApiError(422, 'A user with this email address has already been registered', 'email_exists')
    await db.query(`update ${tables.users} set email = $2, updated_at = now() where id = $1`, [id, email])
  }
  if (changes.password !== undefined) {
    assertAcceptablePassword(changes.password)
    await db.query(`update ${tables.users} set encrypted_password = $2, updated_at = now() where id = $1`, [id, await hashPassword(changes.password)])
  }
  if (changes.email_confirm) {
    await db.query(`update ${tables.users} set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [id])
  }
  if (changes.user_metadata !== undefined) {
    if (replaceMetadata) {
      await db.query(`update ${tables.users} set ${realm.userMetadataColumn} = $2, updated_at = now() where id = $1`, [id, JSON.stringify(changes.user_metadata)])
    } else {
      await mergeUserMetadata(realm, id, changes.user_metadata)
    }
  }
  if (changes.app_metadata !== undefined) {
    await db.query(`update ${tables.users} set raw_app_meta_data = raw_app_meta_data || $2::jsonb, updated_at = now() where id = $1`, [
      id,
      JSON.stringify(changes.app_metadata),
    ])
  }
  if (changes.ban_duration !== undefined) {
    const ban = banUntilSql(changes.ban_duration)
    await db.query(`update ${tables.users} set banned_until = ${ban.sql}, updated_at = now() where id = $1`, ban.hours === null ? [id] : [id, ban.hours])
    // A banned user is out at once: their sessions end (their access tokens stop at GET /user).
    if (ban.hours !== null) await revokeUserSessions(realm, id, 'global', null)
  }
}

/** Changes a user, all or nothing; 404 `user_not_found`. */
export async function updateProjectUser(realm: AuthRealm, id: string, changes: AdminUserChanges, options: { replaceMetadata: boolean }): Promise<UserRow> {
  await realm.db.transaction(async (db) => {
    const tx = inTransaction(realm, db)
    if (!(await findUserById(tx, id))) throw userNotFound()
    await applyChanges(tx, id, changes, options.replaceMetadata)
    const action = changes.password !== undefined ? 'user_updated_password' : 'user_modified'
    await realm.audit(db, { action, userId: id, metadata: { by: 'admin', changed: Object.keys(changes).filter((k) => k !== 'password') } })
  })
  return getProjectUser(realm, id)
}

/** Deletes a user with their sessions; 404 `user_not_found`, 409 when the project's rows still reference them. */
export async function deleteProjectUser(realm: AuthRealm, id: string): Promise<UserRow> {
  const user = await getProjectUser(realm, id)
  try {
    await realm.db.query(`delete from ${realm.tables.users} where id = $1`, [id])
  } catch (error) {
    if ((error as { code?: string }).code === '23503') {
      throw new ApiError(409, `The user is still referenced by the project's rows: ${(error as Error).message}`, 'conflict')
    }
    throw error
  }
  await realm.audit(realm.db, { action: 'user_deleted', userId: id, email: user.email, metadata: { by: 'admin' } })
  return user
}
