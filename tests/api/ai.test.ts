import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { readServerSentEvents } from '@/data/read-stream'
import { flushLogEvents } from '@/server/logs/recorder'
import type { AiStreamEvent } from '@/lib/api-types/ai'
import { defaultScript, startFakeOpenAI, tokens, type FakeOpenAI } from '../fake-openai/fake-openai.mjs'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg } from './projects-helpers'

type User = { id: string; email: string; token: string }
type Received = { event: AiStreamEvent; at: number }

const API_KEY = 'sk-test-0123456789-secret-provider-key'
const ALL_OPT_INS = ['AI_SQL_GENERATOR_OPT_IN', 'AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN']
const ask = (content: string) => ({ messages: [{ role: 'user', content }] })

/** Posts a chat and reads its events as they arrive; `stopAfter` hangs up after that many text events. */
async function chat(platform: TestPlatform, token: string, ref: string, body: unknown, stopAfter?: number) {
  const controller = new AbortController()
  const res = await fetch(`${platform.apiUrl}/platform/projects/${ref}/ai/chat`, {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  })
  const received: Received[] = []
  if (!res.ok || !res.body) return { status: res.status, headers: res.headers, body: await res.json(), received, text: '' }
  let texts = 0
  try {
    for await (const event of readServerSentEvents(res.body)) {
      received.push({ event: event as AiStreamEvent, at: performance.now() })
      if ((event as AiStreamEvent).type === 'text' && ++texts === stopAfter) {
        controller.abort()
        break
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error
  }
  const text = received.map(({ event }) => (event.type === 'text' ? event.delta : '')).join('')
  return { status: res.status, headers: res.headers, body: null, received, text }
}

const ofType = <T extends AiStreamEvent['type']>(received: Received[], type: T) =>
  received.map((r) => r.event).filter((e): e is Extract<AiStreamEvent, { type: T }> => e.type === type)

/** The assistant against a local provider speaking the OpenAI streaming protocol. */
describe('the assistant (hosted, a configured model)', () => {
  let fake: FakeOpenAI
  let platform: TestPlatform
  let owner: User
  let reader: User
  let outsider: User
  let ref: string
  let slug: string

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: API_KEY })
    platform = await startTestPlatform({
      isPlatform: true,
      env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: API_KEY, AI_MODEL: 'fake-model-1', AI_TIMEOUT_MS: '1500', AI_REQUESTS_PER_MINUTE: '1000' },
    })
    ;[owner, reader, outsider] = await Promise.all([1, 2, 3].map(() => platform.createUser()))
    const org = await createOrg('pro', [
      [owner.id, 'Owner'],
      [reader.id, 'Read-only'],
    ])
    slug = org.slug
    await createOrg('free', [[outsider.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Assistant')).ref
    const created = await platform.request(`/platform/pg-meta/${ref}/query`, {
      token: owner.token,
      headers: { 'x-connection-encrypted': 'test' },
      body: { query: `create table public.todos (id bigint primary key, title text not null); insert into public.todos values (1, 'a'), (2, 'b'), (3, 'c');` },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })

  const setOptIns = async (tags: string[]) => {
    const res = await platform.request(`/platform/organizations/${slug}`, { method: 'PATCH', token: owner.token, body: { opt_in_tags: tags } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.opt_in_tags).toEqual(tags)
  }
  const todoCount = async () => {
    const res = await platform.request(`/platform/pg-meta/${ref}/query`, {
      token: owner.token,
      headers: { 'x-connection-encrypted': 'test' },
      body: { query: 'select count(*)::int as n from public.todos' },
    })
    return res.body.rows[0].n as number
  }

  beforeEach(async () => {
    fake.setScript(defaultScript)
    fake.requests.length = 0
    await setOptIns(ALL_OPT_INS)
  })

  it('reports the model, the opt-ins and prompts named after the project’s tables, never the key', async () => {
    const res = await platform.request(`/platform/projects/${ref}/ai/status`, { token: reader.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      configured: true,
      model: 'fake-model-1',
      opt_in: ALL_OPT_INS,
      suggestions: { title: 'Try asking', prompts: expect.arrayContaining(['How many rows are in public.todos?']) },
    })
    expect(JSON.stringify(res.body)).not.toContain(API_KEY)
  })

  it('streams the answer token by token as the provider sends it, with the key only in the provider request', async () => {
    const pieces = tokens('Postgres keeps rows in heap pages; an index points at them.', 5)
    fake.setScript(() => ({ text: pieces, delayMs: 40 }))
    const res = await chat(platform, reader.token, ref, ask('How are rows stored?'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const texts = ofType(res.received, 'text')
    expect(texts.length).toBeGreaterThanOrEqual(pieces.length / 2)
    expect(res.text).toBe(pieces.join(''))
    // Token by token: the first piece arrived well before the last, not all at once at the end.
    const textTimes = res.received.filter((r) => r.event.type === 'text').map((r) => r.at)
    expect(textTimes.at(-1)! - textTimes[0]).toBeGreaterThan(200)
    expect(res.received.at(-1)?.event).toEqual({ type: 'done' })

    const sent = fake.requests[0]
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(sent.body).toMatchObject({ model: 'fake-model-1', stream: true })
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'How are rows stored?' })
    expect(JSON.stringify(res.received)).not.toContain(API_KEY)
  })

  it('runs a read-only count on the real table and gives the model the real number', async () => {
    fake.setScript((request) =>
      request.body.messages.at(-1)?.role === 'tool' ? defaultScript(request) : { toolCalls: [{ name: 'run_sql', arguments: { sql: 'select count(*) from public.todos' } }] }
    )
    const res = await chat(platform, reader.token, ref, ask('How many rows are in public.todos?'))
    expect(fake.requests).toHaveLength(2)
    const toolMessage = fake.requests[1].body.messages.find((m) => m.role === 'tool')
    expect(JSON.stringify(toolMessage)).toMatch(/\\?"count\\?":\s*\\?"?3/)
    expect(ofType(res.received, 'tool')).toContainEqual({ type: 'tool', name: 'run_sql', ok: true, summary: 'Ran a read-only query: 1 row' })
    expect(res.text).toBe('There are 3 rows in that table.')
    expect(res.received.at(-1)?.event).toEqual({ type: 'done' })
  })

  it('never runs a statement that writes: it becomes a SQL card, and the rows stay', async () => {
    for (const sql of ['delete from public.todos', 'with gone as (delete from public.todos returning *) select count(*) from gone']) {
      fake.requests.length = 0
      fake.setScript((request) =>
        request.body.messages.at(-1)?.role === 'tool' ? { text: ['I proposed it.'] } : { toolCalls: [{ name: 'run_sql', arguments: { sql } }] }
      )
      const res = await chat(platform, owner.token, ref, ask('Empty the todos table'))
      expect(ofType(res.received, 'snippet')).toEqual([{ type: 'snippet', id: expect.any(String), title: 'Proposed statement (not run)', sql }])
      expect(JSON.stringify(fake.requests[1].body.messages.find((m) => m.role === 'tool'))).toContain('was not run')
      expect(await todoCount()).toBe(3)
    }
  })

  it('describes the tables it is asked about, with the context-only header, and names them', async () => {
    fake.setScript((request) =>
      request.body.messages.at(-1)?.role === 'tool' ? { text: ['It has id and title.'] } : { toolCalls: [{ name: 'get_schema', arguments: { tables: ['public.todos'] } }] }
    )
    const res = await chat(platform, reader.token, ref, ask('What columns does todos have?'))
    const schemaText = JSON.stringify(fake.requests[1].body.messages.find((m) => m.role === 'tool'))
    expect(schemaText).toContain('-- WARNING: This schema is for context only and is not meant to be run.')
    expect(schemaText).toContain('CREATE TABLE public.todos')
    expect(ofType(res.received, 'tables')).toContainEqual({ type: 'tables', tables: [{ schema: 'public', name: 'todos' }] })
  })

  it('searches the project’s recorded logs', async () => {
    await platform.request(`/platform/pg-meta/${ref}/query`, { token: owner.token, headers: { 'x-connection-encrypted': 'test' }, body: { query: 'select * from assistant_missing_table' } })
    // Log lines are written in batches (one second after the first): write this one now, as the timer would.
    await flushLogEvents()
    const logs = await platform.request(`/platform/projects/${ref}/logs?search=assistant_missing_table`, { token: owner.token })
    expect(logs.body.result.length).toBeGreaterThan(0)
    fake.setScript((request) =>
      request.body.messages.at(-1)?.role === 'tool' ? { text: ['Found it.'] } : { toolCalls: [{ name: 'search_logs', arguments: { search: 'assistant_missing_table' } }] }
    )
    const res = await chat(platform, reader.token, ref, ask('Why did my last query fail?'))
    expect(JSON.stringify(fake.requests[1].body.messages.find((m) => m.role === 'tool'))).toContain('assistant_missing_table')
    expect(ofType(res.received, 'tool')[0]).toMatchObject({ name: 'search_logs', ok: true })
  })

  it('withholds schema, rows and logs the organization has not opted in to', async () => {
    await setOptIns([])
    fake.setScript((request) =>
      request.body.messages.at(-1)?.role === 'tool'
        ? { text: ['No access.'] }
        : { toolCalls: [{ name: 'get_schema', arguments: { tables: ['public.todos'] } }] }
    )
    const res = await chat(platform, reader.token, ref, ask('Describe todos'))
    expect(res.received[0].event).toEqual({ type: 'withheld', keys: ALL_OPT_INS })
    const sent = fake.requests.map((r) => JSON.stringify(r.body)).join('\n')
    expect(fake.requests[0].body.tools ?? []).toEqual([])
    expect(sent).not.toContain('CREATE TABLE')
    expect(sent).toContain('has not opted in')

    // Only the schema: the model may read table descriptions but gets no tool for rows or logs.
    await setOptIns(['AI_SQL_GENERATOR_OPT_IN'])
    fake.requests.length = 0
    fake.setScript((request) =>
      request.body.messages.at(-1)?.role === 'tool' ? { text: ['Done.'] } : { toolCalls: [{ name: 'run_sql', arguments: { sql: 'select title from public.todos' } }] }
    )
    const limited = await chat(platform, reader.token, ref, ask('List the titles'))
    expect(limited.received[0].event).toEqual({ type: 'withheld', keys: ['AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN'] })
    expect((fake.requests[0].body.tools ?? []).map((t) => t.function.name)).toEqual(['get_schema'])
    const after = fake.requests.map((r) => JSON.stringify(r.body)).join('\n')
    expect(after).not.toMatch(/"title":\s*"[abc]"/)
  })

  it('stops mid-stream when the user hangs up, and the provider request is cancelled too', async () => {
    fake.setScript(() => ({ text: tokens('word '.repeat(200), 5), delayMs: 30 }))
    const res = await chat(platform, reader.token, ref, ask('Write a long essay'), 3)
    expect(ofType(res.received, 'text')).toHaveLength(3)
    await vi.waitFor(() => expect(fake.requests[0].closedEarly).toBe(true), { timeout: 5_000 })
  })

  it.each([
    ['a refused key (401)', { status: 401, error: 'Incorrect API key provided' }, /refused the request \(401\): check AI_API_KEY/],
    ['a provider failure (500)', { status: 500, error: 'upstream exploded' }, /failed \(500\): upstream exploded/],
    ['no answer (timeout)', { hang: true }, /did not answer within 1\.5 s/],
    ['a malformed stream', { broken: true }, /could not be read/],
    ['a connection dropped mid-answer', { cut: true }, /could not be read/],
    ['a stalled stream', { text: ['Hal'], stall: true }, /did not answer within 1\.5 s/],
  ])('turns %s into a clear message in the chat', async (_name, reply, message) => {
    fake.setScript(() => reply as ReturnType<typeof defaultScript>)
    const res = await chat(platform, reader.token, ref, ask('Hello?'))
    expect(res.status).toBe(200)
    const last = res.received.at(-1)?.event
    expect(last?.type).toBe('error')
    expect(last && 'message' in last ? last.message : '').toMatch(message)
    expect(JSON.stringify(res.received)).not.toContain(API_KEY)
  })

  it('refuses bad input with a message naming the problem, and outsiders', async () => {
    const post = (body: unknown, token = reader.token) => platform.request(`/platform/projects/${ref}/ai/chat`, { token, body })
    expect((await post({ messages: [] })).body.message).toMatch(/messages.*at least one message/)
    expect((await post({ messages: [{ role: 'assistant', content: 'hi' }] })).body.message).toMatch(/last message must be the user/)
    expect((await post({ messages: [{ role: 'system', content: 'obey' }] })).body.message).toMatch(/must be user or assistant/)
    expect((await post({ messages: Array.from({ length: 4 }, () => ({ role: 'user', content: 'x'.repeat(15_000) })) })).body.message).toMatch(/characters in all/)
    expect((await post(ask('hi'), outsider.token)).status).toBe(404)
    expect(fake.requests).toHaveLength(0)
  })

  it('lets Owners and Admins set the opt-ins, audit-logged; Developers may not', async () => {
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    await setOptIns(['AI_LOG_GENERATOR_OPT_IN'])
    const { rows } = await db.query<{ metadata: Record<string, unknown> }>(
      `select metadata from platform.audit_logs where action = 'organization.updated' order by id desc limit 1`
    )
    expect(rows[0].metadata).toEqual({ opt_in_tags: ['AI_LOG_GENERATOR_OPT_IN'] })
    const bad = await platform.request(`/platform/organizations/${slug}`, { method: 'PATCH', token: owner.token, body: { opt_in_tags: ['AI_EVERYTHING'] } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/opt_in_tags.*must be among AI_SQL_GENERATOR_OPT_IN/)
    const denied = await platform.request(`/platform/organizations/${slug}`, { method: 'PATCH', token: reader.token, body: { opt_in_tags: [] } })
    expect(denied.status).toBe(403)
  })
})

describe('the assistant (self-hosted, no model configured)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    for (const key of ['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY', 'AI_OPT_IN']) delete process.env[key]
    platform = await startTestPlatform({ isPlatform: false })
  })
  afterAll(async () => platform?.close())

  it('says no model is configured and how to configure one; opt-ins come from the setting', async () => {
    const status = await platform.request('/platform/projects/default/ai/status')
    expect(status.body).toMatchObject({ configured: false, model: null, opt_in: ALL_OPT_INS })
    const res = await platform.request('/platform/projects/default/ai/chat', { body: ask('Hello') })
    expect(res.status).toBe(503)
    expect(res.body.message).toMatch(/No model is configured.*AI_BASE_URL and AI_MODEL.*README, section “The assistant”/)
    const org = (await platform.request('/platform/organizations')).body[0]
    expect(org.opt_in_tags).toEqual(ALL_OPT_INS)
    const patch = await platform.request(`/platform/organizations/${org.slug}`, { method: 'PATCH', body: { opt_in_tags: [] } })
    expect(patch.status).toBe(400)
    expect(patch.body.message).toMatch(/AI_OPT_IN/)
  })
})

describe('the assistant’s rate limit', () => {
  let fake: FakeOpenAI
  let platform: TestPlatform
  beforeAll(async () => {
    fake = await startFakeOpenAI()
    platform = await startTestPlatform({ isPlatform: false, env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm', AI_REQUESTS_PER_MINUTE: '2' } })
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })

  it('answers 429 with Retry-After past the per-user limit, before asking the model', async () => {
    fake.setScript(() => ({ text: ['ok'] }))
    for (let i = 0; i < 2; i++) expect((await platform.request('/platform/projects/default/ai/chat', { body: ask('hi') })).status).toBe(200)
    const limited = await platform.request('/platform/projects/default/ai/chat', { body: ask('hi') })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.body.message).toMatch(/Too many assistant requests/)
    expect(fake.requests).toHaveLength(2)
  })
})


describe('an unreachable model', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    // A port that was just free and is closed again: nothing listens there, the connection is refused.
    const net = await import('node:net')
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise((resolve) => probe.close(resolve))
    platform = await startTestPlatform({ isPlatform: false, env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'm', AI_REQUESTS_PER_MINUTE: '100' } })
  })
  afterAll(async () => platform?.close())

  it('says the model cannot be reached at AI_BASE_URL', async () => {
    const res = await chat(platform, '', 'default', ask('hi'))
    expect(res.received.at(-1)?.event).toEqual({ type: 'error', message: expect.stringMatching(/Could not reach the model at AI_BASE_URL \(ECONNREFUSED\)/) })
  })
})
