import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_RESULT_ROWS } from '@/server/projects/run-query'
import { createSnippetBody } from '@/lib/api-types/snippets'
import { SNIPPET_NAME_MAX_LENGTH, SNIPPET_SQL_MAX_BYTES, SNIPPETS_PER_PROJECT_LIMIT, SQL_RESULT_ROW_CAP } from '@/lib/sql/limits'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg } from './projects-helpers'

type User = { id: string; email: string; token: string }

describe('snippets endpoints (hosted)', () => {
  let platform: TestPlatform
  let owner: User
  let teammate: User
  let reader: User
  let outsider: User
  let ref: string
  let otherRef: string
  const base = () => `/platform/projects/${ref}/snippets`

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    owner = await platform.createUser()
    teammate = await platform.createUser()
    reader = await platform.createUser()
    outsider = await platform.createUser()
    const org = await createOrg('team', [
      [owner.id, 'Owner'],
      [teammate.id, 'Developer'],
      [reader.id, 'Read-only'],
    ])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Snippets')).ref
    otherRef = (await createActiveProject(platform, owner.token, org.slug, 'Other')).ref
  })
  afterAll(async () => platform?.close())

  it('creates, reads, lists, updates and deletes a snippet', async () => {
    const created = await platform.request(base(), { token: owner.token, body: { name: '  Todos  ', sql: 'select * from todos' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Todos', sql: 'select * from todos', favorite: false, project_ref: ref })
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(created.body.inserted_at)).not.toBeNaN()
    const id = created.body.id as string

    const read = await platform.request(`${base()}/${id}`, { token: owner.token })
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)

    const list = await platform.request(base(), { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([{ id, name: 'Todos', favorite: false, project_ref: ref, inserted_at: created.body.inserted_at, updated_at: created.body.updated_at }])
    expect(list.body[0]).not.toHaveProperty('sql')

    const renamed = await platform.request(`${base()}/${id}`, { token: owner.token, method: 'PATCH', body: { name: 'Open todos' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Open todos', sql: 'select * from todos', favorite: false })

    const saved = await platform.request(`${base()}/${id}`, { token: owner.token, method: 'PATCH', body: { sql: 'select 2', favorite: true } })
    expect(saved.body).toMatchObject({ name: 'Open todos', sql: 'select 2', favorite: true })
    expect(Date.parse(saved.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at))

    const emptied = await platform.request(`${base()}/${id}`, { token: owner.token, method: 'PATCH', body: { sql: '' } })
    expect(emptied.body.sql).toBe('')

    const removed = await platform.request(`${base()}/${id}`, { token: owner.token, method: 'DELETE' })
    expect(removed.status).toBe(204)
    expect((await platform.request(`${base()}/${id}`, { token: owner.token })).status).toBe(404)
    expect((await platform.request(`${base()}/${id}`, { token: owner.token, method: 'DELETE' })).status).toBe(404)
  })

  it('lists favourites first, then by name whatever the case', async () => {
    const make = async (name: string, favorite = false) => {
      const res = await platform.request(`/platform/projects/${otherRef}/snippets`, { token: owner.token, body: { name, sql: `select '${name}'` } })
      if (favorite) await platform.request(`/platform/projects/${otherRef}/snippets/${res.body.id}`, { token: owner.token, method: 'PATCH', body: { favorite: true } })
    }
    await make('beta')
    await make('Alpha')
    await make('zulu', true)
    await make('Mike', true)
    const list = await platform.request(`/platform/projects/${otherRef}/snippets`, { token: owner.token })
    expect(list.body.map((s: { name: string; favorite: boolean }) => [s.name, s.favorite])).toEqual([
      ['Mike', true],
      ['zulu', true],
      ['Alpha', false],
      ['beta', false],
    ])
  })

  it('keeps snippets to their owner: teammates see their own list and get 404 for others', async () => {
    const mine = await platform.request(base(), { token: owner.token, body: { name: 'Mine', sql: 'select 1' } })
    const path = `${base()}/${mine.body.id}`

    expect((await platform.request(path, { token: teammate.token })).status).toBe(404)
    expect((await platform.request(path, { token: teammate.token, method: 'PATCH', body: { name: 'Taken' } })).status).toBe(404)
    expect((await platform.request(path, { token: teammate.token, method: 'DELETE' })).status).toBe(404)
    const teammateList = await platform.request(base(), { token: teammate.token })
    expect(teammateList.status).toBe(200)
    expect(teammateList.body).toEqual([])

    // Read-only members keep snippets too (they run them read-only).
    const readerSnippet = await platform.request(base(), { token: reader.token, body: { name: 'Report', sql: 'select 1' } })
    expect(readerSnippet.status).toBe(201)
    expect((await platform.request(base(), { token: reader.token })).body.map((s: { name: string }) => s.name)).toEqual(['Report'])

    // A snippet belongs to its project as well: another ref does not reach it.
    expect((await platform.request(`/platform/projects/${otherRef}/snippets/${mine.body.id}`, { token: owner.token })).status).toBe(404)
    expect((await platform.request(path, { token: owner.token })).body.name).toBe('Mine')
  })

  it('answers 401 signed out and 404 outside the organization', async () => {
    expect((await platform.request(base())).status).toBe(401)
    expect((await platform.request(base(), { body: { name: 'x', sql: '' } })).status).toBe(401)
    const outside = await platform.request(base(), { token: outsider.token })
    expect(outside.status).toBe(404)
    expect(outside.body.message).toMatch(/Project .* not found/)
    expect((await platform.request(base(), { token: outsider.token, body: { name: 'x', sql: '' } })).status).toBe(404)
    expect((await platform.request('/platform/projects/nope-nope/snippets', { token: owner.token })).status).toBe(404)
  })

  it('rejects bad input naming the problem, and writes nothing', async () => {
    const bad = async (body: unknown, expected: RegExp) => {
      const res = await platform.request(base(), { token: teammate.token, body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.message).toMatch(expected)
    }
    await bad({ name: '', sql: 'select 1' }, /name: must not be empty/)
    await bad({ name: '   ', sql: 'select 1' }, /name: must not be empty/)
    await bad({ sql: 'select 1' }, /name/)
    await bad({ name: 'x'.repeat(SNIPPET_NAME_MAX_LENGTH + 1) }, /name: must be at most 256 characters/)
    await bad({ name: 'x', sql: 42 }, /sql: must be a string/)
    await bad({ name: 'x', sql: '', owner_id: owner.id }, /unknown field "owner_id"/)
    const malformed = await platform.request(base(), { token: teammate.token, rawBody: '{"name":', headers: { 'Content-Type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect((await platform.request(base(), { token: teammate.token })).body).toEqual([])

    const created = await platform.request(base(), { token: teammate.token, body: { name: 'Mine' } })
    expect(created.status).toBe(201)
    expect(created.body.sql).toBe('')
    const path = `${base()}/${created.body.id}`
    const patch = async (body: unknown, expected: RegExp) => {
      const res = await platform.request(path, { token: teammate.token, method: 'PATCH', body })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.message).toMatch(expected)
    }
    await patch({}, /give at least one of name, sql, favorite/)
    await patch({ favorite: 'yes' }, /favorite: must be true or false/)
    await patch({ name: '' }, /name: must not be empty/)
    await patch({ id: crypto.randomUUID() }, /unknown field "id"/)
    expect((await platform.request(path, { token: teammate.token })).body.name).toBe('Mine')

    const badId = await platform.request(`${base()}/not-a-uuid`, { token: teammate.token })
    expect(badId.status).toBe(400)
    expect(badId.body.message).toMatch(/id: is not a snippet id/)
    expect((await platform.request(`${base()}/${crypto.randomUUID()}`, { token: teammate.token })).status).toBe(404)
  })

  it('holds up to 1 MiB of SQL: larger bodies are refused with 413', async () => {
    const nearlyMiB = 'é'.repeat(500_000) // 1,000,000 bytes in UTF-8
    const big = await platform.request(base(), { token: owner.token, body: { name: 'Big', sql: nearlyMiB } })
    expect(big.status).toBe(201)
    expect((await platform.request(`${base()}/${big.body.id}`, { token: owner.token })).body.sql).toBe(nearlyMiB)

    const tooBig = await platform.request(base(), { token: owner.token, body: { name: 'Too big', sql: 'x'.repeat(SNIPPET_SQL_MAX_BYTES + 1) } })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.message).toMatch(/too large/)
    // The schema holds the same line should the body limit ever grow.
    expect(createSnippetBody.safeParse({ name: 'x', sql: 'é'.repeat(SNIPPET_SQL_MAX_BYTES / 2 + 1) }).success).toBe(false)
    expect(createSnippetBody.safeParse({ name: 'x', sql: 'é'.repeat(SNIPPET_SQL_MAX_BYTES / 2) }).success).toBe(true)
  })

  it(`stops at ${SNIPPETS_PER_PROJECT_LIMIT} snippets per user and project`, async () => {
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    const { rows } = await db.query<{ id: number }>('select id from platform.projects where ref = $1', [otherRef])
    const { rows: existing } = await db.query<{ n: number }>(
      'select count(*)::int as n from platform.snippets where project_id = $1 and owner_id = $2',
      [rows[0].id, teammate.id]
    )
    await db.query(
      `insert into platform.snippets (id, project_id, owner_id, name)
       select gen_random_uuid(), $1, $2, 'filler ' || g from generate_series(1, $3::int) g`,
      [rows[0].id, teammate.id, SNIPPETS_PER_PROJECT_LIMIT - existing[0].n - 1]
    )
    const last = await platform.request(`/platform/projects/${otherRef}/snippets`, { token: teammate.token, body: { name: 'last one' } })
    expect(last.status).toBe(201)
    const over = await platform.request(`/platform/projects/${otherRef}/snippets`, { token: teammate.token, body: { name: 'one too many' } })
    expect(over.status).toBe(409)
    expect(over.body.message).toMatch(/1,000 snippets/)
    // Someone else's count is their own.
    expect((await platform.request(`/platform/projects/${otherRef}/snippets`, { token: reader.token, body: { name: 'fine' } })).status).toBe(201)
  })

  it('states the same result cap as the query endpoint', () => {
    expect(SQL_RESULT_ROW_CAP).toBe(MAX_RESULT_ROWS)
  })
})

describe('snippets endpoints (self-hosted)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  })
  afterAll(async () => platform?.close())

  it('keep the self-hosted user\'s snippets on the default project without signing in', async () => {
    const created = await platform.request('/platform/projects/default/snippets', { body: { name: 'Local', sql: 'select now()' } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ name: 'Local', sql: 'select now()', project_ref: 'default' })
    const list = await platform.request('/platform/projects/default/snippets')
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['Local'])
    const patched = await platform.request(`/platform/projects/default/snippets/${created.body.id}`, { method: 'PATCH', body: { favorite: true } })
    expect(patched.body.favorite).toBe(true)
    expect((await platform.request(`/platform/projects/default/snippets/${created.body.id}`, { method: 'DELETE' })).status).toBe(204)
  })
})
