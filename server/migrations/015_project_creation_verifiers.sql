-- The SCRAM-SHA-256 verifier of the database password given when a PGlite project was created
-- (a hash, never the password), kept only until the provisioning job has set it on the owner
-- role in the new project database: that job may run in another process, after a restart.
-- On a Postgres server the role gets it in the creating transaction, so nothing is kept.
create table platform.project_creation_verifiers (
  project_id bigint primary key references platform.projects (id) on delete cascade,
  verifier text not null,
  created_at timestamptz not null default now()
);
