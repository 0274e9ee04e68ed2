-- Each project's auth settings (`{url}/auth/v1`, lib/platform-api/project-auth/config.ts), with
-- GoTrue's defaults: a project without a row uses them. The users themselves live in the
-- project's own database (`auth.users`), not here.
create table platform.project_auth_config (
  project_id bigint primary key references platform.projects (id) on delete cascade,
  -- Sign-ups are confirmed at once (the embedded platform sends no mail) unless false.
  mailer_autoconfirm boolean not null default true,
  disable_signup boolean not null default false,
  site_url text not null default 'http://localhost:3000',
  -- Access token lifetime, seconds.
  jwt_exp integer not null default 3600 check (jwt_exp between 300 and 604800),
  updated_at timestamptz not null default now()
);
