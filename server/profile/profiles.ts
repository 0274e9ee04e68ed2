import crypto from 'node:crypto'
import { getServerConfig } from '@/lib/config'
import { audit } from '../access'
import type { Caller } from '../auth/caller'
import { ensureSelfHostedUser } from '../auth/self-hosted-user'
import type { Db } from '../db/types'
import { conflict, notFound } from '../http/errors'
import { FREE_PLAN_ACTIVE_PROJECT_LIMIT } from '../projects/limits'
import type { Profile, ProfileUpdateBody } from '@/lib/api-types/profile'

export type ProfileRow = {
  id: number
  user_id: string
  username: string
  first_name: string | null
  last_name: string | null
  primary_email: string
  created_at: string
  updated_at: string
}

/** spec §8: the text the dashboard looks for to create the profile automatically. */
export const PROFILE_NOT_FOUND = "User's profile not found"

/** The profile as `GET /platform/profile` answers it; self-hosted adds `disabled_features` (spec §3). */
export function profileJson(row: ProfileRow, caller: Caller): Profile {
  return {
    id: row.id,
    gotrue_id: row.user_id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    primary_email: row.primary_email,
    mobile: null,
    is_alpha_user: false,
    is_sso_user: false,
    free_project_limit: FREE_PLAN_ACTIVE_PROJECT_LIMIT,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(caller.selfHosted ? { disabled_features: getServerConfig().disabledFeatures } : {}),
  }
}

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>('select * from platform.profiles where user_id = $1', [userId])
  return rows[0] ?? null
}

/** A username from the e-mail's local part: lower case letters, digits, `.`, `_` and `-`. */
export function usernameFromEmail(email: string): string {
  const base = email.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 24)
  return base.length >= 3 ? base : `user-${base}`.replace(/-$/, '')
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

/**
 * Creates the caller's profile (`POST /platform/profile`); 409 when it exists. The username
 * comes from the e-mail, with a random suffix when another profile has it.
 */
export async function createProfile(db: Db, caller: Caller): Promise<ProfileRow> {
  if (caller.selfHosted) await ensureSelfHostedUser(db)
  const base = usernameFromEmail(caller.email)
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = attempt === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`
    const created = await db.transaction(async (tx) => {
      // `do nothing` covers both a second profile for the user and a taken username.
      const { rows } = await tx.query<ProfileRow>(
        `insert into platform.profiles (user_id, username, primary_email) values ($1, $2, $3)
         on conflict do nothing returning *`,
        [caller.userId, username, caller.email]
      )
      if (rows[0]) await audit(tx, { userId: caller.userId, action: 'profile.created', target: username })
      return rows[0] ?? null
    })
    if (created) return created
    if (await findProfile(db, caller.userId)) throw conflict('Your profile already exists')
  }
  throw conflict('Could not find a free username for your profile; try again')
}

/** The caller's profile; self-hosted creates it on first read, since there is no sign-up there. */
export async function getProfile(db: Db, caller: Caller): Promise<ProfileRow> {
  const existing = await findProfile(db, caller.userId)
  if (existing) return existing
  if (!caller.selfHosted) throw notFound(PROFILE_NOT_FOUND)
  try {
    return await createProfile(db, caller)
  } catch (error) {
    // Two first requests at once: the other one created it.
    const raced = await findProfile(db, caller.userId)
    if (raced) return raced
    throw error
  }
}


/** `PATCH /platform/profile`: names and username; 409 when the username is taken. */
export async function updateProfile(db: Db, caller: Caller, changes: ProfileUpdateBody): Promise<ProfileRow> {
  const current = caller.selfHosted ? await getProfile(db, caller) : await findProfile(db, caller.userId)
  if (!current) throw notFound(PROFILE_NOT_FOUND)
  if (Object.keys(changes).length === 0) return current
  const next = {
    first_name: changes.first_name === undefined ? current.first_name : changes.first_name,
    last_name: changes.last_name === undefined ? current.last_name : changes.last_name,
    username: changes.username ?? current.username,
  }
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<ProfileRow>(
        `update platform.profiles set first_name = $2, last_name = $3, username = $4, updated_at = now()
          where user_id = $1 returning *`,
        [caller.userId, next.first_name, next.last_name, next.username]
      )
      await audit(tx, { userId: caller.userId, action: 'profile.updated', metadata: { fields: Object.keys(changes) } })
      return rows[0]
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The username "${next.username}" is already taken`)
    throw error
  }
}
