-- Core tables every part of the embedded platform relies on. Later migrations add their own.

create table platform.users (
  id uuid primary key,
  email text not null,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  user_metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on platform.users (lower(email));

create table platform.sessions (
  id uuid primary key,
  user_id uuid not null references platform.users (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index sessions_user_idx on platform.sessions (user_id);

create table platform.refresh_tokens (
  token text primary key,
  session_id uuid not null references platform.sessions (id) on delete cascade,
  user_id uuid not null references platform.users (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on platform.refresh_tokens (session_id);

-- Failed sign-ins per key (account or address) in a sliding window: the server holds no state.
create table platform.auth_rate_limits (
  key text primary key,
  failures integer not null default 0,
  window_start timestamptz not null default now()
);

create table platform.profiles (
  id bigint generated always as identity primary key,
  user_id uuid not null unique references platform.users (id) on delete cascade,
  username text not null,
  first_name text,
  last_name text,
  primary_email text not null,
  created_at timestamptz not null default now()
);

create table platform.organizations (
  id bigint generated always as identity primary key,
  slug text not null unique,
  name text not null,
  plan_id text not null default 'free' check (plan_id in ('free', 'pro', 'team', 'enterprise')),
  billing_email text,
  billing_partner text check (billing_partner in ('vercel_marketplace', 'aws')),
  restriction_status text check (restriction_status in ('grace_period', 'grace_period_over', 'restricted')),
  grace_period_end timestamptz,
  organization_requires_mfa boolean not null default false,
  created_at timestamptz not null default now()
);

create table platform.members (
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  user_id uuid not null references platform.users (id) on delete cascade,
  role text not null check (role in ('Owner', 'Admin', 'Developer', 'Read-only')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index members_user_idx on platform.members (user_id);

create table platform.projects (
  id bigint generated always as identity primary key,
  ref text not null unique,
  name text not null,
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  status text not null default 'COMING_UP',
  postgrest_status text not null default 'OFFLINE',
  region text not null,
  cloud_provider text not null default 'AWS',
  db_version text not null default '17.4',
  compute_size text not null default 'micro',
  parent_project_ref text references platform.projects (ref) on delete cascade,
  init_error text,
  created_by uuid references platform.users (id) on delete set null,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_org_idx on platform.projects (organization_id);
create index projects_parent_idx on platform.projects (parent_project_ref);

create table platform.audit_logs (
  id bigint generated always as identity primary key,
  user_id uuid references platform.users (id) on delete set null,
  organization_id bigint references platform.organizations (id) on delete cascade,
  action text not null,
  target text,
  metadata jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null default now()
);
create index audit_logs_user_idx on platform.audit_logs (user_id, occurred_at);
create index audit_logs_org_idx on platform.audit_logs (organization_id, occurred_at);

create table platform.telemetry_events (
  id bigint generated always as identity primary key,
  user_id uuid references platform.users (id) on delete set null,
  action text not null,
  properties jsonb not null default '{}'::jsonb,
  groups jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
