import crypto from 'node:crypto'
import { audit } from '../access'
import type { Db } from '../db/types'
import { conflict, notFound } from '../http/errors'
import { openSecret, sealSecret, secretAad } from './crypto'
import type { CreateSecretInput, RevealedSecret, UpdateSecretInput, VaultSecret } from '@/lib/api-types/vault'

type SecretRow = { id: string; name: string; description: string; inserted_at: string | Date; updated_at: string | Date }
type SealedRow = SecretRow & { ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array; key_version: number }

/** Who acts, where: for the audit log. */
export type VaultActor = { userId: string; organizationId: number; projectId: number; projectRef: string }

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()
const COLUMNS = 'id, name, description, inserted_at, updated_at'

function serialize(row: SecretRow): VaultSecret {
  return { id: row.id, name: row.name, description: row.description, created_at: iso(row.inserted_at), updated_at: iso(row.updated_at) }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
}
const nameTaken = (name: string) => conflict(`A secret named "${name}" already exists in this project: choose another name`)

function record(db: Db, actor: VaultActor, action: string, secret: { id: string; name: string }, extra: Record<string, unknown> = {}) {
  return audit(db, {
    userId: actor.userId,
    organizationId: actor.organizationId,
    action,
    target: `${actor.projectRef}/${secret.name}`,
    metadata: { project_ref: actor.projectRef, secret_id: secret.id, name: secret.name, ...extra },
  })
}

/** The project's secrets by name (no values). */
export async function listSecrets(db: Db, projectId: number): Promise<VaultSecret[]> {
  const { rows } = await db.query<SecretRow>(`select ${COLUMNS} from platform.vault_secrets where project_id = $1 order by lower(name), name`, [projectId])
  return rows.map(serialize)
}

/** Creates a secret, its value sealed; audit-logged. */
export async function createSecret(db: Db, actor: VaultActor, input: CreateSecretInput): Promise<VaultSecret> {
  const id = crypto.randomUUID()
  const sealed = sealSecret(input.value, secretAad(actor.projectId, id))
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<SecretRow>(
        `insert into platform.vault_secrets (id, project_id, name, description, ciphertext, iv, auth_tag, key_version, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
        [id, actor.projectId, input.name, input.description, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion, actor.userId]
      )
      await record(tx, actor, 'vault.secret.created', rows[0])
      return serialize(rows[0])
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name)
    throw error
  }
}

async function sealedRow(db: Db, projectId: number, id: string): Promise<SealedRow> {
  const { rows } = await db.query<SealedRow>(
    `select ${COLUMNS}, ciphertext, iv, auth_tag, key_version from platform.vault_secrets where id = $1 and project_id = $2`,
    [id, projectId]
  )
  if (!rows[0]) throw notFound(`Secret ${id} not found`)
  return rows[0]
}

/** The decrypted value of one secret; audit-logged. */
export async function revealSecret(db: Db, actor: VaultActor, id: string): Promise<RevealedSecret> {
  const row = await sealedRow(db, actor.projectId, id)
  let value: string
  try {
    value = openSecret(
      { ciphertext: Buffer.from(row.ciphertext), iv: Buffer.from(row.iv), authTag: Buffer.from(row.auth_tag), keyVersion: row.key_version },
      secretAad(actor.projectId, row.id)
    )
  } catch {
    // Wrong key (JWT_SECRET changed since it was stored) or a tampered row.
    throw conflict(`Secret ${row.name} cannot be decrypted: it was stored under another platform JWT secret, or its stored value was altered`)
  }
  await record(db, actor, 'vault.secret.revealed', row)
  return { ...serialize(row), value }
}

/** Renames, re-describes and/or replaces the value of a secret; audit-logged (never the value). */
export async function updateSecret(db: Db, actor: VaultActor, id: string, input: UpdateSecretInput): Promise<VaultSecret> {
  const sealed = input.value === undefined ? null : sealSecret(input.value, secretAad(actor.projectId, id))
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<SecretRow>(
        `update platform.vault_secrets
            set name = coalesce($3, name), description = coalesce($4, description),
                ciphertext = coalesce($5, ciphertext), iv = coalesce($6, iv), auth_tag = coalesce($7, auth_tag),
                key_version = coalesce($8, key_version), updated_at = now()
          where id = $1 and project_id = $2 returning ${COLUMNS}`,
        [
          id,
          actor.projectId,
          input.name ?? null,
          input.description ?? null,
          sealed?.ciphertext ?? null,
          sealed?.iv ?? null,
          sealed?.authTag ?? null,
          sealed?.keyVersion ?? null,
        ]
      )
      if (!rows[0]) throw notFound(`Secret ${id} not found`)
      const changed = (['name', 'description', 'value'] as const).filter((k) => input[k] !== undefined)
      await record(tx, actor, 'vault.secret.updated', rows[0], { changed })
      return serialize(rows[0])
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name ?? '')
    throw error
  }
}

/** Deletes a secret; audit-logged. */
export async function deleteSecret(db: Db, actor: VaultActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; name: string }>(
      'delete from platform.vault_secrets where id = $1 and project_id = $2 returning id, name',
      [id, actor.projectId]
    )
    if (!rows[0]) throw notFound(`Secret ${id} not found`)
    await record(tx, actor, 'vault.secret.deleted', rows[0])
  })
}
