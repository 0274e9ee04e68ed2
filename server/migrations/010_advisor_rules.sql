-- Advisor rules (the "Disable advisor rules" preview): per project, a lint of the advisor's
-- catalogue (lib/advisors/lints.ts, by its stable name) can be switched off, with a reason.
-- A missing row means the rule is on.
create table platform.advisor_rules (
  project_id bigint not null references platform.projects (id) on delete cascade,
  lint_name text not null check (char_length(lint_name) between 1 and 100),
  disabled boolean not null,
  reason text check (reason is null or char_length(reason) <= 500),
  updated_by uuid references platform.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (project_id, lint_name)
);
