import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg } from './projects-helpers'

type User = { id: string; email: string; token: string }

/** Vault secrets: encrypted at rest, values only through reveal, Developer and above. */
describe('vault secrets (hosted)', () => {
  let platform: TestPlatform
  let owner: User
  let developer: User
  let reader: User
  let outsider: User
  let ref: string
  let otherRef: string
  let orgId: number
  const secrets = (r = ref) => `/platform/projects/${r}/vault/secrets`
  const storeDb = async () => (await import('@/server/db/store')).getStore()

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;[owner, developer, reader, outsider] = await Promise.all([1, 2, 3, 4].map(() => platform.createUser()))
    const org = await createOrg('team', [
      [owner.id, 'Owner'],
      [developer.id, 'Developer'],
      [reader.id, 'Read-only'],
    ])
    orgId = org.id
    const otherOrg = await createOrg('pro', [[outsider.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Vault')).ref
    otherRef = (await createActiveProject(platform, outsider.token, otherOrg.slug, 'Other vault')).ref
  })
  afterAll(async () => platform?.close())

  const create = (body: Record<string, unknown>, token = developer.token, r = ref) => platform.request(secrets(r), { token, body })

  it('stores the value encrypted, lists without values and reveals it', async () => {
    const value = 'sk_live_plaintext_4242_value'
    const created = await create({ name: 'STRIPE_KEY', description: 'Payments', value })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'STRIPE_KEY',
      description: 'Payments',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })

    const db = await storeDb()
    const { rows } = await db.query<{ ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array; key_version: number }>(
      'select ciphertext, iv, auth_tag, key_version from platform.vault_secrets where id = $1',
      [created.body.id]
    )
    const stored = Buffer.from(rows[0].ciphertext)
    expect(stored.toString('utf8')).not.toContain(value)
    expect(stored.toString('hex')).not.toContain(Buffer.from(value).toString('hex'))
    expect(Buffer.from(rows[0].iv)).toHaveLength(12)
    expect(Buffer.from(rows[0].auth_tag)).toHaveLength(16)
    expect(rows[0].key_version).toBe(1)
    const { rows: dump } = await db.query<{ t: string }>('select t::text as t from platform.vault_secrets t')
    expect(dump.map((r) => r.t).join('\n')).not.toContain(value)

    const list = await platform.request(secrets(), { token: developer.token })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([created.body])
    expect(JSON.stringify(list.body)).not.toContain(value)

    const revealed = await platform.request(`${secrets()}/${created.body.id}/reveal`, { token: owner.token })
    expect(revealed.status).toBe(200)
    expect(revealed.body).toMatchObject({ id: created.body.id, name: 'STRIPE_KEY', value })
  })

  it('updates name, description and value; the old value is gone', async () => {
    const created = await create({ name: 'TOKEN_1', value: 'first value' })
    expect(created.body.description).toBe('')
    const id = created.body.id
    const renamed = await platform.request(`${secrets()}/${id}`, {
      method: 'PATCH',
      token: developer.token,
      body: { name: 'TOKEN_2', description: 'Rotated', value: 'second value' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id, name: 'TOKEN_2', description: 'Rotated' })
    expect(JSON.stringify(renamed.body)).not.toContain('second value')
    expect((await platform.request(`${secrets()}/${id}/reveal`, { token: developer.token })).body.value).toBe('second value')
    const described = await platform.request(`${secrets()}/${id}`, { method: 'PATCH', token: developer.token, body: { description: 'Only this' } })
    expect(described.body).toMatchObject({ name: 'TOKEN_2', description: 'Only this' })
    expect((await platform.request(`${secrets()}/${id}/reveal`, { token: developer.token })).body.value).toBe('second value')

    expect((await create({ name: 'TOKEN_2', value: 'x' })).status).toBe(409)
    expect((await platform.request(`${secrets()}/${id}`, { method: 'DELETE', token: developer.token })).status).toBe(204)
    expect((await platform.request(`${secrets()}/${id}/reveal`, { token: developer.token })).status).toBe(404)
    expect((await platform.request(`${secrets()}/${id}`, { method: 'DELETE', token: developer.token })).status).toBe(404)
  })

  it('audit-logs create, reveal, update and delete, never with the value', async () => {
    const created = await create({ name: 'AUDITED', value: 'audited-value-123' })
    const id = created.body.id
    await platform.request(`${secrets()}/${id}/reveal`, { token: developer.token })
    await platform.request(`${secrets()}/${id}`, { method: 'PATCH', token: developer.token, body: { value: 'audited-value-456' } })
    await platform.request(`${secrets()}/${id}`, { method: 'DELETE', token: developer.token })
    const db = await storeDb()
    const { rows } = await db.query<{ action: string; user_id: string; metadata: unknown }>(
      `select action, user_id, metadata from platform.audit_logs where organization_id = $1 and metadata->>'secret_id' = $2 order by id`,
      [orgId, id]
    )
    expect(rows.map((r) => r.action)).toEqual(['vault.secret.created', 'vault.secret.revealed', 'vault.secret.updated', 'vault.secret.deleted'])
    expect(rows.every((r) => r.user_id === developer.id)).toBe(true)
    expect(JSON.stringify(rows)).not.toMatch(/audited-value/)
  })

  it('refuses bad names and empty values, saying why', async () => {
    for (const name of ['has space', 'dash-name', 'ünïcode', '']) {
      const res = await create({ name, value: 'v' })
      expect(res.status, name).toBe(400)
      expect(res.body.message, name).toMatch(/name/)
    }
    const empty = await create({ name: 'EMPTY', value: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/value: must not be empty/)
    expect((await platform.request(secrets(), { token: developer.token })).body.map((s: { name: string }) => s.name)).not.toContain('EMPTY')
  })

  it('keeps Read-only members and outsiders away, and each project to its own secrets', async () => {
    const created = await create({ name: 'ISOLATED', value: 'isolated-value' })
    const id = created.body.id
    for (const [method, path, body] of [
      ['GET', secrets(), undefined],
      ['POST', secrets(), { name: 'READER', value: 'x' }],
      ['GET', `${secrets()}/${id}/reveal`, undefined],
      ['PATCH', `${secrets()}/${id}`, { value: 'x' }],
      ['DELETE', `${secrets()}/${id}`, undefined],
    ] as const) {
      const res = await platform.request(path, { method, token: reader.token, body })
      expect(res.status, `${method} ${path}`).toBe(403)
      const out = await platform.request(path, { method, token: outsider.token, body })
      expect(out.status, `${method} ${path}`).toBe(404)
    }
    // The outsider's own project: A's secret id names nothing there.
    const mine = await create({ name: 'ISOLATED', value: 'other project value' }, outsider.token, otherRef)
    expect(mine.status).toBe(201)
    const via = await platform.request(`${secrets(otherRef)}/${id}/reveal`, { token: outsider.token })
    expect(via.status).toBe(404)
    expect(JSON.stringify(via.body)).not.toContain('isolated-value')
    expect((await platform.request(`${secrets(otherRef)}/${id}`, { method: 'PATCH', token: outsider.token, body: { value: 'hijack' } })).status).toBe(404)
    expect((await platform.request(`${secrets(otherRef)}/${id}`, { method: 'DELETE', token: outsider.token })).status).toBe(404)
    expect((await platform.request(secrets(otherRef), { token: outsider.token })).body.map((s: { id: string }) => s.id)).toEqual([mine.body.id])
    expect((await platform.request(`${secrets()}/${id}/reveal`, { token: owner.token })).body.value).toBe('isolated-value')

    // A ciphertext moved to another project's row does not open there (bound to project and id).
    const db = await storeDb()
    await db.query(
      `update platform.vault_secrets t set ciphertext = s.ciphertext, iv = s.iv, auth_tag = s.auth_tag
         from platform.vault_secrets s where s.id = $1 and t.id = $2`,
      [id, mine.body.id]
    )
    const moved = await platform.request(`${secrets(otherRef)}/${mine.body.id}/reveal`, { token: outsider.token })
    expect(moved.status).toBe(409)
    expect(JSON.stringify(moved.body)).not.toContain('isolated-value')
  })
})
