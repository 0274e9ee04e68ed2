import crypto from 'node:crypto'
import { SELF_HOSTED_EMAIL, SELF_HOSTED_USER_ID } from './auth/self-hosted-user'
import { hashPassword } from './auth/passwords'
import type { Db } from './db/types'
import { DEFAULT_PROJECT_REF, projectTarget } from './projects/targets'

export const DEFAULT_ORGANIZATION_SLUG = 'default'
export const DEFAULT_ORGANIZATION_NAME = 'Default Organization'
export const DEFAULT_PROJECT_NAME = 'Default Project'
/** A self-hosted install has no billing: its organization is on the plan without quotas. */
export const DEFAULT_ORGANIZATION_PLAN = 'enterprise'
/** Region of the self-hosted project: it runs wherever the install does. */
export const DEFAULT_PROJECT_REGION = 'local'

/**
 * Self-hosted bootstrap (spec §1, DESIGN "one `default` project"): the fixed self-hosted user,
 * the `default` organization with that user as Owner, and the `default` project, ACTIVE_HEALTHY,
 * whose database is DATABASE_URL's own (or the PGlite directory DATA_DIR/projects/default,
 * created on first use). Idempotent, one transaction; runs on every store open when
 * IS_PLATFORM=false, and several servers may run it at once.
 */
export async function ensureSelfHostedDefaults(db: Db): Promise<void> {
  const { rows: existing } = await db.query(
    `select 1 from platform.users u
       join platform.members m on m.user_id = u.id
       join platform.organizations o on o.id = m.organization_id and o.slug = $2
       join platform.projects p on p.organization_id = o.id and p.ref = $3
      where u.id = $1`,
    [SELF_HOSTED_USER_ID, DEFAULT_ORGANIZATION_SLUG, DEFAULT_PROJECT_REF]
  )
  if (existing.length > 0) return

  // Nobody signs in as this user (self-hosted requests need no sign-in): its password is a hash
  // of random bytes that are thrown away.
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'))
  const { rows: version } = await db.query<{ server_version: string }>('show server_version')
  // The default project runs on the same server (or the same PGlite build) as the store.
  const dbVersion = version[0].server_version.split(' ')[0]
  const target = projectTarget(DEFAULT_PROJECT_REF)

  await db.transaction(async (tx) => {
    await tx.query(
      `insert into platform.users (id, email, encrypted_password, email_confirmed_at)
       values ($1, $2, $3, now()) on conflict do nothing`,
      [SELF_HOSTED_USER_ID, SELF_HOSTED_EMAIL, unusable]
    )
    await tx.query(
      `insert into platform.organizations (slug, name, plan_id) values ($1, $2, $3) on conflict (slug) do nothing`,
      [DEFAULT_ORGANIZATION_SLUG, DEFAULT_ORGANIZATION_NAME, DEFAULT_ORGANIZATION_PLAN]
    )
    const { rows: org } = await tx.query<{ id: number }>('select id from platform.organizations where slug = $1', [DEFAULT_ORGANIZATION_SLUG])
    await tx.query(
      `insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Owner') on conflict do nothing`,
      [org[0].id, SELF_HOSTED_USER_ID]
    )
    await tx.query(
      `insert into platform.projects
         (ref, name, organization_id, status, postgrest_status, region, db_version, database_name, created_by)
       values ($1, $2, $3, 'ACTIVE_HEALTHY', 'ONLINE', $4, $5, $6, $7)
       on conflict (ref) do nothing`,
      [DEFAULT_PROJECT_REF, DEFAULT_PROJECT_NAME, org[0].id, DEFAULT_PROJECT_REGION, dbVersion, target.databaseName, SELF_HOSTED_USER_ID]
    )
  })
}
