-- Organizations and billing: invitations, billing customer, tax ids, payment method records,
-- invoices and usage figures. No real card processing happens anywhere: these are stored records.

-- Monthly billing periods start on this instant's day of month (spec §3 subscription).
alter table platform.organizations add column billing_cycle_anchor timestamptz not null default now();

-- Invitations to join an organization. Only a SHA-256 hash of the token is kept: the token is
-- shown once, when the invitation is created, and works once, within 7 days.
create table platform.org_invitations (
  id bigint generated always as identity primary key,
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  email text not null,
  role text not null check (role in ('Owner', 'Admin', 'Developer', 'Read-only')),
  token_hash text not null unique,
  invited_by uuid references platform.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references platform.users (id) on delete set null
);
create index org_invitations_org_idx on platform.org_invitations (organization_id, created_at);

-- The billing customer of an organization (its e-mail is the organization's billing_email).
create table platform.billing_customers (
  organization_id bigint primary key references platform.organizations (id) on delete cascade,
  name text,
  address_line1 text,
  address_line2 text,
  address_city text,
  address_postal_code text,
  address_state text,
  address_country text check (address_country ~ '^[A-Z]{2}$'),
  updated_at timestamptz not null default now()
);

create table platform.tax_ids (
  id bigint generated always as identity primary key,
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  type text not null,
  value text not null,
  country text not null check (country ~ '^[A-Z]{2}$'),
  created_at timestamptz not null default now(),
  unique (organization_id, type, value)
);

-- Cards as plain records: brand, last four digits and expiry. Never a card number.
create table platform.payment_methods (
  id bigint generated always as identity primary key,
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null check (exp_year between 2000 and 2100),
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index payment_methods_org_idx on platform.payment_methods (organization_id);
create unique index payment_methods_one_default on platform.payment_methods (organization_id) where is_default;

-- Amounts are integer cents of `currency`.
create table platform.invoices (
  id bigint generated always as identity primary key,
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  number text unique,
  status text not null check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
  currency text not null default 'usd',
  subtotal integer not null,
  total integer not null,
  amount_due integer not null,
  amount_paid integer not null default 0,
  period_start timestamptz not null,
  period_end timestamptz not null,
  due_date timestamptz,
  lines jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);
create index invoices_org_idx on platform.invoices (organization_id, created_at desc);
create index invoices_open_idx on platform.invoices (due_date) where status = 'open';

-- Usage of the current billing period per organization and metric (the seed writes figures).
create table platform.org_usage (
  organization_id bigint not null references platform.organizations (id) on delete cascade,
  metric text not null check (metric in (
    'DATABASE_SIZE', 'EGRESS', 'CACHED_EGRESS', 'STORAGE_SIZE', 'MONTHLY_ACTIVE_USERS',
    'FUNCTION_INVOCATIONS', 'REALTIME_PEAK_CONNECTIONS', 'REALTIME_MESSAGE_COUNT'
  )),
  usage bigint not null check (usage >= 0),
  updated_at timestamptz not null default now(),
  primary key (organization_id, metric)
);
