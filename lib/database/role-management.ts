/**
 * The Roles screen: what the database's roles are, which of them the member may change (and why
 * not), and the SQL of each change. Pure; the SQL runs through useDatabaseScriptMutation as the
 * project's owner role, so Postgres decides in the end: on PGlite (the cluster is the project's
 * alone, Postgres 17) the owner role has CREATEROLE and manages the roles it made, never granting
 * more than it has; on a Postgres server roles are shared by every database, so it has none.
 */
import { quoteIdent, quoteLiteral } from '@/lib/sql/identifiers'
import { PLATFORM_ROLE_PATTERN } from './roles'

/**
 * Roles of the database with their attributes. $1 PLATFORM_ROLE_PATTERN; $2 this project's owner
 * role (`projectRolePrefix`): its own platform roles start with it, and `can_admin` is whether it
 * holds ADMIN OPTION on the role (whoever reads, a Read-only member too). Read-only.
 */
export const MANAGED_ROLES_SQL = `select r.rolname::text as name, r.rolsuper as superuser, r.rolcreatedb as create_db,
  r.rolcreaterole as create_role, r.rolcanlogin as can_login, r.rolreplication as replication, r.rolbypassrls as bypass_rls,
  r.rolconnlimit as connection_limit, r.rolvaliduntil::text as valid_until,
  coalesce((select pg_catalog.array_agg(g.rolname::text order by g.rolname) from pg_catalog.pg_auth_members m
    join pg_catalog.pg_roles g on g.oid = m.roleid where m.member = r.oid), '{}') as member_of,
  pg_catalog.pg_has_role($2, r.oid, 'MEMBER WITH ADMIN OPTION') as can_admin,
  r.rolname = current_user as is_current
from pg_catalog.pg_roles r
where r.rolname !~ $1 or pg_catalog.left(r.rolname, pg_catalog.length($2)) = $2
order by r.rolname`

/** The member's own role's rights to manage roles. Read-only. */
export const CURRENT_ROLE_SQL = `select current_user::text as name, r.rolsuper as superuser, r.rolcreaterole as create_role,
  r.rolcreatedb as create_db, r.rolreplication as replication, r.rolbypassrls as bypass_rls
from pg_catalog.pg_roles r where r.rolname = current_user`

export type ManagedRoleRow = {
  name: string
  superuser: boolean
  create_db: boolean
  create_role: boolean
  can_login: boolean
  replication: boolean
  bypass_rls: boolean
  connection_limit: number
  valid_until: string | null
  member_of: string[]
  can_admin: boolean
  is_current: boolean
}

export type CurrentRoleRow = { name: string; superuser: boolean; create_role: boolean; create_db: boolean; replication: boolean; bypass_rls: boolean }

/** This project's platform roles start with it: `project_<ref>` (a ref's hyphens become underscores). */
export const projectRolePrefix = (ref: string) => `project_${ref.replace(/-/g, '_')}`

const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])
const ADMIN_ROLES = new Set(['postgres', 'supabase_admin'])

/** Why the platform keeps a role from change (shown beside it), or null for a role of the project's own. */
export function reservedReason(name: string): string | null {
  if (name.startsWith('pg_')) return 'Predefined by Postgres.'
  if (API_ROLES.has(name)) return 'The project API runs requests as this role (its keys and user tokens).'
  if (ADMIN_ROLES.has(name) || name.startsWith('supabase_')) return "The platform's administrator role."
  if (new RegExp(PLATFORM_ROLE_PATTERN).test(name)) return "The platform's own role for this project (members' SQL, read-only access, connections)."
  return null
}

/** Why the member cannot change this role, or null when it can. */
export function protectedReason(role: ManagedRoleRow, current: CurrentRoleRow | null): string | null {
  const reserved = reservedReason(role.name)
  if (reserved) return reserved
  if (current?.superuser) return null
  if (role.superuser) return 'A superuser: only a superuser may change it.'
  if (!current?.create_role) return "Roles are shared by every database of this server: the project's role may not change them."
  if (!role.can_admin) return "The project's role has no ADMIN OPTION on it (it did not create it)."
  return null
}

/** The attributes a role form sets. */
export type RoleAttributes = {
  canLogin: boolean
  createDb: boolean
  createRole: boolean
  bypassRls: boolean
  replication: boolean
  superuser: boolean
  /** -1: no limit. */
  connectionLimit: number
  /** An ISO date-time, or null for always. */
  validUntil: string | null
}

/** Attributes the member may give: none it lacks itself (Postgres refuses those anyway). */
export function grantableAttributes(current: CurrentRoleRow | null): Record<'createDb' | 'createRole' | 'bypassRls' | 'replication' | 'superuser', boolean> {
  const su = Boolean(current?.superuser)
  return {
    superuser: su,
    createDb: su || Boolean(current?.create_db),
    createRole: su || Boolean(current?.create_role),
    bypassRls: su || Boolean(current?.bypass_rls),
    replication: su || Boolean(current?.replication),
  }
}

