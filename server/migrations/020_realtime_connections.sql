-- Realtime connections open now, per dashboard instance and project (Dashboard → Realtime shows
-- their sum). Each instance writes its own count when it changes and again every 30 s while it is
-- not zero; a row not refreshed for 90 s belongs to an instance that is gone and is not counted
-- (realtime/connection-census.ts).
create table platform.realtime_connections (
  instance_id text not null,
  project_id bigint not null references platform.projects (id) on delete cascade,
  connections integer not null check (connections >= 0),
  updated_at timestamptz not null default now(),
  primary key (instance_id, project_id)
);
create index realtime_connections_project on platform.realtime_connections (project_id);
