import type { Db } from '../db/types'
import { SELF_HOSTED_EMAIL, SELF_HOSTED_USER_ID } from './caller'

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
