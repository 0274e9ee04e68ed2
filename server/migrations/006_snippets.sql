-- SQL snippets of the SQL editor (issue 5), stored per user and project so that they follow the
-- user to another browser. In self-hosted mode the fixed self-hosted user owns them.
create table platform.snippets (
  id uuid primary key,
  project_id bigint not null references platform.projects (id) on delete cascade,
  owner_id uuid not null references platform.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 256),
  -- The SQL text, at most 1 MiB in UTF-8 (lib/sql/limits.ts SNIPPET_SQL_MAX_BYTES).
  content text not null default '' check (octet_length(content) <= 1048576),
  favorite boolean not null default false,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Every read is "this owner's snippets in this project".
create index snippets_owner_project_idx on platform.snippets (owner_id, project_id);
