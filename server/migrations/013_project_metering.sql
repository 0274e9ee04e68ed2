-- Metering of each project (spec §9 usage): what the billing usage page reports instead of stored
-- figures. Counters are per project and billing period (the period of the project's organization
-- when the usage happened, lib/platform-api/billing/periods.ts), shared by every instance of the
-- platform: instances add to them, never keep totals of their own (billing/metering.ts).
-- platform.org_usage keeps the figures the demo seed writes; the usage page labels them as demo data.

-- Bytes the project API sent, added in batches (one statement per flush, never one per request).
create table platform.project_egress (
  project_id bigint not null references platform.projects (id) on delete cascade,
  period_start timestamptz not null,
  bytes bigint not null default 0 check (bytes >= 0),
  updated_at timestamptz not null default now(),
  primary key (project_id, period_start)
);

-- Monthly active users: one row per project user per period (`on conflict do nothing`), counted.
create table platform.project_active_users (
  project_id bigint not null references platform.projects (id) on delete cascade,
  period_start timestamptz not null,
  user_id text not null,
  first_seen_at timestamptz not null default now(),
  primary key (project_id, period_start, user_id)
);

-- The last measured size of each project's database, and when: measured from the database
-- itself (pg_database_size on a server, the cluster's files on PGlite), never by opening every
-- database on a page load.
create table platform.project_database_sizes (
  project_id bigint primary key references platform.projects (id) on delete cascade,
  bytes bigint not null check (bytes >= 0),
  measured_at timestamptz not null default now()
);
