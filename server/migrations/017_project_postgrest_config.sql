-- Each project's Data API settings (`{url}/rest/v1`, lib/platform-api/rest/config.ts), with
-- PostgREST's names: the schemas the API serves (`db-schemas`, the first one when a request names
-- none) and the most rows a read answers (`db-max-rows`). A project without a row uses the
-- defaults: `public` and 1000.
create table platform.project_postgrest_config (
  project_id bigint primary key references platform.projects (id) on delete cascade,
  db_schemas text[] not null default '{public}' check (cardinality(db_schemas) between 1 and 32),
  max_rows integer not null default 1000 check (max_rows between 1 and 1000000),
  updated_at timestamptz not null default now()
);
