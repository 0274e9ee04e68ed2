/**
 * The roles member SQL runs as, and the "jail" that holds it to them (issue 9).
 *
 * Every project database has these roles (names from `projectRoleNames`):
 * - owner (`project_<ref>`): owns the project's schemas and everything in them, may create
 *   trusted extensions; no SUPERUSER, CREATEDB, REPLICATION or BYPASSRLS. Developers and above
 *   run as it, like a hosted platform's project owner. CREATEROLE only where the cluster is the
 *   project's alone (PGlite, Postgres 17: it manages just the roles it made); on a shared server
 *   it would reach other projects' roles, so there it has none.
 * - readonly (`project_<ref>_readonly`): USAGE and SELECT on the project's schemas (now and
 *   later, through default privileges), nothing else. Read-only members run as it, inside a
 *   READ ONLY transaction that is always rolled back.
 * The project API (issue 12) adds `anon`, `authenticated` and `service_role` the same way: one
 * more role, one more pair of jail functions owned by it (api-roles.ts).
 *
 * The jail. On PGlite the session user is always the bootstrap superuser (PGlite's `username`
 * is only a `SET ROLE`), so `RESET ROLE` or `SET SESSION AUTHORIZATION` would lead any member
 * back to it. Postgres refuses every change of `role` and `session_authorization` inside a
 * SECURITY DEFINER function, in all that it calls (DO blocks, triggers, dynamic SQL,
 * `set_config`). So each member statement runs inside `platform_jail.<role>_rows` /
 * `<role>_exec`, SECURITY DEFINER functions owned by that role: the statement has exactly the
 * role's rights and no way out. The same jail runs on a Postgres server (where the session user
 * is already a non-superuser role), so both engines behave alike.
 *
 * What keeps the jail shut:
 * - the schema `platform_jail` belongs to the platform's privileged role and grants no USAGE to
 *   the project roles, so they cannot name (and so cannot ALTER or REPLACE) the functions they own;
 * - no member code is left for COMMIT, which runs outside the jail as the session's user (on
 *   PGlite the superuser, whom any code there could `RESET ROLE` to): deferred triggers are fired
 *   inside it (`set constraints all immediate`), WITH HOLD cursors are refused, and a write is
 *   refused while the database holds a deferrable trigger of the project's or a deferrable
 *   unique/exclusion constraint whose index evaluates expressions or a predicate (BODY_CHECKS:
 *   such a trigger may re-defer itself while fired, and Postgres shows no pending events);
 * - the role the platform connects as (a server's dashboard role) may call the jail and nothing
 *   privileged: privileged work goes over the platform's own connection (ProjectSession.privileged);
 * - the platform's own statements around it are fixed text with schema-qualified names.
 */

import { PLATFORM_SCHEMA } from '@/lib/constants'

/** Roles member statements run as, and those of the project API's requests (api-roles.ts). */
export type JailRole = 'owner' | 'readonly' | 'anon' | 'authenticated' | 'service_role'

export const JAIL_SCHEMA = PLATFORM_SCHEMA

export type ProjectRoles = { owner: string; readonly: string }

