import crypto from 'node:crypto'
import { SignJWT, jwtVerify, type JWTPayload } from 'jose'
import { auditOrg } from '../access'
import type { Caller } from '../auth/caller'
import { storeCache } from '../db/store-cache'
import type { Db } from '../db/types'
import { openSecret, sealSecret } from '../vault/crypto'
import { API_KEY_NAMES, type ApiKey, type ApiKeyName, type RotateApiKeysResponse } from '@/lib/api-types/api-keys'

/**
 * Each project's JWT secret and the two API keys signed with it (migration 012): `anon` and
 * `service_role`, HS256 JWTs the official client libraries send as `apikey` and bearer token.
 * The secret is sealed at rest with the vault's helpers under its own additional data, made with
 * the project (or on first read for older projects and the self-hosted `default`), and replaced by
 * a rotation, after which keys signed with the old one no longer verify. The secret itself never
 * leaves this module: callers get keys, a verifier and a signing key object.
 */

/** The keys' `iss`, as the hosted platform's keys carry it. */
export const API_KEY_ISSUER = 'supabase'
/** The audience of Dashboard → Realtime's tokens (realtime/inspector-token.ts): accepted by the realtime endpoint alone, never as a key. */
export const REALTIME_INSPECTOR_AUDIENCE = 'realtime-inspector'
/** Keys do not expire on their own: ten years after their secret was made (rotation replaces them). */
const KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600

/** A project's current secret, opened: what signs and verifies its keys. */
export type ProjectSigningKey = { projectId: number; ref: string; key: crypto.KeyObject; keyVersion: number; issuedAt: Date }

/** The claims of a verified API key. */
export type ApiKeyClaims = JWTPayload & { role: ApiKeyName; ref: string; iss: string; iat: number; exp: number }

type SecretRow = {
  id: number
  ref: string
  ciphertext: Uint8Array | null
  iv: Uint8Array | null
  auth_tag: Uint8Array | null
  seal_key_version: number | null
  key_version: number | null
  issued_at: string | Date | null
}

/** Binds a sealed secret to its project and version: a ciphertext copied to another row fails to open. */
export const jwtSecretAad = (projectId: number, keyVersion: number) => `project:${projectId}/jwt-secret:v${keyVersion}`

/** Opened secrets by project, version and nonce (a nonce is fresh for each sealing), so each is opened once. */
const opened = new Map<string, crypto.KeyObject>()
const OPENED_MAX = 1_000

function newSealedSecret(projectId: number, keyVersion: number) {
  // Text, as GoTrue and PostgREST take their JWT secret: 32 random bytes, base64url.
  return sealSecret(crypto.randomBytes(32).toString('base64url'), jwtSecretAad(projectId, keyVersion))
}

function openRow(row: SecretRow): ProjectSigningKey {
  const projectId = Number(row.id)
  const keyVersion = row.key_version!
  const iv = Buffer.from(row.iv!)
  const cacheKey = `${projectId}:${keyVersion}:${iv.toString('hex')}`
  let key = opened.get(cacheKey)
  if (!key) {
    const sealed = { ciphertext: Buffer.from(row.ciphertext!), iv, authTag: Buffer.from(row.auth_tag!), keyVersion: row.seal_key_version! }
    key = crypto.createSecretKey(Buffer.from(openSecret(sealed, jwtSecretAad(projectId, keyVersion)), 'utf8'))
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string)
    opened.set(cacheKey, key)
  }
  const issuedAt = row.issued_at instanceof Date ? row.issued_at : new Date(row.issued_at!)
  return { projectId, ref: row.ref, key, keyVersion, issuedAt }
}

async function readSecretRow(db: Db, ref: string): Promise<SecretRow | null> {
  const { rows } = await db.query<SecretRow>(
    `select p.id, p.ref, s.ciphertext, s.iv, s.auth_tag, s.seal_key_version, s.key_version, s.issued_at
       from platform.projects p left join platform.project_jwt_secrets s on s.project_id = p.id
      where p.ref = $1 and p.status <> 'REMOVED'`,
    [ref]
  )
  return rows[0] ?? null
}

/**
 * The project's signing key, its secret made first when it has none (at creation, or the first
 * read of an older project); null when there is no such project. Concurrency-safe: of two first
 * reads, one inserts and both read the row that won.
 */
export async function projectSigningKey(db: Db, ref: string): Promise<ProjectSigningKey | null> {
  const row = await readSecretRow(db, ref)
  if (!row) return null
  if (row.ciphertext) return openRow(row)
  const sealed = newSealedSecret(Number(row.id), 1)
  await db.query(
    `insert into platform.project_jwt_secrets (project_id, ciphertext, iv, auth_tag, seal_key_version, key_version)
     values ($1, $2, $3, $4, $5, 1) on conflict (project_id) do nothing`,
    [row.id, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion]
  )
  const made = await readSecretRow(db, ref)
  return made?.ciphertext ? openRow(made) : null
}

/**
 * The signing key the project API checks requests with, kept for KEY_TTL_MS (db/store-cache.ts):
 * reading it costs a round trip to the store, which a busy API would pay on every request. A
 * rotation drops this instance's copy at once (`rotateApiKeys`); other instances see it within
 * KEY_TTL_MS.
 */
export const KEY_TTL_MS = 1_000
const signingKeys = storeCache<ProjectSigningKey>('projectSigningKeys', KEY_TTL_MS, OPENED_MAX)

export function currentSigningKey(db: Db, ref: string): Promise<ProjectSigningKey | null> {
  return signingKeys.get(db, ref, () => projectSigningKey(db, ref))
}

