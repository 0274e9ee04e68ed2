import { AUTH_SCHEMA, quoteIdent, quoteLiteral, SYSTEM_SCHEMAS } from '../projects/jail'
import { withProjectSession } from '../projects/project-db'
import type { ApiRole } from '../projects/api-roles'
import { REALTIME_FUNCTION, REALTIME_TRIGGER_NAME } from './setup-sql'
import { PUBLISHED_CLASS_CONDITION } from './publication-sql'

/** Following a table's changes: its row trigger (setup-sql.ts), installed when a client subscribes. */

/** Schemas whose tables are never followed: the platform's and Postgres' own, and the project's users. */
export const UNFOLLOWED_SCHEMAS = [...SYSTEM_SCHEMAS, AUTH_SCHEMA]

/**
 * The statement that installs the trigger on `schema.table` (or on every table of `schema` with
 * a primary key that `supabase_realtime` publishes, for `*`) where it is missing; two instances doing it at once both succeed. A
 * named table that does not exist or has no primary key is an error (42P01).
 */
export function installTriggersSql(schema: string, table: string, role: string): string {
  const lit = quoteLiteral
  return `do $rt$
declare t record; n int := 0;
begin
  for t in
    select c.oid, c.oid::pg_catalog.regclass::text as rel from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace
     where s.nspname = ${lit(schema)} and (${lit(table)} = '*' or c.relname = ${lit(table)}) and c.relkind in ('r', 'p')
       and exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary)
       and pg_catalog.has_table_privilege(${lit(role)}, c.oid, 'SELECT')
       and (${lit(table)} <> '*' or ${PUBLISHED_CLASS_CONDITION})
  loop
    n := n + 1;
    if not exists (select 1 from pg_catalog.pg_trigger g where g.tgrelid = t.oid and g.tgname = ${lit(REALTIME_TRIGGER_NAME)}) then
      begin
        execute pg_catalog.format('create trigger %I after insert or update or delete on %s for each row execute function ${REALTIME_FUNCTION}', ${lit(REALTIME_TRIGGER_NAME)}, t.rel);
      exception when duplicate_object then null;
      end;
    end if;
  end loop;
  if n = 0 and ${lit(table)} <> '*' then
    raise exception 'relation %.% does not exist, has no primary key, or is not readable by %', ${lit(schema)}, ${lit(table)}, ${lit(role)} using errcode = '42P01';
  end if;
end
$rt$`
}

/** Removes a table's change trigger (no one follows it any more); a table gone meanwhile is no error. */
export async function unfollowTable(ref: string, schema: string, table: string): Promise<void> {
  const sql = `do $rt$ begin
  if pg_catalog.to_regclass(${quoteLiteral(`${quoteIdent(schema)}.${quoteIdent(table)}`)}) is not null then
    execute pg_catalog.format('drop trigger if exists %I on %I.%I', ${quoteLiteral(REALTIME_TRIGGER_NAME)}, ${quoteLiteral(schema)}, ${quoteLiteral(table)});
  end if;
end $rt$`
  await withProjectSession(ref, (session) => session.privileged(sql))
}

/** Installs the change triggers a subscription needs: a statement per join, so a table made again gets its trigger again. */
export async function followTable(ref: string, schema: string, table: string, role: ApiRole): Promise<void> {
  if (UNFOLLOWED_SCHEMAS.includes(schema) || schema.startsWith('pg_')) {
    throw Object.assign(new Error(`changes of schema ${schema} cannot be followed`), { code: '42501' })
  }
  await withProjectSession(ref, (session) => session.privileged(installTriggersSql(schema, table, role)))
}