/** Double-quotes an identifier (role names come from a checked ref; quoting anyway). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** Single-quotes a string literal (standard_conforming_strings, as Postgres has by default). */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`
}

function jailFunctions(role: JailRole): { rows: string; exec: string } {
  return { rows: `${JAIL_SCHEMA}.${role}_rows`, exec: `${JAIL_SCHEMA}.${role}_exec` }
}

/**
 * The jail's three arguments (statement, parameters, parameter types): placeholders `$1 $2 $3` for
 * the extended protocol, or the values themselves as literals (request-batch.ts, one simple query).
 */
const PLACEHOLDERS = ['$1', '$2', '$3'] as const
type JailArgs = readonly [string, string, string]
const jailArgs = ([stmt, params, ptypes]: JailArgs) => `${stmt}::pg_catalog.text, ${params}::pg_catalog.text[], ${ptypes}::pg_catalog.text`

/** The SQL that calls the jail for a statement returning rows, with a column list `c1 type1, …`. */
export function jailRowsCall(role: JailRole, columns: string[], args: JailArgs = PLACEHOLDERS): string {
  const list = columns.map((type, i) => `c${i + 1} ${type}`).join(', ')
  return `select * from ${jailFunctions(role).rows}(${jailArgs(args)}) as t(${list})`
}

/** The SQL that calls the jail for a statement returning no rows; answers its row count as `n`. */
export function jailExecCall(role: JailRole, args: JailArgs = PLACEHOLDERS): string {
  return `select ${jailFunctions(role).exec}(${jailArgs(args)}) as n`
}

/** Type names for a column list, resolved with a fixed search path (user types come qualified). */
export const TYPE_NAMES_SQL = `select oid::pg_catalog.int4 as oid, name, is_pseudo from ${JAIL_SCHEMA}.type_names($1::pg_catalog.oid[])`

// Statement, parameters (text, or null for none), parameter types ("int4, text").
// With parameters the statement is prepared inside the jail and executed with literal values,
// which Postgres coerces to the prepared types exactly as it does bound parameters.
const BODY_PREPARE = `
  if params is not null then
    if exists (select 1 from pg_catalog.pg_prepared_statements where name = '__jail_stmt') then
      deallocate __jail_stmt;
    end if;
    execute pg_catalog.format('prepare __jail_stmt(%s) as %s', ptypes, stmt);
    stmt := pg_catalog.format('execute __jail_stmt(%s)',
      (select pg_catalog.string_agg(pg_catalog.quote_nullable(p), ', ' order by i) from pg_catalog.unnest(params) with ordinality as u(p, i)));
  end if;`

// Deferrable unique/exclusion constraints whose index evaluates expressions or a predicate.
const DEFERRED_INDEX_CODE = `select 1 from pg_catalog.pg_constraint c join pg_catalog.pg_index i on i.indexrelid = c.conindid
     where c.condeferrable and c.contype in ('p', 'u', 'x') and (i.indexprs is not null or i.indpred is not null)`

// After the statement, still inside the jail: no code of the member's may be left to run at
// COMMIT, outside it (as the session's user: PGlite's superuser). Deferred events are fired here;
// a transaction that wrote must leave no object that would run member code at COMMIT (jail.ts
// header): a deferrable trigger of the member's, or a deferrable unique or exclusion constraint
// whose index evaluates expressions or a predicate (its recheck at COMMIT calls them); and WITH
// HOLD cursors (their query runs when COMMIT materialises them) are refused, also those a
// trigger fired just now opened. The check
// is catalogue-wide, so such an object is refused with the statement that makes it, and one from
// before this check blocks every write until it is dropped; the jail's role may read the
// catalogue. Deferrable foreign keys stay: their deferred checks are internal triggers that run
// no member code (their actions, which fire the member's triggers, are never deferred). Reads
// (no transaction id) skip it.
const BODY_CHECKS = `
  if params is not null then deallocate __jail_stmt; end if;
  set constraints all immediate;
  if pg_catalog.txid_current_if_assigned() is not null and (
       exists (select 1 from pg_catalog.pg_trigger t where t.tgdeferrable and not t.tgisinternal)
    or exists (${DEFERRED_INDEX_CODE})) then
    raise exception 'deferrable % is not allowed: code deferred to COMMIT would run outside your role',
      coalesce((select pg_catalog.format('trigger %I on %s', t.tgname, t.tgrelid::pg_catalog.regclass)
                  from pg_catalog.pg_trigger t where t.tgdeferrable and not t.tgisinternal limit 1),
               (select pg_catalog.format('constraint %I on %s', c.conname, c.conrelid::pg_catalog.regclass) ${DEFERRED_INDEX_CODE.slice('select 1 '.length)} limit 1))
      using errcode = '0A000',
            hint = 'Create it NOT DEFERRABLE (drop it and create it again). Deferrable foreign keys, and deferrable unique constraints on plain columns, are fine.';
  end if;
  if exists (select 1 from pg_catalog.pg_cursors where is_holdable) then
    raise exception 'WITH HOLD cursors are not supported here' using errcode = '0A000';
  end if;`

/** The jail of a role: its two SECURITY DEFINER functions, callable by `caller` only. */
export function jailFunctionSql(role: JailRole, roleName: string, caller: string | null): string {
  const { rows, exec } = jailFunctions(role)
  const args = 'stmt text, params text[], ptypes text'
  const grant = (fn: string) =>
    `revoke all on function ${fn}(text, text[], text) from public;
     alter function ${fn}(text, text[], text) owner to ${quoteIdent(roleName)};` +
    (caller ? `grant execute on function ${fn}(text, text[], text) to ${quoteIdent(caller)};` : '')
  return `
create or replace function ${rows}(${args}) returns setof record language plpgsql security definer as $jail$
begin${BODY_PREPARE}
  return query execute stmt;${BODY_CHECKS}
end
$jail$;
${grant(rows)}
create or replace function ${exec}(${args}) returns bigint language plpgsql security definer as $jail$
declare
  n bigint;
