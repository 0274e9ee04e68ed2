-- The SCRAM-SHA-256 verifier of a PGlite project's database password (a hash, never the
-- password), set by an Admin (POST /platform/projects/:ref/db-password) or at creation. The
-- project's loopback port checks a client against this row, never against the owner role's
-- password in the project database: member SQL runs as that role, and a role may always change
-- its own password, so only what the platform stores is an Admin's (issue 22).
create table platform.project_db_verifiers (
  project_id bigint primary key references platform.projects (id) on delete cascade,
  verifier text not null,
  updated_at timestamptz not null default now()
);
