import type { Db } from '../db/types'

/** The self-hosted build has no sign-in: every request acts as this one user (spec §1). */
export const SELF_HOSTED_USER_ID = '00000000-0000-4000-8000-000000000001'
export const SELF_HOSTED_EMAIL = 'admin@localhost'

/**
 * Makes sure the fixed self-hosted user has a row (rows elsewhere point at it). Its password
 * hash is not a bcrypt hash, so nobody can sign in as it. Idempotent; safe to race.
 */
export async function ensureSelfHostedUser(db: Db): Promise<void> {
  await db.query(
    `insert into platform.users (id, email, encrypted_password, email_confirmed_at)
     values ($1, $2, '!self-hosted', now()) on conflict do nothing`,
    [SELF_HOSTED_USER_ID, SELF_HOSTED_EMAIL]
  )
}
