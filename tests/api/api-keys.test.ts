import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { ROLES } from '@/lib/api-types/roles'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg } from './projects-helpers'

type User = { id: string; email: string; token: string }
type Key = { name: string; api_key: string }

const storeDb = async (): Promise<Db> => (await import('@/server/db/store')).getStore()
const keysModule = () => import('@/server/projects/api-keys')
const byName = (keys: Key[]) => Object.fromEntries(keys.map((k) => [k.name, k.api_key]))

/** The project's JWT secret, opened from its sealed row as the platform opens it. */
async function storedSecret(ref: string): Promise<{ plaintext: string; ciphertext: Buffer; dump: string; keyVersion: number }> {
  const { openSecret } = await import('@/server/vault/crypto')
  const { jwtSecretAad } = await keysModule()
  const db = await storeDb()
  const { rows } = await db.query<{ project_id: number; ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array; seal_key_version: number; key_version: number; dump: string }>(
    `select s.*, s::text as dump from platform.project_jwt_secrets s join platform.projects p on p.id = s.project_id where p.ref = $1`,
    [ref]
  )
  const row = rows[0]
  const sealed = { ciphertext: Buffer.from(row.ciphertext), iv: Buffer.from(row.iv), authTag: Buffer.from(row.auth_tag), keyVersion: row.seal_key_version }
  const plaintext = openSecret(sealed, jwtSecretAad(Number(row.project_id), row.key_version))
  return { plaintext, ciphertext: sealed.ciphertext, dump: row.dump, keyVersion: row.key_version }
}