begin${BODY_PREPARE}
  execute stmt;
  get diagnostics n = row_count;${BODY_CHECKS}
  return n;
end
$jail$;
${grant(exec)}`
}

/** The large-object functions that write (lo_import, which reads the host's files, stays refused to all). */
export const LO_WRITE_FUNCTIONS = ['lo_creat(integer)', 'lo_create(oid)', 'lo_from_bytea(oid, bytea)', 'lo_put(oid, bigint, bytea)', 'lo_unlink(oid)',
  'lowrite(integer, bytea)', 'lo_truncate(integer, integer)', 'lo_truncate64(integer, bigint)'].map((f) => `pg_catalog.${f}`).join(', ')

/** Schemas that belong to Postgres or the platform, never to the project. */
export const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', JAIL_SCHEMA, 'platform']

/** The project API's claim helpers (api-roles.ts): the project may use it, never own it. */
export const AUTH_SCHEMA = 'auth'

/**
 * Idempotent setup, run by the platform's privileged session whenever it opens a project
 * database: the roles, their rights, the jail, and (once, for databases made before issue 9)
 * ownership of the project's objects moved from the superuser to the owner role.
 * `caller` is the non-superuser login role the platform connects as on a server (it must be
 * able to call the jail), or null on PGlite.
 */
export function projectSetupSql(roles: ProjectRoles, caller: string | null, options: { singleTenant: boolean }): string {
  const owner = quoteIdent(roles.owner)
  const readonly = quoteIdent(roles.readonly)
  const lit = quoteLiteral
  const SUPER = 'pg_temp.__is_super'
  return `
select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('platform_jail_setup'));
create or replace function pg_temp.__is_super(r oid) returns boolean language sql stable
  as $$ select coalesce((select rolsuper from pg_catalog.pg_roles where oid = r), false) $$;
do $setup$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = ${lit(roles.owner)}) then
    create role ${owner} nologin nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = ${lit(roles.readonly)}) then
    create role ${readonly} nologin nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
  end if;
end
$setup$;
alter role ${owner} nosuperuser nocreatedb ${options.singleTenant ? 'createrole' : 'nocreaterole'} noreplication nobypassrls;
alter role ${readonly} nosuperuser nocreatedb nocreaterole noreplication nobypassrls;
create schema if not exists ${JAIL_SCHEMA};
revoke all on schema ${JAIL_SCHEMA} from public;
${caller ? `grant usage on schema ${JAIL_SCHEMA} to ${quoteIdent(caller)};` : ''}
create or replace function ${JAIL_SCHEMA}.type_names(oids oid[]) returns table (oid oid, name text, is_pseudo boolean)
  language sql stable set search_path = pg_catalog, pg_temp
  as $$ select t.oid, format_type(t.oid, null), t.typtype = 'p' from pg_type t where t.oid = any(oids) $$;
revoke all on function ${JAIL_SCHEMA}.type_names(oid[]) from public;
${caller ? `grant execute on function ${JAIL_SCHEMA}.type_names(oid[]) to ${quoteIdent(caller)};` : ''}
-- The platform's privileged statements (CREATE/DROP EXTENSION on a member's request, realtime's
-- triggers) go over its own connection (ProjectSession.privileged), never through a function the
-- role member SQL runs as could call: the function that did (before issue 22) goes.
drop function if exists ${JAIL_SCHEMA}.admin_exec(text);
${jailFunctionSql('owner', roles.owner, caller)}
${jailFunctionSql('readonly', roles.readonly, caller)}
do $owners$
declare
  s record;
  o record;
