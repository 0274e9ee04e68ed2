import { audit } from '../access'
import type { Db } from '../db/types'
import { badRequest } from '../http/errors'
import { openSecret, sealSecret } from '../vault/crypto'
import type { FunctionSecret } from '@/lib/api-types/functions'
import { FUNCTION_MAX_SECRETS } from '@/lib/functions/rules'

/**
 * Secrets of a project's Edge Functions (migration 021): set, listed by name, deleted; values
 * sealed at rest like vault secrets and opened only to start a worker (`openFunctionSecrets`).
 * Every change moves the project's secrets epoch, so no warm worker keeps serving old values.
 */

export type SecretsActor = { userId: string; organizationId: number; projectId: number; projectRef: string }

type Row = { name: string; updated_at: string | Date }
type SealedRow = Row & { ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array; key_version: number }

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()
/** The additional authenticated data of a secret: a ciphertext copied to another project or name fails to open. */
export const functionSecretAad = (projectId: number, name: string) => `project:${projectId}/function-secret:${name}`
const aad = functionSecretAad

export async function listFunctionSecrets(db: Db, projectId: number): Promise<FunctionSecret[]> {
  const { rows } = await db.query<Row>('select name, updated_at from platform.edge_function_secrets where project_id = $1 order by name', [projectId])
  return rows.map((r) => ({ name: r.name, updated_at: iso(r.updated_at) }))
}

async function bumpEpoch(tx: Db, projectId: number): Promise<void> {
  await tx.query('update platform.projects set function_secrets_epoch = function_secrets_epoch + 1 where id = $1', [projectId])
}

/** Creates or replaces secrets, all or none; audit-logged by name. */
export async function setFunctionSecrets(db: Db, actor: SecretsActor, secrets: { name: string; value: string }[]): Promise<FunctionSecret[]> {
  await db.transaction(async (tx) => {
    for (const secret of secrets) {
      const sealed = sealSecret(secret.value, aad(actor.projectId, secret.name))
      await tx.query(
        `insert into platform.edge_function_secrets (project_id, name, ciphertext, iv, auth_tag, key_version) values ($1, $2, $3, $4, $5, $6)
         on conflict (project_id, name) do update
           set ciphertext = excluded.ciphertext, iv = excluded.iv, auth_tag = excluded.auth_tag, key_version = excluded.key_version, updated_at = now()`,
        [actor.projectId, secret.name, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion]
      )
    }
    const { rows } = await tx.query<{ n: string | number }>('select count(*) as n from platform.edge_function_secrets where project_id = $1', [actor.projectId])
    if (Number(rows[0].n) > FUNCTION_MAX_SECRETS) throw badRequest(`A project may have at most ${FUNCTION_MAX_SECRETS} secrets: delete some first`)
    await bumpEpoch(tx, actor.projectId)
    await record(tx, actor, 'functions.secrets.set', secrets.map((s) => s.name))
  })
  return listFunctionSecrets(db, actor.projectId)
}

/** Deletes the named secrets (names that are not set are ignored); audit-logged. */
export async function deleteFunctionSecrets(db: Db, actor: SecretsActor, names: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from platform.edge_function_secrets where project_id = $1 and name = any($2::text[])', [actor.projectId, names])
    await bumpEpoch(tx, actor.projectId)
    await record(tx, actor, 'functions.secrets.deleted', names)
  })
}

/** The project's secrets with their values: only for the environment of a worker about to start. */
export async function openFunctionSecrets(db: Db, projectId: number): Promise<Record<string, string>> {
  const { rows } = await db.query<SealedRow>(
    'select name, updated_at, ciphertext, iv, auth_tag, key_version from platform.edge_function_secrets where project_id = $1',
    [projectId]
  )
  const env: Record<string, string> = {}
  for (const row of rows) {
    const sealed = { ciphertext: Buffer.from(row.ciphertext), iv: Buffer.from(row.iv), authTag: Buffer.from(row.auth_tag), keyVersion: row.key_version }
    env[row.name] = openSecret(sealed, aad(projectId, row.name))
  }
  return env
}

function record(db: Db, actor: SecretsActor, action: string, names: string[]) {
  return audit(db, {
    userId: actor.userId,
    organizationId: actor.organizationId,
    action,
    target: `${actor.projectRef}/secrets`,
    metadata: { project_ref: actor.projectRef, names },
  })
}
