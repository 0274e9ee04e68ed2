import crypto from 'node:crypto'
import type { Db } from '../db/types'
import { quoteIdent, quoteLiteral } from './jail'
import { apiLoginRoleName, apiLoginRolePassword, dashboardRolePassword, projectRoleNames } from './targets'

/**
 * Project databases on the DATABASE_URL server, managed through the platform's own connection
 * (the store). That role needs to be a superuser, or to have CREATEDB and CREATEROLE (on
 * Postgres 16+ with `createrole_self_grant = 'set, inherit'`).
 *
 * Identifiers and the password go through `format('%I' / '%L')` on the server: utility
 * statements take no parameters, and this quotes exactly as Postgres itself does.
 */

async function run(db: Db, template: string, ...args: string[]): Promise<void> {
  const placeholders = args.map((_, i) => `$${i + 1}::text`).join(', ')
  const { rows } = await db.query<{ sql: string }>(`select format('${template}', ${placeholders}) as sql`, args)
  await db.exec(rows[0].sql)
}

async function roleExists(db: Db, role: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from pg_roles where rolname = $1', [role])
  return rows.length > 0
}

/**
 * Creates the project's roles: the owner (NOLOGIN: member SQL runs as it, and a role may always
 * change its own password), the connection string's login role (`connectionLoginRoleSql`, with
 * the user's database password given as its SCRAM-SHA-256 verifier, which Postgres stores as it
 * is, or a random one nobody knows) and the dashboard role the platform connects as. Members' SQL
 * runs in the jail as the owner or read-only role (jail.ts), which the platform's setup adds when
 * it first opens the database. Transactional: call it inside the transaction that inserts the
 * project row.
 */
export async function createProjectRoles(db: Db, ref: string, ownerVerifier: string | null): Promise<void> {
  const { owner, dashboard } = projectRoleNames(ref)
  if (!(await roleExists(db, owner))) {
    await run(db, 'create role %I nologin nosuperuser nocreatedb nocreaterole', owner)
  }
  await db.exec(connectionLoginRoleSql(ref, ownerVerifier ?? crypto.randomBytes(24).toString('base64url'), false))
  if (!(await roleExists(db, dashboard))) {
    await run(db, 'create role %I login nosuperuser nocreatedb nocreaterole password %L in role %I', dashboard, dashboardRolePassword(ref), owner)
  }
}

/**
 * The connection string's role on a server (`project_<ref>_login`): LOGIN, NOINHERIT, a member of
 * the owner role, which it takes on when it logs in (`ALTER ROLE … SET role`), so what a client
 * makes is the project's, as through the dashboard. It is not the role member SQL runs as (the
 * owner, now NOLOGIN) and the owner has no right over it: no member can set its password from
 * SQL; only an Admin does (POST …/db-password). With `keepPassword`, an existing role keeps its
 * password (the setup of an existing database: the password was set by an Admin); a role made
 * here gets `password`. CONNECT on the project's database is granted by `connectionLoginGrantSql`.
 */
export function connectionLoginRoleSql(ref: string, password: string, keepPassword: boolean): string {
  const { owner, login } = projectRoleNames(ref)
  const attrs = 'login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls'
  return `
do $login$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = ${quoteLiteral(login)}) then
    begin
      create role ${quoteIdent(login)} ${attrs} password ${quoteLiteral(password)};
    exception when duplicate_object or unique_violation then null;
    end;
  ${keepPassword ? '' : `else
    alter role ${quoteIdent(login)} password ${quoteLiteral(password)};`}
  end if;
end
$login$;
alter role ${quoteIdent(login)} ${attrs};
alter role ${quoteIdent(owner)} nologin password null;
grant ${quoteIdent(owner)} to ${quoteIdent(login)};
alter role ${quoteIdent(login)} set role = ${quoteLiteral(owner)};`
}

/** CONNECT on the project's database for its login role (the database is closed to PUBLIC). */
export function connectionLoginGrantSql(ref: string, database: string): string {
  return `grant connect on database ${quoteIdent(database)} to ${quoteIdent(projectRoleNames(ref).login)};`
}

