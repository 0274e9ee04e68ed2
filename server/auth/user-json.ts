import type { Db } from '../db/types'
import { realmOf, type AuthRealm } from './realm'
import type { UserRow } from './users'

export type FactorRow = {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp'
  status: 'unverified' | 'verified'
  secret: string
  last_used_step: number | string | null
  last_challenged_at: string | Date | null
  created_at: string | Date
  updated_at: string | Date
}

function iso(value: string | Date | null): string | undefined {
  if (value === null || value === undefined) return undefined
  return new Date(value).toISOString()
}

/** A factor as GoTrue lists it (never its secret). */
export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at),
  }
}

/** The user's factors; none in a realm without MFA. */
export async function listFactors(target: Db | AuthRealm, userId: string): Promise<FactorRow[]> {
  const { db, tables } = realmOf(target)
  if (!tables.factors) return []
  const { rows } = await db.query<FactorRow>(`select * from ${tables.factors} where user_id = $1 order by created_at, id`, [userId])
  return rows
}

/**
 * A user in GoTrue's JSON shape, as `@supabase/auth-js` reads it. E-mail sign-up is the only
 * provider, so every user has one `email` identity, which shares the user's id.
 */
export function userJson(user: UserRow, factors: FactorRow[]) {
  const createdAt = iso(user.created_at as string | Date)
  const confirmedAt = iso(user.email_confirmed_at as string | Date | null)
  const lastSignIn = iso(user.last_sign_in_at as string | Date | null)
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: confirmedAt,
    confirmed_at: confirmedAt,
    phone: '',
    last_sign_in_at: lastSignIn,
    app_metadata: user.app_metadata ?? { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata ?? {},
    ...(user.banned_until ? { banned_until: iso(user.banned_until) } : {}),
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: Boolean(confirmedAt), phone_verified: false, sub: user.id },
        provider: 'email',
        last_sign_in_at: lastSignIn,
        created_at: createdAt,
        updated_at: iso(user.updated_at as string | Date),
        email: user.email.toLowerCase(),
      },
    ],
    factors: factors.map(factorJson),
    created_at: createdAt,
    updated_at: iso(user.updated_at as string | Date),
    is_anonymous: false,
    is_sso_user: false,
  }
}

/** The user with their factors, in GoTrue's shape. */
export async function loadUserJson(target: Db | AuthRealm, user: UserRow) {
  return userJson(user, await listFactors(target, user.id))
}