begin
  -- Schemas the superuser made (public, and every schema of a database from before the roles
  -- existed) pass to the owner role with what is in them; extension members stay put.
  for s in
    select n.oid, n.nspname from pg_catalog.pg_namespace n
     where n.nspname not in (${[...SYSTEM_SCHEMAS, AUTH_SCHEMA].map(lit).join(', ')})
       and n.nspname not like 'pg\\_%'
       and pg_catalog.pg_get_userbyid(n.nspowner) <> ${lit(roles.owner)}
       and (${SUPER}(n.nspowner) or (pg_catalog.pg_get_userbyid(n.nspowner) = 'pg_database_owner'
            and ${SUPER}((select datdba from pg_catalog.pg_database where datname = pg_catalog.current_database()))))
       and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_namespace'::pg_catalog.regclass and d.objid = n.oid and d.deptype = 'e')
  loop
    execute pg_catalog.format('alter schema %I owner to %I', s.nspname, ${lit(roles.owner)});
    for o in
      select c.relname, c.relkind from pg_catalog.pg_class c
       where c.relnamespace = s.oid and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${SUPER}(c.relowner)
         and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.objid = c.oid and d.deptype in ('e', 'a', 'i'))
    loop
      execute pg_catalog.format(case o.relkind when 'v' then 'alter view %I.%I owner to %I' when 'm' then 'alter materialized view %I.%I owner to %I'
        when 'f' then 'alter foreign table %I.%I owner to %I' when 'S' then 'alter sequence %I.%I owner to %I' else 'alter table %I.%I owner to %I' end,
        s.nspname, o.relname, ${lit(roles.owner)});
    end loop;
    for o in
      select p.oid::pg_catalog.regprocedure::text as sig, p.prokind from pg_catalog.pg_proc p
       where p.pronamespace = s.oid and ${SUPER}(p.proowner)
         and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e')
    loop
      execute pg_catalog.format(case o.prokind when 'p' then 'alter procedure %s owner to %I' when 'a' then 'alter aggregate %s owner to %I' else 'alter routine %s owner to %I' end, o.sig, ${lit(roles.owner)});
    end loop;
    for o in
      select t.oid::pg_catalog.regtype::text as name, t.typtype from pg_catalog.pg_type t
       where t.typnamespace = s.oid and t.typtype in ('c', 'd', 'e', 'r') and t.typrelid = 0 and ${SUPER}(t.typowner)
         and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass and d.objid = t.oid and d.deptype = 'e')
    loop
      execute pg_catalog.format(case o.typtype when 'd' then 'alter domain %s owner to %I' else 'alter type %s owner to %I' end, o.name, ${lit(roles.owner)});
    end loop;
  end loop;
  execute pg_catalog.format('grant create, temporary on database %I to %I', pg_catalog.current_database(), ${lit(roles.owner)});
  execute pg_catalog.format('grant temporary on database %I to %I', pg_catalog.current_database(), ${lit(roles.readonly)});
  -- Read-only: every project schema, now and later.
  for s in
    select n.nspname from pg_catalog.pg_namespace n
     where n.nspname not in (${SYSTEM_SCHEMAS.map(lit).join(', ')}) and n.nspname not like 'pg\\_%'
  loop
    execute pg_catalog.format('grant usage on schema %I to %I', s.nspname, ${lit(roles.readonly)});
    execute pg_catalog.format('grant select on all tables in schema %I to %I', s.nspname, ${lit(roles.readonly)});
  end loop;
  execute pg_catalog.format('alter default privileges for role %I grant select on tables to %I', ${lit(roles.owner)}, ${lit(roles.readonly)});
end
$owners$;
${
  options.singleTenant
    ? `-- Alone on its cluster (PGlite), the project may see every statement's statistics.
grant pg_read_all_stats to ${owner}, ${readonly};`
    : ''
}
-- Files and programs of the host: never for a project role (they are superuser-only by default;
-- this states it, so a grant made elsewhere cannot open them).
revoke execute on function pg_catalog.pg_read_file(text), pg_catalog.pg_read_file(text, bigint, bigint), pg_catalog.pg_read_binary_file(text),
  pg_catalog.pg_ls_dir(text), pg_catalog.lo_import(text), pg_catalog.lo_import(text, oid), pg_catalog.lo_export(oid, text) from public;
-- Large objects are written by functions, which a READ ONLY transaction does not stop: they are
-- taken from PUBLIC and given back to the roles that may write (the API roles in api-roles.ts),
-- never to the read-only role.
revoke execute on function ${LO_WRITE_FUNCTIONS} from public;
grant execute on function ${LO_WRITE_FUNCTIONS} to ${owner};
`
}

/**
 * A role's schemas made after setup are readable by `readonly` through the event of their
 * creation: the owner's default privileges cover tables; USAGE on a new schema is granted by
 * `grantReadonlyUsageSql` after each member script (cheap, idempotent).
 */
export function grantReadonlyUsageSql(roles: ProjectRoles): string {
  const lit = quoteLiteral
  return `do $g$ declare s record; begin
  for s in select n.nspname from pg_catalog.pg_namespace n
    where n.nspname not in (${SYSTEM_SCHEMAS.map(lit).join(', ')}) and n.nspname not like 'pg\\_%'
      and not pg_catalog.has_schema_privilege(${lit(roles.readonly)}, n.oid, 'USAGE')
  loop
    execute pg_catalog.format('grant usage on schema %I to %I', s.nspname, ${lit(roles.readonly)});
  end loop;
end $g$`
}
