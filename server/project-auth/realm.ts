import type { IncomingHttpHeaders } from 'node:http'
import type { AuthRealm } from '../auth/realm'
import { getStore } from '../db/store'
import { notFound } from '../http/errors'
import { projectApiEndpoint } from '../projects/api-endpoint'
import { projectSigningKey } from '../projects/api-keys'
import { PROJECT_AUTH_TABLES } from '../projects/auth-tables'
import { getProjectDb } from '../projects/project-db'
import { getProjectAuthConfig } from './config'
import { recordProjectUserActive } from '../billing/metering'
import { recordAuthAudit } from './events'

/** `auth.users` read as the auth modules' `UserRow` (Supabase's column names, the platform's shape). */
const USER_COLUMNS = `id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data as user_metadata,
  raw_app_meta_data as app_metadata, banned_until, created_at, updated_at`

/** The issuer of a project's user tokens: `{endpoint}/auth/v1`. */
export function projectAuthIssuer(ref: string, headers: IncomingHttpHeaders): string {
  return `${projectApiEndpoint(ref, headers)}/auth/v1`
}

/**
 * A project's realm: its users in its own database's `auth` schema, tokens signed with the
 * project's secret (so a rotation ends them) for JWT_EXP seconds, its settings, its audit log,
 * rate limits in the platform store under `project:{ref}:`. 404 when there is no such project.
 */
export async function projectRealm(ref: string, headers: IncomingHttpHeaders): Promise<AuthRealm> {
  const store = await getStore()
  const [signing, config] = await Promise.all([projectSigningKey(store, ref), getProjectAuthConfig(store, ref).catch(() => null)])
  if (!signing || !config) throw notFound(`Project ${ref} not found`)
  return {
    kind: 'project',
    db: await getProjectDb(ref),
    tables: { ...PROJECT_AUTH_TABLES, factors: null },
    userColumns: USER_COLUMNS,
    userMetadataColumn: 'raw_user_meta_data',
    signing: { key: signing.key, ttlSeconds: config.JWT_EXP, issuer: projectAuthIssuer(ref, headers) },
    limits: { db: store, prefix: `project:${ref}:` },
    autoconfirm: config.MAILER_AUTOCONFIRM,
    disableSignup: config.DISABLE_SIGNUP,
    audit: async (_db, event) => recordAuthAudit(ref, event),
    onActive: (userId) => recordProjectUserActive(ref, userId), // a monthly active user (metering)
  }
}
