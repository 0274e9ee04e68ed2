-- Support tickets sent from /support/new (spec §2, §3 "Support ticket categories"). The embedded
-- platform sends no mail: a ticket is a stored record, in both modes.
create table platform.support_tickets (
  id uuid primary key,
  -- Null when sent signed out (e.g. a login issue) or when the user was deleted later.
  user_id uuid references platform.users (id) on delete set null,
  category text not null check (category in (
    'problem', 'dashboard_bug', 'database_unresponsive', 'performance', 'sales',
    'billing', 'refund', 'abuse', 'login_issues', 'account_deletion'
  )),
  subject text not null check (char_length(subject) between 1 and 200),
  message text not null check (char_length(message) between 1 and 10000),
  -- The error report id (`sid`) when the ticket comes from the error screen.
  error_report_id text,
  -- Project, organization, support-access consent, contact e-mail, mode and user agent.
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index support_tickets_user_idx on platform.support_tickets (user_id, created_at);
