import { API_ROLES } from '../projects/api-roles'
import { quoteIdent, type ProjectRoles } from '../projects/jail'

/**
 * The project's `realtime.messages` table, as Supabase names it, whose row level security
 * decides who may use a private channel (`config: { private: true }`, private-channels.ts): a
 * policy `for select` lets a role receive a channel's broadcasts (`extension = 'broadcast'`) or
 * presence (`'presence'`), `for insert` send them; `realtime.topic()` is the channel's name during
 * the check. Made when the platform opens a database that lacks it (database-cache.ts), owned by
 * the project's owner role so members write its policies; without a policy no one but
 * service_role may join a private channel.
 */
/** The event of the rows a check writes (never committed). */
export const PROBE_EVENT = '__realtime_probe'

export function realtimeMessagesSql(roles: ProjectRoles): string {
  const owner = quoteIdent(roles.owner)
  const apiRoles = API_ROLES.map(quoteIdent).join(', ')
  return `
do $rtm$
begin
  if exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'realtime' and c.relname = 'messages') then return; end if;
  create schema if not exists realtime;
  create table realtime.messages (
    id uuid primary key default gen_random_uuid(),
    topic text not null,
    extension text not null,
    event text,
    payload jsonb,
    private boolean not null default true,
    inserted_at timestamp not null default now(),
    updated_at timestamp not null default now()
  );
  create function realtime.topic() returns text language sql stable set search_path = ''
    as $f$ select nullif(pg_catalog.current_setting('realtime.topic', true), '') $f$;
  -- The rows a private join's read check asks the policies about (private-channels.ts): made as
  -- the table's owner, past row level security, in the check's transaction, which is rolled back.
  create function realtime.probe_rows(p_topic text) returns void language sql security definer set search_path = ''
    as $f$ insert into realtime.messages (topic, extension, event, private) values (p_topic, 'broadcast', '${PROBE_EVENT}', true), (p_topic, 'presence', '${PROBE_EVENT}', true) $f$;
  revoke all on function realtime.probe_rows(text) from public;
  grant execute on function realtime.probe_rows(text) to ${apiRoles};
  alter table realtime.messages enable row level security;
  if not (select rolbypassrls from pg_catalog.pg_roles where rolname = 'service_role') then
    create policy service_role_messages on realtime.messages for all to service_role using (true) with check (true);
  end if;
  grant usage on schema realtime to ${apiRoles};
  grant select, insert on realtime.messages to ${apiRoles};
  grant execute on function realtime.topic() to public;
  alter schema realtime owner to ${owner};
  alter table realtime.messages owner to ${owner};
  alter function realtime.topic() owner to ${owner};
  alter function realtime.probe_rows(text) owner to ${owner};
end
$rtm$;`
}