/** Resets the dashboard role's password to the derived one (after the platform secret changed). */
export async function syncDashboardRolePassword(db: Db, ref: string): Promise<void> {
  const { dashboard } = projectRoleNames(ref)
  await run(db, 'alter role %I password %L', dashboard, dashboardRolePassword(ref))
}

/**
 * Sets the password of the connection string's role (`project_<ref>_login`): `verifier` is the
 * SCRAM-SHA-256 verifier (wire/scram.ts), which Postgres stores as it is, so the password itself
 * is in no statement.
 */
export async function setOwnerRolePassword(db: Db, ref: string, verifier: string): Promise<void> {
  const { login } = projectRoleNames(ref)
  await run(db, 'alter role %I login password %L', login, verifier)
}

/**
 * The project API's login role on a server (`project_<ref>_api`), as PostgREST's authenticator:
 * LOGIN with a derived password, NOINHERIT, no rights of its own beyond CONNECT to its project's
 * database, and a member of `anon`, `authenticated` and `service_role`, which each request takes
 * on with `SET LOCAL ROLE` (projects/api-requests.ts). Code a project writes that resets the role
 * is left with this role's rights: none. It has no USAGE on the jail's schema and is no member
 * of the owner or dashboard roles. Idempotent and safe when two instances run it at once; the
 * password is set again each time (the platform secret may have changed). Run on the project's
 * database by the platform's privileged role, after the API roles exist (api-roles.ts).
 */
export function apiLoginRoleSql(ref: string, database: string): string {
  const role = apiLoginRoleName(ref)
  const attrs = `login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${quoteLiteral(apiLoginRolePassword(ref))}`
  return `
do $api_login$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = ${quoteLiteral(role)}) then
    begin
      create role ${quoteIdent(role)} ${attrs};
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
end
$api_login$;
alter role ${quoteIdent(role)} ${attrs};
grant anon, authenticated, service_role to ${quoteIdent(role)};
grant connect on database ${quoteIdent(database)} to ${quoteIdent(role)};`
}

/** Creates the database when missing (idempotent), owned by the project's owner role, closed to everyone else. */
export async function createProjectDatabase(db: Db, ref: string): Promise<void> {
  const { owner } = projectRoleNames(ref)
  if (!(await roleExists(db, owner))) await createProjectRoles(db, ref, null)
  const { rows } = await db.query('select 1 from pg_database where datname = $1', [owner])
  if (rows.length === 0) {
    try {
      await run(db, 'create database %I owner %I', owner, owner)
    } catch (error) {
      // Another server took the same job over at the same moment: the database is there.
      if ((error as { code?: string }).code !== '42P04') throw error
    }
  }
  await run(db, 'revoke all on database %I from public', owner)
  await run(db, 'alter database %I allow_connections true', owner)
}

/** Stops the database from serving (pause): no new connections, current ones ended. */
export async function closeProjectDatabaseOnServer(db: Db, ref: string): Promise<void> {
  const { owner } = projectRoleNames(ref)
  const { rows } = await db.query('select 1 from pg_database where datname = $1', [owner])
  if (rows.length === 0) return
  await run(db, 'alter database %I allow_connections false', owner)
  await db.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [owner])
}

/** Lets the database serve again (restore). */
export async function openProjectDatabaseOnServer(db: Db, ref: string): Promise<void> {
  const { owner } = projectRoleNames(ref)
  const { rows } = await db.query('select 1 from pg_database where datname = $1', [owner])
  if (rows.length === 0) throw new Error(`The database ${owner} no longer exists on the server`)
  await run(db, 'alter database %I allow_connections true', owner)
}

/** Drops the database and the project's roles (idempotent). */
export async function dropProjectDatabaseOnServer(db: Db, ref: string): Promise<void> {
  const { owner, dashboard, readonly, login } = projectRoleNames(ref)
  await run(db, 'drop database if exists %I with (force)', owner)
  for (const role of [apiLoginRoleName(ref), login, dashboard, readonly, owner]) {
    try {
      await run(db, 'drop role if exists %I', role)
    } catch (error) {
      // 2BP01: the role still owns something in another database; the project's data is gone
      // with its database, so the leftover role is logged rather than failing the removal.
      if ((error as { code?: string }).code !== '2BP01') throw error
      console.warn(`[platform-api] could not drop role ${role}: ${(error as Error).message}`)
    }
  }
}
