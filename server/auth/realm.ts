import { audit } from '../access'
import type { Db } from '../db/types'
import { platformTokenKey, type TokenKey } from './jwt'

/**
 * One GoTrue implementation serves two realms: the platform's own users (dashboard sign-in,
 * tables in `platform.*`, the platform's JWT secret) and each project's users (`{url}/auth/v1`,
 * tables in the project database's `auth` schema, tokens signed with the project's secret). A
 * realm says where its rows live, how its tokens are signed, where its events go and what its
 * settings allow; the auth modules (password-auth, sessions, users, user-json) take one.
 */

/** What happened, named as GoTrue names its audit actions. */
export type AuthAction =
  | 'user_signedup'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'token_refreshed'
  | 'token_revoked'
  | 'user_modified'
  | 'user_deleted'
  | 'user_invited'
  | 'user_recovery_requested'
  | 'user_updated_password'

export type AuthEvent = { action: AuthAction; userId: string | null; email?: string; metadata?: Record<string, unknown> }

export type AuthTables = { users: string; sessions: string; refreshTokens: string; recoveryRequests: string; factors: string | null }

export type AuthRealm = {
  kind: 'platform' | 'project'
  db: Db
  tables: AuthTables
  /** The select list that reads a user row as `UserRow` (the realms name their columns differently). */
  userColumns: string
  /** The column holding what the user may change about themselves (`data` of sign-up and PUT /user). */
  userMetadataColumn: string
  signing: TokenKey
  /** Rate limits live in the platform store, under keys namespaced by `limitPrefix`. */
  limits: { db: Db; prefix: string }
  /** Sign-ups are confirmed at once (the embedded platform sends no mail) unless false. */
  autoconfirm: boolean
  disableSignup: boolean
  /** Records an event (in `db`, the transaction under way, when the sink is the realm's own store). */
  audit(db: Db, event: AuthEvent): Promise<void>
  /** Told after a sign-up, sign-in or refresh of a user (metering). */
  onActive(userId: string): void
}

/** The same realm inside a transaction. */
export function inTransaction(realm: AuthRealm, tx: Db): AuthRealm {
  return { ...realm, db: tx }
}

/** A rate-limit key of the realm. */
export function limitKey(realm: AuthRealm, key: string): string {
  return realm.limits.prefix + key
}

/** The platform's names for the events it keeps in `platform.audit_logs` (others are not kept). */
const PLATFORM_ACTIONS: Partial<Record<AuthAction, string>> = {
  user_signedup: 'user.signed_up',
  login: 'user.signed_in',
  logout: 'user.signed_out',
  user_recovery_requested: 'user.recovery_requested',
  user_updated_password: 'user.password_changed',
  user_modified: 'user.metadata_updated',
}

/** The platform's realm on its store. */
export function platformRealm(db: Db): AuthRealm {
  return {
    kind: 'platform',
    db,
    tables: {
      users: 'platform.users',
      sessions: 'platform.sessions',
      refreshTokens: 'platform.refresh_tokens',
      recoveryRequests: 'platform.auth_recovery_requests',
      factors: 'platform.mfa_factors',
    },
    userColumns: '*',
    userMetadataColumn: 'user_metadata',
    signing: platformTokenKey(),
    limits: { db, prefix: '' },
    autoconfirm: true,
    disableSignup: false,
    async audit(tx, event) {
      const action = PLATFORM_ACTIONS[event.action]
      if (action) await audit(tx, { userId: event.userId, action, metadata: event.metadata })
    },
    onActive() {},
  }
}

/** A realm given, or the platform's on a store given (the platform's callers pass their `Db`). */
export function realmOf(target: Db | AuthRealm): AuthRealm {
  return 'tables' in target ? target : platformRealm(target)
}