/** A problem with a new role name, or null. */
export function roleNameError(name: string): string | null {
  if (!name.trim()) return 'Give the role a name'
  if (name !== name.trim()) return 'Remove the spaces around the name'
  if (new TextEncoder().encode(name).length > 63) return 'At most 63 bytes'
  if (!/^[A-Za-z_][A-Za-z0-9_$-]*$/.test(name)) return 'Use letters, digits, underscores, dollar signs and hyphens, starting with a letter or underscore'
  if (name.startsWith('project_') || name.startsWith('supabase_')) return 'Names starting with project_ or supabase_ are reserved for the platform'
  if (reservedReason(name)) return 'This name is reserved'
  return null
}

function attributeWords(attrs: RoleAttributes, allowed: ReturnType<typeof grantableAttributes>): string[] {
  const words = [attrs.canLogin ? 'LOGIN' : 'NOLOGIN']
  // An attribute the member lacks is left out entirely: Postgres wants it even to name it as NO….
  const flag = (on: boolean, word: string, may: boolean) => {
    if (may) words.push(on ? word : `NO${word}`)
  }
  flag(attrs.createDb, 'CREATEDB', allowed.createDb)
  flag(attrs.createRole, 'CREATEROLE', allowed.createRole)
  flag(attrs.bypassRls, 'BYPASSRLS', allowed.bypassRls)
  flag(attrs.replication, 'REPLICATION', allowed.replication)
  flag(attrs.superuser, 'SUPERUSER', allowed.superuser)
  words.push(`CONNECTION LIMIT ${Math.trunc(attrs.connectionLimit)}`)
  words.push(`VALID UNTIL ${quoteLiteral(attrs.validUntil ?? 'infinity')}`)
  return words
}

/** The password clause; the preview shows a mask, the run the literal (never echoed back). */
const passwordClause = (password: string, masked: boolean) => `PASSWORD ${masked ? "'********'" : quoteLiteral(password)}`

/** CREATE ROLE with its attributes, password (login roles) and memberships, in one transaction. */
export function createRoleSql(
  input: { name: string; attributes: RoleAttributes; password: string; memberOf: string[] },
  allowed: ReturnType<typeof grantableAttributes>,
  options: { masked: boolean }
): string {
  const words = attributeWords(input.attributes, allowed)
  if (input.attributes.canLogin && input.password) words.push(passwordClause(input.password, options.masked))
  const lines = [`CREATE ROLE ${quoteIdent(input.name)} WITH ${words.join(' ')};`]
  for (const group of input.memberOf) lines.push(`GRANT ${quoteIdent(group)} TO ${quoteIdent(input.name)};`)
  return wrap(lines)
}

/** ALTER ROLE: its attributes, a new password when one is given, and a rename last. */
export function alterRoleSql(
  input: { name: string; newName: string; attributes: RoleAttributes; password: string },
  allowed: ReturnType<typeof grantableAttributes>,
  options: { masked: boolean }
): string {
  const words = attributeWords(input.attributes, allowed)
  if (input.attributes.canLogin && input.password) words.push(passwordClause(input.password, options.masked))
  const lines = [`ALTER ROLE ${quoteIdent(input.name)} WITH ${words.join(' ')};`]
  if (input.newName !== input.name) lines.push(`ALTER ROLE ${quoteIdent(input.name)} RENAME TO ${quoteIdent(input.newName)};`)
  return wrap(lines)
}

export function dropRoleSql(name: string): string {
  return wrap([`DROP ROLE ${quoteIdent(name)};`])
}

export function grantMembershipSql(group: string, member: string): string {
  return wrap([`GRANT ${quoteIdent(group)} TO ${quoteIdent(member)};`])
}

export function revokeMembershipSql(group: string, member: string): string {
  return wrap([`REVOKE ${quoteIdent(group)} FROM ${quoteIdent(member)};`])
}

function wrap(lines: string[]): string {
  return ['BEGIN;', ...lines, 'COMMIT;'].join('\n')
}

/** The form's starting attributes: an existing role's, or a new role's (login off, no limit). */
export function attributesOf(role: ManagedRoleRow | null): RoleAttributes {
  return {
    canLogin: role?.can_login ?? false,
    createDb: role?.create_db ?? false,
    createRole: role?.create_role ?? false,
    bypassRls: role?.bypass_rls ?? false,
    replication: role?.replication ?? false,
    superuser: role?.superuser ?? false,
    connectionLimit: role?.connection_limit ?? -1,
    validUntil: role?.valid_until && role.valid_until !== 'infinity' ? role.valid_until : null,
  }
}
