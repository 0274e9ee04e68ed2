import { API_ROLES } from './api-roles'
import { quoteIdent, type ProjectRoles } from './jail'

/**
 * The project's `storage` schema (`{url}/storage/v1`, server/storage): buckets and the
 * rows of their objects, with Supabase's table and column names, so the policies an app writes
 * for Supabase (`bucket_id = 'avatars' and owner = auth.uid()`, `storage.foldername(name)`) work
 * here. The bytes are not in the database: each row names a `version`, the file the byte store
 * holds (storage/byte-store.ts).
 *
 * Made once per database, the first time it is opened after this code shipped (like the API
 * roles' grants, api-roles.ts): a right the project later changes stays changed. The schema and
 * its tables belong to the project's owner role, as `public` does, so members' SQL writes
 * policies on `storage.objects` (CREATE POLICY needs the table's owner). Row level security is on
 * for both tables and no policy is made: until the project writes one, anon and authenticated
 * callers see and change nothing, and `service_role` everything (BYPASSRLS; where the platform
 * could not give it that, api-roles.ts, a policy for it alone stands in).
 */

export const STORAGE_SCHEMA = 'storage'
export const STORAGE_TABLES = { buckets: 'storage.buckets', objects: 'storage.objects' } as const

export function projectStorageTablesSql(roles: ProjectRoles): string {
  const owner = quoteIdent(roles.owner)
  const readonly = quoteIdent(roles.readonly)
  const apiRoles = API_ROLES.map(quoteIdent).join(', ')
  const { buckets, objects } = STORAGE_TABLES
  return `
do $storage$
begin
  if exists (select 1 from pg_catalog.pg_namespace where nspname = '${STORAGE_SCHEMA}') then return; end if;
  create schema ${STORAGE_SCHEMA};
  create table ${buckets} (
    id text primary key,
    name text not null unique,
    owner uuid,
    owner_id text,
    public boolean not null default false,
    file_size_limit bigint check (file_size_limit is null or file_size_limit > 0),
    allowed_mime_types text[],
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create table ${objects} (
    id uuid primary key default gen_random_uuid(),
    bucket_id text not null references ${buckets} (id),
    name text collate "C" not null,
    owner uuid,
    owner_id text,
    metadata jsonb,
    user_metadata jsonb,
    version text,
    path_tokens text[] generated always as (pg_catalog.string_to_array(name, '/')) stored,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_accessed_at timestamptz not null default now(),
    unique (bucket_id, name)
  );
  create index objects_version_idx on ${objects} (version);
  -- Supabase's helpers for policies: the folders of a name, its last part, its extension.
  create function ${STORAGE_SCHEMA}.foldername(name text) returns text[] language sql immutable set search_path = ''
    as $f$ select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.cardinality(pg_catalog.string_to_array(name, '/')) - 1] $f$;
  create function ${STORAGE_SCHEMA}.filename(name text) returns text language sql immutable set search_path = ''
    as $f$ select (pg_catalog.string_to_array(name, '/'))[pg_catalog.cardinality(pg_catalog.string_to_array(name, '/'))] $f$;
  create function ${STORAGE_SCHEMA}.extension(name text) returns text language sql immutable set search_path = ''
    as $f$ select case when pg_catalog.strpos(${STORAGE_SCHEMA}.filename(name), '.') = 0 then ''
      else pg_catalog.regexp_replace(${STORAGE_SCHEMA}.filename(name), '^.*\\.', '') end $f$;
  alter table ${buckets} enable row level security;
  alter table ${objects} enable row level security;
  if not (select rolbypassrls from pg_catalog.pg_roles where rolname = 'service_role') then
    create policy service_role_buckets on ${buckets} for all to service_role using (true) with check (true);
    create policy service_role_objects on ${objects} for all to service_role using (true) with check (true);
  end if;
  grant usage on schema ${STORAGE_SCHEMA} to ${apiRoles}, ${readonly};
  grant select, insert, update, delete on ${buckets}, ${objects} to ${apiRoles};
  grant select on ${buckets}, ${objects} to ${readonly};
  grant execute on function ${STORAGE_SCHEMA}.foldername(text), ${STORAGE_SCHEMA}.filename(text), ${STORAGE_SCHEMA}.extension(text) to public;
  alter schema ${STORAGE_SCHEMA} owner to ${owner};
  alter table ${buckets} owner to ${owner};
  alter table ${objects} owner to ${owner};
  alter function ${STORAGE_SCHEMA}.foldername(text) owner to ${owner};
  alter function ${STORAGE_SCHEMA}.filename(text) owner to ${owner};
  alter function ${STORAGE_SCHEMA}.extension(text) owner to ${owner};
end
$storage$;`
}
