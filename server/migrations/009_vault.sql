-- Vault secrets of a project, encrypted at rest with AES-256-GCM under a key derived (HKDF) from
-- the platform's JWT secret; the key itself is never stored. See lib/platform-api/vault/.
create table platform.vault_secrets (
  id uuid primary key,
  project_id bigint not null references platform.projects (id) on delete cascade,
  -- Letters, digits and underscores (lib/vault/names.ts).
  name text not null check (name ~ '^[A-Za-z0-9_]+$' and char_length(name) <= 128),
  description text not null default '' check (char_length(description) <= 1000),
  ciphertext bytea not null,
  -- 12-byte GCM nonce, fresh for every encryption.
  iv bytea not null check (octet_length(iv) = 12),
  auth_tag bytea not null check (octet_length(auth_tag) = 16),
  -- Which derived key encrypted it, so the key can be rotated later.
  key_version integer not null default 1,
  created_by uuid references platform.users (id) on delete set null,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_id, name)
);
