-- Cron jobs (pg_cron semantics) scheduled by the platform itself: pg_cron is not available on
-- PGlite nor preloaded on a stock Postgres server. See lib/platform-api/cron/.
create table platform.cron_jobs (
  id bigint generated always as identity primary key,
  project_id bigint not null references platform.projects (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 64),
  -- Five cron fields (UTC), a macro, or 'N seconds' (lib/cron/schedule.ts validates it).
  schedule text not null check (char_length(schedule) between 1 and 100),
  command text not null check (octet_length(command) between 1 and 65536),
  active boolean not null default true,
  -- When the scheduler runs the job next; null while inactive. Claiming a run is a compare-and-set
  -- on this column, so two servers never both run one occurrence.
  next_run_at timestamptz,
  created_by uuid references platform.users (id) on delete set null,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_id, name)
);
-- The scheduler's one read: active jobs that are due.
create index cron_jobs_due_idx on platform.cron_jobs (next_run_at) where active;

create table platform.cron_job_runs (
  id bigint generated always as identity primary key,
  job_id bigint not null references platform.cron_jobs (id) on delete cascade,
  -- The command as it ran (the job's command may change later).
  command text not null,
  status text not null check (status in ('running', 'succeeded', 'failed')),
  -- 'schedule' or 'manual' (Run now).
  trigger text not null default 'schedule' check (trigger in ('schedule', 'manual')),
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  duration_ms integer,
  -- The command tag and row count (e.g. 'INSERT 0 1'), or the Postgres error.
  return_message text
);
create index cron_job_runs_job_idx on platform.cron_job_runs (job_id, id desc);
