import { API_ROLES } from './api-roles'
import { AUTH_SCHEMA, quoteIdent, type ProjectRoles } from './jail'

/**
 * The tables of a project's own users (`{url}/auth/v1`, server/project-auth), in the
 * project database's `auth` schema so the project's SQL can reference them
 * (`references auth.users (id)`, `auth.users.email`), with Supabase's column names on
 * `auth.users`. Made idempotently on every open (`create … if not exists`), by the platform's
 * privileged session, which owns them:
 * - the owner role (members' SQL) may reference `auth.users (id)` and read its non-secret
 *   columns, as may the read-only role; neither sees `encrypted_password`, sessions or tokens;
 * - the request roles (anon, authenticated, service_role) get nothing: no auth row is ever
 *   readable through the REST API;
 * - on a server, the platform's login role for the database (`caller`) reads and writes them.
 */

export const PROJECT_AUTH_TABLES = {
  users: `${AUTH_SCHEMA}.users`,
  sessions: `${AUTH_SCHEMA}.sessions`,
  refreshTokens: `${AUTH_SCHEMA}.refresh_tokens`,
  recoveryRequests: `${AUTH_SCHEMA}.recovery_requests`,
  recoveryTokens: `${AUTH_SCHEMA}.recovery_tokens`,
} as const

/** The columns of `auth.users` anyone but the platform may read (all but the password hash). */
export const PUBLIC_USER_COLUMNS = [
  'id',
  'aud',
  'role',
  'email',
  'email_confirmed_at',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'banned_until',
  'created_at',
  'updated_at',
]

export function projectAuthTablesSql(roles: ProjectRoles, caller: string | null): string {
  const t = PROJECT_AUTH_TABLES
  const all = Object.values(t).join(', ')
  const projectRoles = [roles.owner, roles.readonly].map(quoteIdent).join(', ')
  return `
create table if not exists ${t.users} (
  id uuid primary key,
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text not null,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider": "email", "providers": ["email"]}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  banned_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on ${t.users} (lower(email));
create table if not exists ${t.sessions} (
  id uuid primary key,
  user_id uuid not null references ${t.users} (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  amr jsonb not null default '[]'::jsonb,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz
);
create index if not exists sessions_user_idx on ${t.sessions} (user_id);
create table if not exists ${t.refreshTokens} (
  token text primary key,
  session_id uuid not null references ${t.sessions} (id) on delete cascade,
  user_id uuid not null references ${t.users} (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on ${t.refreshTokens} (session_id);
create table if not exists ${t.recoveryRequests} (
  id bigint generated always as identity primary key,
  user_id uuid not null references ${t.users} (id) on delete cascade,
  ip text,
  created_at timestamptz not null default now()
);
-- One-time recovery links (admin generate_link): only a hash of each token is kept.
create table if not exists ${t.recoveryTokens} (
  token_hash text primary key,
  user_id uuid not null references ${t.users} (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
revoke all on ${all} from public, ${API_ROLES.map(quoteIdent).join(', ')}, ${projectRoles};
grant references (id), select (${PUBLIC_USER_COLUMNS.join(', ')}) on ${t.users} to ${projectRoles};
${
  caller
    ? `grant usage on schema ${AUTH_SCHEMA} to ${quoteIdent(caller)};
grant select, insert, update, delete on ${all} to ${quoteIdent(caller)};
grant usage on all sequences in schema ${AUTH_SCHEMA} to ${quoteIdent(caller)};`
    : ''
}`
}
