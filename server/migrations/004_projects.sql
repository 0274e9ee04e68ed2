-- Projects: lifecycle jobs and branches. Each project owns a real database (a database on the
-- DATABASE_URL server, or a PGlite directory under DATA_DIR/projects/<ref>).

-- spec §4: the statuses a project can be in.
alter table platform.projects add constraint projects_status_check check (status in (
  'INACTIVE', 'ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY', 'COMING_UP', 'UNKNOWN', 'GOING_DOWN', 'INIT_FAILED',
  'REMOVED', 'RESTARTING', 'RESTORING', 'RESTORE_FAILED', 'UPGRADING', 'PAUSING', 'PAUSE_FAILED', 'RESIZING'
));

alter table platform.projects
  add column status_changed_at timestamptz not null default now(),
  -- A transitional status (COMING_UP, RESTORING, RESTARTING, PAUSING, GOING_DOWN) is a job to do.
  -- A server working on it holds this lease and renews it; a lease that is null or expired means
  -- nobody is (the server stopped), so the next reader of the project takes the job over.
  add column job_lease_until timestamptz,
  add column job_attempts integer not null default 0,
  -- Where the database lives: the database name on the server, or the PGlite directory.
  add column database_name text;

-- Branch names are unique among the live branches of one parent.
create unique index projects_branch_name_key on platform.projects (parent_project_ref, lower(name))
  where parent_project_ref is not null and status <> 'REMOVED';

create index projects_jobs_idx on platform.projects (status)
  where status in ('COMING_UP', 'RESTORING', 'RESTARTING', 'PAUSING', 'GOING_DOWN');
