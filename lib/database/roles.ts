/**
 * Database roles a user may grant privileges to. Hidden: Postgres's predefined `pg_*` roles and
 * the platform's own roles. On a Postgres server each project database is owned by
 * `project_<ref>` and reached as `project_<ref>_dashboard` (server/projects/targets.ts);
 * roles are shared by the whole server, so every other project's pair shows in pg_roles too.
 */

/** The platform's per-project roles (a ref's hyphens become underscores). */
export const PLATFORM_ROLE_PATTERN = '^project_[a-z0-9_]+$'

/** True for a role the role pickers hide. */
export function isHiddenRole(name: string): boolean {
  return name.startsWith('pg_') || new RegExp(PLATFORM_ROLE_PATTERN).test(name)
}

/** Roles to pick from ($1: PLATFORM_ROLE_PATTERN). One read-only statement. */
export const ROLES_SQL = `select r.rolname::text as name, r.rolsuper as superuser, r.rolcanlogin as can_login
from pg_catalog.pg_roles r
where r.rolname !~ '^pg_' and r.rolname !~ $1
order by r.rolname`

export type RoleRow = { name: string; superuser: boolean; can_login: boolean }
