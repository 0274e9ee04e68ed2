-- Each project's JWT secret, which signs its `anon` and `service_role` API keys (and later its
-- project users' tokens). Stored sealed like vault secrets (AES-256-GCM under a key derived from the
-- platform's JWT secret, lib/platform-api/vault/crypto.ts), bound to its project and version by the
-- additional data; the plaintext is never stored. See lib/platform-api/projects/api-keys.ts.
create table platform.project_jwt_secrets (
  project_id bigint primary key references platform.projects (id) on delete cascade,
  ciphertext bytea not null,
  -- 12-byte GCM nonce, fresh for every encryption.
  iv bytea not null check (octet_length(iv) = 12),
  auth_tag bytea not null check (octet_length(auth_tag) = 16),
  -- Which derived sealing key encrypted it (vault/crypto.ts's CURRENT_KEY_VERSION).
  seal_key_version integer not null default 1,
  -- Bumped by every rotation: keys signed under an older secret no longer verify.
  key_version integer not null default 1 check (key_version >= 1),
  -- The keys' `iat`: when this secret was made (creation or last rotation).
  issued_at timestamptz not null default now()
);
