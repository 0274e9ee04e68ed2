import { JAIL_SCHEMA, quoteLiteral } from '../projects/jail'
import { REALTIME_CHANGES_CHANNEL } from '../projects/notifications'
import { REALTIME_PUBLICATION } from './publication-sql'

/**
 * Realtime's change bus in a project database: a row trigger, installed on a table when a client
 * first subscribes to its changes, that notifies `realtime_changes` with the row's schema, table,
 * operation and primary key (never the row: a NOTIFY payload is at most 8000 bytes, and each
 * subscriber reads the row again as itself, so row level security decides what it sees). Every
 * instance listening on the database hears it (change-listener.ts), so a change made through one
 * instance reaches the subscribers of all. The function lives in the platform's jail schema, owned
 * by the privileged role: no project role can name or replace it; triggers are created over the
 * platform's privileged connection (ProjectSession.privileged), so any table the subscriber names (with a primary key) can be followed.
 * A change is notified only while its table is in the `supabase_realtime` publication with the
 * change's operation published (publication-sql.ts), as the write's transaction sees it: what
 * Supabase Realtime's decoding of the WAL through that publication streams.
 */

export const REALTIME_TRIGGER_NAME = 'realtime_changes'
export const REALTIME_FUNCTION = `${JAIL_SCHEMA}.realtime_change()`
/** NOTIFY's payload limit is 8000 bytes; a longer key is announced without it (and dropped, logged). */
const MAX_PAYLOAD_BYTES = 7_900

/** The trigger function, made idempotently whenever the platform opens the database (database-cache.ts). */
export function realtimeSetupSql(): string {
  return `
create or replace function ${REALTIME_FUNCTION} returns trigger language plpgsql set search_path = pg_catalog, pg_temp as $rt$
declare
  keys text[];
  r jsonb;
  o jsonb;
  p text;
begin
  if not exists (
    select 1 from pg_publication pub
     where pub.pubname = ${quoteLiteral(REALTIME_PUBLICATION)}
       and case tg_op when 'INSERT' then pub.pubinsert when 'UPDATE' then pub.pubupdate else pub.pubdelete end
       and (pub.puballtables
         or exists (select 1 from pg_publication_rel r where r.prpubid = pub.oid and (r.prrelid = tg_relid or r.prrelid in (select a.relid from pg_partition_ancestors(tg_relid) a)))
         or exists (select 1 from pg_publication_namespace s join pg_class c on c.relnamespace = s.pnnspid where s.pnpubid = pub.oid and c.oid = tg_relid))
  ) then
    return null;
  end if;
  select array_agg(a.attname::text order by a.attnum) into keys
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
   where i.indrelid = tg_relid and i.indisprimary;
  if tg_op = 'DELETE' then r := to_jsonb(old); else r := to_jsonb(new); end if;
  if tg_op = 'UPDATE' then o := to_jsonb(old); end if;
  p := jsonb_build_object('s', tg_table_schema, 't', tg_table_name, 'e', tg_op, 'c', now(),
    'k', (select jsonb_object_agg(x, r -> x) from unnest(keys) x),
    'o', case when o is null then null else (select jsonb_object_agg(x, o -> x) from unnest(keys) x) end)::text;
  if octet_length(p) > ${MAX_PAYLOAD_BYTES} then
    p := jsonb_build_object('s', tg_table_schema, 't', tg_table_name, 'e', tg_op, 'c', now(), 'big', true)::text;
  end if;
  perform pg_notify(${quoteLiteral(REALTIME_CHANGES_CHANNEL)}, p);
  return null;
end
$rt$;
revoke all on function ${REALTIME_FUNCTION} from public;
`
}

