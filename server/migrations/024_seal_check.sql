-- One known value sealed with the platform's JWT secret by the first server to open the store, so
-- a server started on the same store with another JWT_SECRET stops at start, naming the setting
-- (server/startup-checks.ts), instead of answering every request for a sealed secret (project
-- keys, vault secrets) with an error it cannot explain.
create table platform.seal_check (
  id boolean primary key default true check (id),
  ciphertext bytea not null,
  iv bytea not null check (octet_length(iv) = 12),
  auth_tag bytea not null check (octet_length(auth_tag) = 16),
  key_version integer not null,
  created_at timestamptz not null default now()
);
