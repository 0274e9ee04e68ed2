-- Two more of PostgREST's settings in each project's Data API settings (server/rest/config.ts):
-- `db-aggregates-enabled` (aggregate functions such as `count()` in `select`; off unless turned on)
-- and `db-tx-end` (how a request's transaction ends, and whether `Prefer: tx=` may override it).
alter table platform.project_postgrest_config
  add column db_aggregates_enabled boolean not null default false,
  add column db_tx_end text not null default 'commit'
    check (db_tx_end in ('commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'));
