/**
 * The roles requests of the project API run as (issue 12), as on the hosted platform:
 * - `anon` (the anon key), `authenticated` (a signed-in project user's token), `service_role`
 *   (the service key): NOLOGIN, never superusers; only `service_role` has BYPASSRLS.
 * - They may use schema `public` and, through the owner role's default privileges, every
 *   table, sequence and function the owner makes there; row level security restricts them.
 * - Schema `auth` (the platform's, never handed to the owner role) holds `auth.uid()`,
 *   `auth.role()` and `auth.jwt()`, which read the claims a request sets (request-role.ts).
 *
 * On PGlite the roles belong to the project's own cluster. On a Postgres server roles are
 * cluster-wide: every project database shares them, each database grants them its own rights,
 * and they can reach nothing else (NOLOGIN, CONNECT revoked from PUBLIC on every project
 * database). Requests reach them only through the jail (jail.ts: one pair of functions per role
 * in each database), never by `SET ROLE`, which owner-written code could undo.
 */

import { AUTH_SCHEMA, jailFunctionSql, LO_WRITE_FUNCTIONS, quoteIdent, quoteLiteral, type JailRole, type ProjectRoles } from './jail'

export type ApiRole = Extract<JailRole, 'anon' | 'authenticated' | 'service_role'>
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']

const ROLE_LIST = API_ROLES.map(quoteIdent).join(', ')

/**
 * Creates the roles when missing. Several databases of one server may set up at the same
 * moment (advisory locks are per database), so a role another setup has just made is fine.
 * BYPASSRLS needs a superuser: without one `service_role` is made without it, with a warning.
 */
function apiRolesCreateSql(): string {
  const attrs = 'nologin nosuperuser nocreatedb nocreaterole noreplication'
  return `
do $api_roles$
declare
  r record;
begin
  for r in select * from (values ('anon', false), ('authenticated', false), ('service_role', true)) as v(name, bypass) loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = r.name) then
      begin
        execute pg_catalog.format('create role %I ${attrs} %s', r.name, case when r.bypass then 'bypassrls' else 'nobypassrls' end);
      exception
        when duplicate_object or unique_violation then null;
        when insufficient_privilege then
          execute pg_catalog.format('create role %I ${attrs} nobypassrls', r.name);
          raise warning 'role % was made without BYPASSRLS: the platform''s role is not a superuser', r.name;
      end;
    elsif exists (select 1 from pg_catalog.pg_roles where rolname = r.name
                   and (rolsuper or rolcanlogin or rolcreatedb or rolcreaterole or rolreplication or (rolbypassrls and not r.bypass))) then
      execute pg_catalog.format('alter role %I ${attrs} nobypassrls', r.name);
    end if;
  end loop;
end
$api_roles$;`
}

/** Reads a claim the way the hosted platform's helpers do: the single setting, else the claims json. */
function claim(name: string): string {
  return `coalesce(nullif(pg_catalog.current_setting('request.jwt.claim.${name}', true), ''),
    nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::pg_catalog.jsonb ->> '${name}')`
}

/**
 * Rights and the claim helpers; run after the owner role has taken over the project's schemas.
 * The grants are made once per database (the first time, `auth` does not exist yet), so a right
 * the project later revokes from these roles stays revoked. The helpers are replaced every time.
 */
function apiRolesGrantSql(roles: ProjectRoles): string {
  const owner = quoteIdent(roles.owner)
  const auth = quoteIdent(AUTH_SCHEMA)
  const lit = quoteLiteral
  return `
do $api_grants$
declare
  kind text;
begin
  if exists (select 1 from pg_catalog.pg_namespace where nspname = ${lit(AUTH_SCHEMA)}) then return; end if;
  execute 'create schema ${auth}';
  if exists (select 1 from pg_catalog.pg_namespace where nspname = 'public') then
    execute 'grant usage on schema public to ${ROLE_LIST}';
    foreach kind in array array['tables', 'sequences', 'functions'] loop
      execute pg_catalog.format('grant all on all %s in schema public to ${ROLE_LIST}', kind);
      execute pg_catalog.format('alter default privileges for role ${owner} in schema public grant all on %s to ${ROLE_LIST}', kind);
    end loop;
  end if;
end
$api_grants$;
grant usage on schema ${auth} to ${ROLE_LIST}, ${owner}, ${quoteIdent(roles.readonly)};
create or replace function ${auth}.uid() returns uuid language sql stable as $f$ select (${claim('sub')})::pg_catalog.uuid $f$;
create or replace function ${auth}.role() returns text language sql stable as $f$ select (${claim('role')})::pg_catalog.text $f$;
create or replace function ${auth}.jwt() returns jsonb language sql stable as $f$
  select coalesce(nullif(pg_catalog.current_setting('request.jwt.claim', true), ''),
    nullif(pg_catalog.current_setting('request.jwt.claims', true), ''))::pg_catalog.jsonb $f$;
grant execute on function ${auth}.uid(), ${auth}.role(), ${auth}.jwt() to ${ROLE_LIST}, ${owner}, ${quoteIdent(roles.readonly)};
grant execute on function ${LO_WRITE_FUNCTIONS} to ${ROLE_LIST};`
}

/**
 * Idempotent setup of the project API's roles in a project database, run by the platform's
 * privileged session right after `projectSetupSql` (same transaction, same `caller`).
 */
export function apiRolesSetupSql(roles: ProjectRoles, caller: string | null): string {
  return [apiRolesCreateSql(), ...API_ROLES.map((role) => jailFunctionSql(role, role, caller)), apiRolesGrantSql(roles)].join('\n')
}
