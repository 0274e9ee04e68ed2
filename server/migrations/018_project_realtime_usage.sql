-- Realtime metering of each project (spec §9 usage: realtime messages and peak connections), per
-- billing period like migration 013's counters. Instances add the messages they carried and raise
-- the peak to the most concurrent connections one of them held (billing/realtime-metering.ts).
create table platform.project_realtime_usage (
  project_id bigint not null references platform.projects (id) on delete cascade,
  period_start timestamptz not null,
  messages bigint not null default 0 check (messages >= 0),
  peak_connections integer not null default 0 check (peak_connections >= 0),
  updated_at timestamptz not null default now(),
  primary key (project_id, period_start)
);