/** A project's API keys and API settings (hosted). */
describe('project API keys (hosted)', () => {
  let platform: TestPlatform
  let owner: User, admin: User, developer: User, reader: User, outsider: User
  let ref: string, otherRef: string, orgId: number
  const keys = (token: string, r = ref) => platform.request(`/platform/projects/${r}/api-keys`, { token })
  const rotate = (token: string, r = ref) => platform.request(`/platform/projects/${r}/api-keys/rotate`, { method: 'POST', token })

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const members = await Promise.all(ROLES.map(async (role) => [await platform.createUser(), role] as const))
    ;[[owner], [admin], [developer], [reader]] = members
    outsider = await platform.createUser()
    const org = await createOrg('team', members.map(([user, role]) => [user.id, role]))
    orgId = org.id
    const otherOrg = await createOrg('pro', [[outsider.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Keys')).ref
    otherRef = (await createActiveProject(platform, outsider.token, otherOrg.slug, 'Other keys')).ref
  })
  afterAll(async () => platform?.close())

  it('makes the secret with the project and stores it sealed, never in plain text', async () => {
    // No key was read yet: the row comes from the creation.
    const { plaintext, ciphertext, dump, keyVersion } = await storedSecret(ref)
    expect(keyVersion).toBe(1)
    expect(plaintext.length).toBeGreaterThanOrEqual(32)
    expect(ciphertext.toString('utf8')).not.toContain(plaintext)
    expect(ciphertext.toString('hex')).not.toContain(Buffer.from(plaintext).toString('hex'))
    expect(dump).not.toContain(plaintext)
    expect((await storedSecret(otherRef)).plaintext).not.toBe(plaintext)
  })

  it('gives Developers both keys: HS256 JWTs with their role, signed with the project secret', async () => {
    const res = await keys(developer.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.map((k: Key) => k.name)).toEqual(['anon', 'service_role'])
    const { plaintext } = await storedSecret(ref)
    expect(JSON.stringify(res.body)).not.toContain(plaintext)
    const now = Math.floor(Date.now() / 1000)
    for (const { name, api_key } of res.body as Key[]) {
      expect(decodeProtectedHeader(api_key)).toEqual({ alg: 'HS256', typ: 'JWT' })
      const { payload } = await jwtVerify(api_key, new TextEncoder().encode(plaintext), { algorithms: ['HS256'] })
      expect(payload).toEqual({ iss: 'supabase', ref, role: name, iat: expect.any(Number), exp: expect.any(Number) })
      expect(payload.iat!).toBeLessThanOrEqual(now + 1)
      expect(payload.exp!).toBeGreaterThan(now + 5 * 365 * 24 * 3600)
      const { verifyProjectKey } = await keysModule()
      expect(await verifyProjectKey(await storeDb(), ref, api_key)).toEqual({ role: name, claims: payload })
    }
    // The same keys on every read.
    expect((await keys(owner.token)).body).toEqual(res.body)
  })

  it('gives Read-only members only the anon key; outsiders get 404', async () => {
    const all = byName((await keys(owner.token)).body)
    const res = await keys(reader.token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([{ name: 'anon', api_key: all.anon }])
    expect(JSON.stringify(res.body)).not.toContain(all.service_role)
    expect((await keys(outsider.token)).status).toBe(404)
    expect((await platform.request(`/platform/projects/${ref}/settings`, { token: outsider.token })).status).toBe(404)
  })

  it('verifies only keys of this project, unchanged, with a key role', async () => {
    const { verifyProjectKey } = await keysModule()
    const db = await storeDb()
    const mine = byName((await keys(owner.token)).body)
    const other = byName((await keys(outsider.token, otherRef)).body)
    expect(await verifyProjectKey(db, ref, other.anon)).toBeNull()
    expect(await verifyProjectKey(db, otherRef, mine.service_role)).toBeNull()
    const [head, , signature] = mine.anon.split('.')
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(mine.anon), role: 'service_role' })).toString('base64url')
    expect(await verifyProjectKey(db, ref, `${head}.${forged}.${signature}`)).toBeNull()
    expect(await verifyProjectKey(db, ref, 'not a jwt')).toBeNull()
    expect(await verifyProjectKey(db, 'no-such-project', mine.anon)).toBeNull()
    // Signed with the right secret but not a key role, or expired: refused.
    const secret = new TextEncoder().encode((await storedSecret(ref)).plaintext)
    const sign = (claims: Record<string, unknown>, exp: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(secret)
    const later = Math.floor(Date.now() / 1000) + 3600
    expect(await verifyProjectKey(db, ref, await sign({ iss: 'supabase', ref, role: 'postgres' }, later))).toBeNull()
    expect(await verifyProjectKey(db, ref, await sign({ iss: 'supabase', ref, role: 'anon' }, later - 7200))).toBeNull()
    expect(await verifyProjectKey(db, ref, await sign({ iss: 'supabase', ref, role: 'anon' }, later))).toMatchObject({ role: 'anon' })
  })

  it("answers the project's absolute API URL and key version", async () => {
    const res = await platform.request(`/platform/projects/${ref}/settings`, { token: reader.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      app_config: { endpoint: `${platform.projectUrl(ref)}`, db_schema: 'public' },
      jwt: { key_version: 1, issued_at: expect.any(String) },
    })
    const { projectApiEndpoint } = await import('@/server/projects/api-endpoint')
    // A Host header that is no host name is not written into the URL.
    expect(projectApiEndpoint(ref, { host: 'evil.test/"><x' })).toBe(platform.projectUrl(ref))
    // Never the dashboard's own origin: the project API has a port of its own.
    expect(new URL(platform.projectUrl(ref)).origin).not.toBe(new URL(platform.apiUrl).origin)
  })

  it('rotates for Owners and Admins only: new keys, the old ones stop verifying, audit-logged', async () => {
    const { verifyProjectKey } = await keysModule()
    const db = await storeDb()
    const old = byName((await keys(owner.token)).body)
    expect((await rotate(developer.token)).status).toBe(403)
    expect((await rotate(reader.token)).status).toBe(403)
    expect((await rotate(outsider.token)).status).toBe(404)
    expect(await verifyProjectKey(db, ref, old.anon)).not.toBeNull()

    const res = await rotate(admin.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.key_version).toBe(2)
    const fresh = byName(res.body.api_keys)
    expect(Object.keys(fresh)).toEqual(['anon', 'service_role'])
    expect(fresh.anon).not.toBe(old.anon)
    expect(await verifyProjectKey(db, ref, old.anon)).toBeNull()
    expect(await verifyProjectKey(db, ref, old.service_role)).toBeNull()
    expect(await verifyProjectKey(db, ref, fresh.service_role)).toMatchObject({ role: 'service_role' })
    expect(byName((await keys(developer.token)).body)).toEqual(fresh)
    const stored = await storedSecret(ref)
    expect(stored.keyVersion).toBe(2)
    expect(JSON.stringify(res.body)).not.toContain(stored.plaintext)
    expect((await platform.request(`/platform/projects/${ref}/settings`, { token: owner.token })).body.jwt.key_version).toBe(2)

    const { rows } = await db.query<{ action: string; user_id: string; target: string; metadata: unknown }>(
      `select action, user_id, target, metadata from platform.audit_logs where organization_id = $1 and action = 'project.api_keys_rotated'`,
      [orgId]
    )
    expect(rows).toEqual([{ action: 'project.api_keys_rotated', user_id: admin.id, target: ref, metadata: { key_version: 2 } }])
    expect(JSON.stringify(rows)).not.toContain(stored.plaintext)
  })

  it('makes a missing secret once on first read, however many reads race', async () => {
    const db = await storeDb()
    await db.query('delete from platform.project_jwt_secrets where project_id = (select id from platform.projects where ref = $1)', [otherRef])
    const answers = await Promise.all([1, 2, 3, 4].map(() => keys(outsider.token, otherRef)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body)
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from platform.project_jwt_secrets s join platform.projects p on p.id = s.project_id where p.ref = $1',
      [otherRef]
    )
    expect(rows[0].n).toBe(1)
  })
})

describe('project API keys (self-hosted)', () => {
  let platform: TestPlatform

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false, env: { PROJECT_API_URL: 'https://api.example.test/project/{ref}/' } })
  })
  afterAll(async () => platform?.close())

  it('gives the default project its keys and the configured API URL', async () => {
    const res = await platform.request('/platform/projects/default/api-keys')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const { verifyProjectKey } = await keysModule()
    const db = await storeDb()
    for (const { name, api_key } of res.body as Key[]) {
      expect(await verifyProjectKey(db, 'default', api_key)).toMatchObject({ role: name, claims: { ref: 'default', role: name } })
    }
    expect(res.body.map((k: Key) => k.name)).toEqual(['anon', 'service_role'])
    const settings = await platform.request('/platform/projects/default/settings')
    expect(settings.body.app_config).toEqual({ endpoint: 'https://api.example.test/project/default', db_schema: 'public' })
  })
})
