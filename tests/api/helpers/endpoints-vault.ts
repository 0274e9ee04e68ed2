import { expect } from 'vitest'
import { allowedInA, type Actor, type EndpointEntry, type World } from './endpoints'

const BASE = '/platform/projects/:ref/vault/secrets'

type Secret = { id: string; name: string; value: string }

/** A's own secret (made once per world by A's Owner); its name and value must never reach outsiders. */
const secretsOfA = new WeakMap<World, Promise<Secret>>()

async function createSecret(w: World, name: string): Promise<Secret> {
  const value = `alpha-vault-value-${w.unique('v')}`
  const res = await w.platform.request(`/platform/projects/${w.projectA}/vault/secrets`, {
    token: w.users.owner.token,
    body: { name, description: 'walk secret', value },
  })
  expect(res.status, `secret ${name}: ${JSON.stringify(res.body)}`).toBe(201)
  return { id: res.body.id, name, value }
}

const safeName = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_')

/**
 * Written straight to the store, sealed as the platform seals it: made during the walk of callers
 * who must change nothing of A, it must not add an entry to A's audit log as the API would.
 */
async function insertSecretOfA(w: World, name: string): Promise<Secret> {
  const crypto = await import('node:crypto')
  const { sealSecret, secretAad } = await import('@/server/vault/crypto')
  const { rows } = await w.db.query<{ id: number }>('select id from platform.projects where ref = $1', [w.projectA])
  const id = crypto.randomUUID()
  const value = `alpha-vault-value-${w.unique('v')}`
  const sealed = sealSecret(value, secretAad(Number(rows[0].id), id))
  await w.db.query(
    `insert into platform.vault_secrets (id, project_id, name, description, ciphertext, iv, auth_tag, key_version, created_by)
     values ($1, $2, $3, 'walk secret', $4, $5, $6, $7, $8)`,
    [id, rows[0].id, name, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion, w.users.owner.id]
  )
  return { id, name, value }
}

function secretA(w: World): Promise<Secret> {
  let secret = secretsOfA.get(w)
  if (!secret) {
    secret = insertSecretOfA(w, safeName(w.unique('ALPHA_SECRET'))).then((created) => {
      w.secretsOfA.push(created.name, created.value)
      return created
    })
    secretsOfA.set(w, secret)
  }
  return secret
}

/** A's secret for callers who must be refused; a disposable one for those allowed. */
async function secretFor(w: World, actor: Actor): Promise<Secret> {
  return allowedInA(actor, 'Developer') ? createSecret(w, safeName(w.unique(`SECRET_OF_${actor}`))) : secretA(w)
}

/** Endpoints of the project's vault area, walked by the authorization and bad-input suites. */
export const VAULT_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: BASE,
    mode: 'read',
    prepare: async (w) => {
      await secretA(w)
      return { params: { ref: w.projectA } }
    },
    check: async (res, w) => {
      const a = await secretA(w)
      expect((res.body as Secret[]).map((s) => s.name)).toContain(a.name)
      expect(JSON.stringify(res.body)).not.toContain(a.value)
    },
  },
  {
    method: 'POST',
    pattern: BASE,
    mode: 'write',
    takesBody: true,
    required: ['name', 'value'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { name: safeName(w.unique(`WALK_${actor}`)), description: 'made by the walk', value: `walk value of ${actor}` },
    }),
    check: (res, _w, actor) => expect(JSON.stringify(res.body)).not.toContain(`walk value of ${actor}`),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:id/reveal`,
    mode: 'read',
    prepare: async (w, actor) => {
      const secret = await secretFor(w, actor)
      revealed.set(secret.id, secret.value)
      return { params: { ref: w.projectA, id: secret.id } }
    },
    check: (res) => expect(res.body.value).toBe(revealed.get(res.body.id)),
  },
  {
    method: 'PATCH',
    pattern: `${BASE}/:id`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: async (w, actor) => ({
      params: { ref: w.projectA, id: (await secretFor(w, actor)).id },
      body: { name: safeName(w.unique(`RENAMED_BY_${actor}`)), description: 'changed', value: `new value of ${actor}` },
    }),
    check: (res, _w, actor) => expect(JSON.stringify(res.body)).not.toContain(`new value of ${actor}`),
  },
  {
    method: 'DELETE',
    pattern: `${BASE}/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: (await secretFor(w, actor)).id } }),
  },
]

/** Values of the secrets the reveal calls aim at, by id. */
const revealed = new Map<string, string>()
