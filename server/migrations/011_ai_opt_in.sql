-- The assistant's opt-ins (spec §3 opt-in keys): what an organization lets the assistant send to
-- the model. None until an Owner or Admin turns them on in the organization settings.
alter table platform.organizations
  add column opt_in_tags text[] not null default '{}'
    check (opt_in_tags <@ array['AI_SQL_GENERATOR_OPT_IN', 'AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN']);
