-- Auth service (sessions, rotating refresh tokens, TOTP factors, recovery requests) and profiles.

-- Authentication methods used in the session, as the `amr` claim carries them: [{method, timestamp}].
alter table platform.sessions
  add column amr jsonb not null default '[]'::jsonb,
  add column refreshed_at timestamptz,
  add column ip text,
  add column user_agent text;

-- When a token was rotated out: a revoked token reused shortly after (a lost response) is
-- answered with the session's current token; reused later, it revokes the whole session.
alter table platform.refresh_tokens add column revoked_at timestamptz;
create index refresh_tokens_active_idx on platform.refresh_tokens (session_id, created_at) where not revoked;

create table platform.mfa_factors (
  id uuid primary key,
  user_id uuid not null references platform.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp' check (factor_type in ('totp')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text not null,
  -- The last accepted 30-second step: a code is never accepted twice.
  last_used_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user_idx on platform.mfa_factors (user_id);
create unique index mfa_factors_name_key on platform.mfa_factors (user_id, lower(friendly_name)) where friendly_name is not null;

create table platform.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references platform.mfa_factors (id) on delete cascade,
  ip text,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create index mfa_challenges_factor_idx on platform.mfa_challenges (factor_id);

-- Forgot-password requests: the embedded platform sends no mail, it only records them.
create table platform.auth_recovery_requests (
  id bigint generated always as identity primary key,
  user_id uuid not null references platform.users (id) on delete cascade,
  ip text,
  created_at timestamptz not null default now()
);
create index auth_recovery_requests_user_idx on platform.auth_recovery_requests (user_id, created_at);

alter table platform.profiles add column updated_at timestamptz not null default now();
create unique index profiles_username_key on platform.profiles (lower(username));

create index telemetry_events_created_idx on platform.telemetry_events (created_at);
