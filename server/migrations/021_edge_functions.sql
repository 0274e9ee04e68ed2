-- Edge Functions of a project (issue 14; lib/platform-api/functions/).

-- A function: its slug (its URL's last part), its name, whether the gateway verifies callers'
-- JWTs, and the version that serves (a rollback points it at an older one).
create table platform.edge_functions (
  id uuid primary key,
  project_id bigint not null references platform.projects (id) on delete cascade,
  slug text not null check (slug ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  name text not null check (char_length(name) between 1 and 100),
  verify_jwt boolean not null default true,
  active_version integer not null,
  latest_version integer not null,
  created_at timestamptz not null default now(),
  -- When the serving version last changed (deploy or rollback).
  updated_at timestamptz not null default now(),
  unique (project_id, slug)
);

-- Every deploy is a version, kept: its source files (to edit, diff and roll back), what the
-- bundler printed, and the bundle that runs (one self-contained module), so any instance can
-- start a worker from the store alone.
create table platform.edge_function_versions (
  function_id uuid not null references platform.edge_functions (id) on delete cascade,
  version integer not null check (version >= 1),
  files jsonb not null,
  bundle text not null,
  build_output text not null default '',
  created_by uuid references platform.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (function_id, version)
);

-- Secrets every function of the project reads with Deno.env.get, sealed like vault secrets
-- (AES-256-GCM under a key derived from the platform's secret; never stored in clear).
create table platform.edge_function_secrets (
  project_id bigint not null references platform.projects (id) on delete cascade,
  name text not null check (name ~ '^[A-Za-z_][A-Za-z0-9_]*$' and char_length(name) <= 256 and upper(name) not like 'SUPABASE\_%'),
  ciphertext bytea not null,
  iv bytea not null check (octet_length(iv) = 12),
  auth_tag bytea not null check (octet_length(auth_tag) = 16),
  key_version integer not null default 1,
  updated_at timestamptz not null default now(),
  primary key (project_id, name)
);

-- Bumped by every change to a project's secrets, so warm workers started with older values are
-- not reused (the runtime keys workers by function version and this epoch).
alter table platform.projects add column function_secrets_epoch bigint not null default 0;

-- Metering (spec §9 billing matrix "Function invocations 500,000 free, 2 million paid then $2 per
-- million"): invocations of a project's functions per billing period, added in batches
-- (billing/function-metering.ts).
create table platform.project_function_invocations (
  project_id bigint not null references platform.projects (id) on delete cascade,
  period_start timestamptz not null,
  invocations bigint not null default 0 check (invocations >= 0),
  updated_at timestamptz not null default now(),
  primary key (project_id, period_start)
);
