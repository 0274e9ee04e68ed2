import crypto from 'node:crypto'
import path from 'node:path'
import { getServerConfig } from '@/lib/config'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { getJwtSecret } from '../auth/jwt'

/**
 * Where a project's database lives. With DATABASE_URL: a database `project_<ref>` on that server,
 * owned by a role `project_<ref>` (NOLOGIN; the user's database password is the `_login` role's)
 * and reached by the platform as a member role `project_<ref>_dashboard`, never as the server's administrator, so SQL run through
 * the dashboard cannot reach other projects or the platform's own tables. Without it: a PGlite
 * directory `DATA_DIR/projects/<ref>`. The self-hosted `default` project is DATABASE_URL's own
 * database (or `DATA_DIR/projects/default`).
 */

/** The ref of the self-hosted project (spec §2: /project/default). */
export const DEFAULT_PROJECT_REF = 'default'

export type ProjectTarget =
  | { kind: 'pglite'; ref: string; dir: string; databaseName: string; isDefault: boolean }
  | {
      kind: 'postgres'
      ref: string
      /** What the platform connects with. */
      url: string
      /** The same database as the platform's privileged role (DATABASE_URL's): maintenance only. */
      adminUrl: string
      databaseName: string
      isDefault: boolean
      /** Owner and dashboard roles (null for the self-hosted default project). */
      roles: { owner: string; dashboard: string } | null
      /** What the project API's requests connect with: the project's `_api` login role (server-databases.ts). */
      apiUrl: string
    }

export function isDefaultProjectRef(ref: string): boolean {
  return ref === DEFAULT_PROJECT_REF
}

function assertRef(ref: string): void {
  if (!PROJECT_REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`)
}

/** A new random ref: 20 lower-case letters, like the hosted platform's. */
export function generateProjectRef(): string {
  const bytes = crypto.randomBytes(20)
  return Array.from(bytes, (b) => String.fromCharCode(97 + (b % 26))).join('')
}

/** The password of a project's dashboard role: derived from the platform secret, so never stored. */
export function dashboardRolePassword(ref: string): string {
  return crypto.createHmac('sha256', getJwtSecret()).update(`project-db-dashboard:${ref}`).digest('base64url')
}

/** The password of a project's API login role, derived the same way. */
export function apiLoginRolePassword(ref: string): string {
  return crypto.createHmac('sha256', getJwtSecret()).update(`project-db-api:${ref}`).digest('base64url')
}

/** The login role the project API's requests connect as on a server (server-databases.ts `apiLoginRoleSql`). */
export function apiLoginRoleName(ref: string): string {
  return `project_${ref.replace(/-/g, '_')}_api`
}

function apiUrlOf(databaseUrl: string, ref: string, database: string): string {
  const url = new URL(databaseUrl)
  url.username = apiLoginRoleName(ref)
  url.password = apiLoginRolePassword(ref)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * A project's roles (see jail.ts): `owner` owns the project's objects (Developers and above run
 * as it), `readonly` reads them (Read-only members), `dashboard` is the login role the platform
 * connects to a server database as (no rights of its own beyond calling the jail), `login` the
 * connection string's role on a server (server-databases.ts): it takes on `owner` when it logs
 * in, and it is not the role member SQL runs as, so no member can set its password from SQL.
 */
export function projectRoleNames(ref: string): { owner: string; dashboard: string; readonly: string; login: string } {
  const base = `project_${ref.replace(/-/g, '_')}`
  return { owner: base, dashboard: `${base}_dashboard`, readonly: `${base}_readonly`, login: `${base}_login` }
}

/** Which engine the project's database runs on: what `projectTarget(ref).kind` says, without deriving its passwords. */
export function projectKind(ref: string): ProjectTarget['kind'] {
  assertRef(ref)
  return getServerConfig().databaseUrl ? 'postgres' : 'pglite'
}

/** Where the project's database lives, from the configuration (no I/O). */
export function projectTarget(ref: string): ProjectTarget {
  assertRef(ref)
  const config = getServerConfig()
  const isDefault = isDefaultProjectRef(ref)
  if (config.databaseUrl) {
    if (isDefault) {
      const database = new URL(config.databaseUrl).pathname.slice(1)
      const apiUrl = apiUrlOf(config.databaseUrl, ref, database)
      return { kind: 'postgres', ref, url: config.databaseUrl, adminUrl: config.databaseUrl, databaseName: decodeURIComponent(database), isDefault, roles: null, apiUrl }
    }
    const { owner, dashboard } = projectRoleNames(ref)
    const roles = { owner, dashboard }
    const admin = new URL(config.databaseUrl)
    admin.pathname = `/${roles.owner}`
    const url = new URL(config.databaseUrl)
    url.username = roles.dashboard
    url.password = dashboardRolePassword(ref)
    url.pathname = `/${roles.owner}`
    const apiUrl = apiUrlOf(config.databaseUrl, ref, roles.owner)
    return { kind: 'postgres', ref, url: url.toString(), adminUrl: admin.toString(), databaseName: roles.owner, isDefault, roles, apiUrl }
  }
  const dir = path.resolve(config.dataDir, 'projects', ref)
  return { kind: 'pglite', ref, dir, databaseName: `projects/${ref}`, isDefault }
}

/** The database a PGlite project's loopback port serves (PGlite's one database). */
export const PGLITE_WIRE_DATABASE = 'postgres'

/**
 * The connection string shown on the project page (spec §3 connectionString). The password is
 * never stored in clear, so it is shown as `[YOUR-PASSWORD]`. On a server, the project's `_login`
 * role on the project's database (it works as the owner role from its first statement); on
 * PGlite, the owner role on the project's loopback port (`pglitePort`, see wire/server.ts), or
 * the database's path when no port could be had.
 */
export function displayConnectionString(ref: string, pglitePort: number | null): string {
  const target = projectTarget(ref)
  if (target.kind === 'pglite') {
    if (pglitePort === null) return `pglite://${target.dir}`
    return `postgresql://${projectRoleNames(ref).owner}:[YOUR-PASSWORD]@127.0.0.1:${pglitePort}/${PGLITE_WIRE_DATABASE}`
  }
  const url = new URL(getServerConfig().databaseUrl!)
  const user = target.roles ? projectRoleNames(ref).login : decodeURIComponent(url.username)
  return `postgresql://${user}:[YOUR-PASSWORD]@${url.host}/${target.databaseName}`
}