/** Gives a new project its secret (call in the transaction that inserts it). */
export async function createProjectJwtSecret(tx: Db, ref: string): Promise<void> {
  await projectSigningKey(tx, ref)
}

/** The key named `role`: deterministic for a secret (fixed `iat`), so every read answers the same key. */
function signKey(signing: ProjectSigningKey, role: ApiKeyName): Promise<string> {
  const iat = Math.floor(signing.issuedAt.getTime() / 1000)
  return new SignJWT({ iss: API_KEY_ISSUER, ref: signing.ref, role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + KEY_LIFETIME_SECONDS)
    .sign(signing.key)
}

async function signKeys(signing: ProjectSigningKey, names: readonly ApiKeyName[]): Promise<ApiKey[]> {
  return Promise.all(names.map(async (name) => ({ name, api_key: await signKey(signing, name) })))
}

/** Both keys of a signing key, signed once per key (Edge Functions' workers get them in their environment). */
const signedPairs = new WeakMap<crypto.KeyObject, Promise<Record<ApiKeyName, string>>>()
export function signedApiKeys(signing: ProjectSigningKey): Promise<Record<ApiKeyName, string>> {
  let pair = signedPairs.get(signing.key)
  if (!pair) {
    pair = signKeys(signing, API_KEY_NAMES).then((keys) => Object.fromEntries(keys.map((k) => [k.name, k.api_key])) as Record<ApiKeyName, string>)
    signedPairs.set(signing.key, pair)
  }
  return pair
}

async function requireSigningKey(db: Db, ref: string): Promise<ProjectSigningKey> {
  const signing = await projectSigningKey(db, ref)
  if (!signing) throw new Error(`Project ${ref} has no signing key`)
  return signing
}

/** The project's keys: `anon` for everyone, `service_role` (which bypasses RLS) only when `withServiceRole`. */
export async function listApiKeys(db: Db, ref: string, withServiceRole: boolean): Promise<ApiKey[]> {
  return signKeys(await requireSigningKey(db, ref), withServiceRole ? API_KEY_NAMES : ['anon'])
}

/** The current secret's version and date, for the settings page. */
export async function apiKeyVersion(db: Db, ref: string): Promise<{ key_version: number; issued_at: string }> {
  const signing = await requireSigningKey(db, ref)
  return { key_version: signing.keyVersion, issued_at: signing.issuedAt.toISOString() }
}

/** Replaces the project's secret (its keys stop verifying at once) and answers the new keys; audit-logged. */
export async function rotateApiKeys(
  db: Db,
  caller: Pick<Caller, 'userId'>,
  organizationId: number,
  ref: string
): Promise<RotateApiKeysResponse> {
  const signing = await db.transaction(async (tx) => {
    const { projectId } = await requireSigningKey(tx, ref)
    // The row locked: of two rotations, the second builds on the first.
    const { rows } = await tx.query<{ key_version: number }>(
      'select key_version from platform.project_jwt_secrets where project_id = $1 for update',
      [projectId]
    )
    const keyVersion = rows[0].key_version + 1
    const sealed = newSealedSecret(projectId, keyVersion)
    await tx.query(
      `update platform.project_jwt_secrets
          set ciphertext = $2, iv = $3, auth_tag = $4, seal_key_version = $5, key_version = $6, issued_at = now()
        where project_id = $1`,
      [projectId, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion, keyVersion]
    )
    await auditOrg(tx, caller, organizationId, 'project.api_keys_rotated', ref, { key_version: keyVersion })
    return openRow((await readSecretRow(tx, ref))!)
  })
  signingKeys.forget(db, ref)
  return { key_version: signing.keyVersion, api_keys: await signKeys(signing, API_KEY_NAMES) }
}

/**
 * Checks an API key of project `ref` (what the project's REST and auth servers do with the
 * `apikey` header): its role and claims when it is an unexpired HS256 key signed with the
 * project's current secret, naming this project and a key role; null otherwise.
 */
export async function verifyProjectKey(db: Db, ref: string, token: string): Promise<VerifiedKey | null> {
  // A rotation takes effect at once on this instance, within KEY_TTL_MS on the others.
  const signing = await currentSigningKey(db, ref)
  if (!signing) return null
  const known = verifiedTokens.get(signing.key)?.get(token)
  if (known) return known.claims.exp > Date.now() / 1000 ? known : null
  try {
    const { payload } = await jwtVerify(token, signing.key, { algorithms: ['HS256'] })
    const role = payload.role
    if (payload.ref !== ref || !API_KEY_NAMES.includes(role as ApiKeyName)) return null
    if (payload.aud !== undefined) return null // an inspector token (or any token for an audience) is no key
    const verified = { role: role as ApiKeyName, claims: payload as ApiKeyClaims }
    remember(signing.key, token, verified)
    return verified
  } catch {
    return null
  }
}

type VerifiedKey = { role: ApiKeyName; claims: ApiKeyClaims }

/**
 * Keys already verified, by the secret that verified them (the opened key object: one per
 * project, version and sealing), so the signature of a key is checked once per secret rather
 * than on every request. A rotation makes a new secret, under which nothing is remembered.
 */
const verifiedTokens = new WeakMap<crypto.KeyObject, Map<string, VerifiedKey>>()
const VERIFIED_PER_SECRET_MAX = 100

function remember(key: crypto.KeyObject, token: string, verified: VerifiedKey): void {
  let tokens = verifiedTokens.get(key)
  if (!tokens) verifiedTokens.set(key, (tokens = new Map()))
  if (tokens.size >= VERIFIED_PER_SECRET_MAX) tokens.delete(tokens.keys().next().value as string)
  tokens.set(token, verified)
}
