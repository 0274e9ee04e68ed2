import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopAllWorkers } from '@/server/functions/runtime'
import { eventually, startFunctionsProject, type FunctionsProject } from './helpers/functions-project'

/**
 * Issue 14, on a running platform (PGlite, or Postgres under scripts/with-postgres.sh): functions
 * deployed through the platform, called as apps call them (supabase-js `functions.invoke`, fetch),
 * in Deno's sandbox, with their limits, versions, secrets, logs and metering.
 */

const READER = `import { createClient } from 'npm:@supabase/supabase-js@2'
Deno.serve(async (req) => {
  const client = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: req.headers.get('Authorization')! } },
  })
  const { data, error } = await client.from('notes').select('body').order('id')
  return Response.json({ greeting: Deno.env.get('GREETING'), rows: data, error })
})
`

const PROBE = `Deno.serve(async (req) => {
  const dataDir = req.headers.get('x-data-dir') ?? '/'
  const out: Record<string, { ok: boolean; value?: string; error?: string }> = {}
  const attempt = async (name: string, fn: () => unknown) => {
    try { out[name] = { ok: true, value: String(await fn()).slice(0, 200) } } catch (e) { out[name] = { ok: false, error: \`\${(e as Error).name}: \${(e as Error).message}\` } }
  }
  await attempt('passwd', () => Deno.readTextFile('/etc/passwd'))
  await attempt('dataDir', async () => (await Array.fromAsync(Deno.readDir(dataDir))).map((e) => e.name).join(','))
  const target = 'file:///etc/' + 'passwd'
  await attempt('importPasswd', () => import(target))
  await attempt('home', () => Deno.env.get('HOME'))
  await attempt('allEnv', () => JSON.stringify(Deno.env.toObject()))
  await attempt('spawn', async () => (await new Deno.Command('/usr/bin/id').output()).code)
  await attempt('childProcess', async () => (await import('node:child_process')).execSync('/usr/bin/id').toString())
  await attempt('greeting', () => Deno.env.get('GREETING'))
  return Response.json(out)
})
`

describe('Edge Functions on a running platform', () => {
  let p: FunctionsProject

  beforeAll(async () => {
    p = await startFunctionsProject('free')
    await p.run(`create table public.notes (id int primary key, body text not null);
      alter table public.notes enable row level security;
      create policy anon_reads on public.notes for select to anon using (id < 10);
      insert into public.notes values (1, 'first note'), (2, 'second note'), (11, 'hidden note');`)
    const set = await p.platform.request(`/platform/projects/${p.ref}/secrets`, { token: p.owner.token, body: [{ name: 'GREETING', value: 'hello from a secret' }] })
    expect(set.status, JSON.stringify(set.body)).toBe(201)
  }, 120_000)
  afterAll(async () => {
    await stopAllWorkers()
    await p?.platform.close()
  })

  it('deploys a function that reads a secret and rows through supabase-js, invoked by supabase-js', async () => {
    const deployed = await p.deploy('reader', READER, {}, 201)
    expect(deployed.body).toMatchObject({ slug: 'reader', version: 1, verify_jwt: true, status: 'ACTIVE' })
    expect(deployed.body.url).toBe(p.functionUrl('reader'))
    const { data, error } = await p.client(p.keys.anon).functions.invoke('reader')
    expect(error).toBeNull()
    // RLS decides: anon sees the two rows its policy allows, not the hidden one.
    expect(data).toEqual({ greeting: 'hello from a secret', rows: [{ body: 'first note' }, { body: 'second note' }], error: null })
  }, 120_000)

  it('verifies the caller JWT unless the function has verification off; answers CORS preflights', async () => {
    const hello = await p.deploy('hello', 'Deno.serve(() => new Response("hello"))\n')
    const none = await fetch(p.functionUrl('hello'), { method: 'POST' })
    expect([none.status, (await none.json()).code]).toEqual([401, 'UNAUTHORIZED_NO_AUTH_HEADER'])
    // The refusal is in the function's own logs, where its developer looks.
    const refused = await eventually(
      () => p.platform.request(`/platform/projects/${p.ref}/logs?source=function_edge_logs&function_id=${hello.body.id}`, { token: p.owner.token }),
      (res) => res.body.result?.length >= 1
    )
    expect(refused.body.result[0].metadata).toMatchObject({ method: 'POST', status_code: 401, error: 'UNAUTHORIZED_NO_AUTH_HEADER' })
    const bad = await fetch(p.functionUrl('hello'), { headers: { Authorization: 'Bearer not.a.jwt' } })
    expect([bad.status, (await bad.json()).code]).toEqual([401, 'UNAUTHORIZED_INVALID_JWT'])
    const good = await fetch(p.functionUrl('hello'), { headers: { Authorization: `Bearer ${p.keys.anon}` } })
    expect([good.status, await good.text(), good.headers.get('access-control-allow-origin')]).toEqual([200, 'hello', '*'])
    const patched = await p.platform.request(`/platform/projects/${p.ref}/functions/hello`, { method: 'PATCH', token: p.owner.token, body: { verify_jwt: false } })
    expect(patched.status).toBe(200)
    const open = await fetch(p.functionUrl('hello'))
    expect([open.status, await open.text()]).toEqual([200, 'hello'])
    const preflight = await fetch(p.functionUrl('reader'), { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type' } })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info')
    const missing = await fetch(p.functionUrl('nope'), { headers: { Authorization: `Bearer ${p.keys.anon}` } })
    expect([missing.status, (await missing.json()).code]).toEqual([404, 'NOT_FOUND'])
  }, 60_000)

  it("gives a function this server's own address as SUPABASE_URL, whatever Host a caller sends", async () => {
    await p.deploy('where', 'Deno.serve(() => new Response(Deno.env.get("SUPABASE_URL")))\n', { verify_jwt: false })
    const http = await import('node:http')
    const url = new URL(p.functionUrl('where'))
    const answer = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, headers: { Host: 'attacker.example' } }, (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve(text))
      })
      req.on('error', reject)
      req.end()
    })
    // A function sending its service key to SUPABASE_URL must never send it to the caller's host.
    expect(answer).toBe(`http://127.0.0.1:${url.port}/${p.ref}`)
  }, 60_000)

  it("refuses the platform's files, the environment beyond the function's secrets, and subprocesses", async () => {
    await p.deploy('probe', PROBE)
    const res = await fetch(p.functionUrl('probe'), { headers: { Authorization: `Bearer ${p.keys.anon}`, 'x-data-dir': p.platform.dataDir } })
    expect(res.status).toBe(200)
    const text = await res.text()
    const out = JSON.parse(text)
    for (const name of ['passwd', 'dataDir', 'importPasswd', 'home', 'allEnv', 'spawn', 'childProcess']) expect([name, out[name].ok], JSON.stringify(out[name])).toEqual([name, false])
    for (const name of ['passwd', 'dataDir', 'home', 'allEnv', 'spawn']) expect(out[name].error, name).toMatch(/NotCapable|PermissionDenied/)
    expect(out.greeting).toEqual({ ok: true, value: 'hello from a secret' })
    expect(text).not.toMatch(/root:x:0:0/)
    expect(text).not.toContain(p.keys.service_role)
  }, 60_000)

  it('stops an infinite loop at the CPU limit with a clear error, and the next invocation works', async () => {
    await p.deploy('spin', `Deno.serve((req) => { if (new URL(req.url).searchParams.has('spin')) { for (;;) {} } return new Response('alive') })\n`)
    const auth = { Authorization: `Bearer ${p.keys.anon}` }
    const spun = await fetch(p.functionUrl('spin', '?spin=1'), { headers: auth })
    const body = await spun.json()
    expect([spun.status, body.code]).toEqual([546, 'CPU_LIMIT'])
    expect(body.message).toMatch(/CPU/)
    const next = await fetch(p.functionUrl('spin'), { headers: auth })
    expect([next.status, await next.text()]).toEqual([200, 'alive'])
  }, 60_000)

  it('stops a function that allocates past the memory limit', async () => {
    await p.deploy('hog', `const kept: number[][] = []\nDeno.serve(() => { for (;;) kept.push(new Array(1_000_000).fill(Math.random())) })\n`)
    const res = await fetch(p.functionUrl('hog'), { headers: { Authorization: `Bearer ${p.keys.anon}` } })
    const body = await res.json()
    expect([res.status, body.code]).toEqual([546, 'MEMORY_LIMIT'])
    expect(body.message).toMatch(/memory/i)
  }, 60_000)

  it('keeps every deploy as a version, rolls back to the previous one, and serves its answer', async () => {
    await p.deploy('versioned', 'Deno.serve(() => new Response("first answer"))\n', { verify_jwt: false })
    const second = await p.deploy('versioned', 'Deno.serve(() => new Response("second answer"))\n', {}, 200)
    expect(second.body.version).toBe(2)
    expect(await (await fetch(p.functionUrl('versioned'))).text()).toBe('second answer')
    const versions = await p.platform.request(`/platform/projects/${p.ref}/functions/versioned/versions`, { token: p.owner.token })
    expect(versions.body.map((v: { version: number; active: boolean }) => [v.version, v.active])).toEqual([[2, true], [1, false]])
    const back = await p.platform.request(`/platform/projects/${p.ref}/functions/versioned/rollback`, { token: p.owner.token, body: { version: 1 } })
    expect([back.status, back.body.version, back.body.latest_version]).toEqual([200, 1, 2])
    expect(await (await fetch(p.functionUrl('versioned'))).text()).toBe('first answer')
    const old = await p.platform.request(`/platform/projects/${p.ref}/functions/versioned/versions/1`, { token: p.owner.token })
    expect(old.body.files).toEqual([{ name: 'index.ts', content: 'Deno.serve(() => new Response("first answer"))\n' }])
  }, 60_000)

  it('refuses code that does not bundle with its output, and keeps nothing of it', async () => {
    const broken = await p.platform.request(`/platform/projects/${p.ref}/functions`, { token: p.owner.token, body: { slug: 'broken', body: 'Deno.serve(() => {\n' } })
    expect(broken.status).toBe(400)
    expect(broken.body.message).toMatch(/^Deploy failed/)
    expect(broken.body.build_output).not.toBe('')
    const offline = await p.platform.request(`/platform/projects/${p.ref}/functions`, { token: p.owner.token, body: { slug: 'offline', body: 'import x from "https://esm.sh/left-pad@1.3.0"\nDeno.serve(() => new Response(String(x)))\n' } })
    expect(offline.status).toBe(400)
    expect(offline.body.message).toContain('https://esm.sh/left-pad@1.3.0')
    const list = await p.platform.request(`/platform/projects/${p.ref}/functions`, { token: p.owner.token })
    expect(list.body.map((f: { slug: string }) => f.slug)).not.toContain('broken')
    expect(list.body.map((f: { slug: string }) => f.slug)).not.toContain('offline')
  }, 120_000)

  it("serves a secret's new value after it changes, and forgets a deleted one", async () => {
    await p.deploy('greeter', 'Deno.serve(() => { try { return new Response(Deno.env.get("GREETING") ?? "unset") } catch (e) { return new Response((e as Error).name) } })\n', { verify_jwt: false })
    expect(await (await fetch(p.functionUrl('greeter'))).text()).toBe('hello from a secret')
    await p.platform.request(`/platform/projects/${p.ref}/secrets`, { token: p.owner.token, body: [{ name: 'GREETING', value: 'changed value' }] })
    expect(await (await fetch(p.functionUrl('greeter'))).text()).toBe('changed value')
    const listed = await p.platform.request(`/platform/projects/${p.ref}/secrets`, { token: p.owner.token })
    expect(listed.body.map((s: { name: string }) => s.name)).toEqual(['GREETING'])
    expect(JSON.stringify(listed.body)).not.toContain('changed value')
    const deleted = await p.platform.request(`/platform/projects/${p.ref}/secrets`, { method: 'DELETE', token: p.owner.token, body: ['GREETING'] })
    expect(deleted.status).toBe(204)
    expect(await (await fetch(p.functionUrl('greeter'))).text()).not.toBe('changed value')
    await p.platform.request(`/platform/projects/${p.ref}/secrets`, { token: p.owner.token, body: [{ name: 'GREETING', value: 'hello from a secret' }] })
  }, 60_000)

  it('writes invocation lines and console output to the logs, counts invocations, and meters them', async () => {
    const deployed = await p.deploy('chatty', 'Deno.serve((req) => { console.log("hello from chatty", req.method); console.error("chatty complains"); return new Response("ok", { status: 202 }) })\n', { verify_jwt: false })
    const id = deployed.body.id as string
    expect((await fetch(p.functionUrl('chatty', '/deeper?x=1'), { method: 'POST', body: 'hi' })).status).toBe(202)
    const read = () => p.platform.request(`/platform/projects/${p.ref}/logs?source=function_edge_logs,function_logs&function_id=${id}`, { token: p.owner.token })
    const logs = await eventually(read, (res) => res.body.result?.length >= 3)
    const lines = logs.body.result as { source: string; level: string; event_message: string; metadata: Record<string, unknown> }[]
    const edge = lines.find((l) => l.source === 'function_edge_logs')!
    expect(edge.metadata).toMatchObject({ function_id: id, method: 'POST', path: '/chatty/deeper', status_code: 202 })
    expect(typeof edge.metadata.execution_time_ms).toBe('number')
    const consoleLines = lines.filter((l) => l.source === 'function_logs')
    expect(consoleLines.map((l) => [l.level, l.event_message]).sort()).toEqual([['error', 'chatty complains'], ['info', 'hello from chatty POST']])
    expect(consoleLines.every((l) => l.metadata.execution_id === edge.metadata.execution_id)).toBe(true)
    const listed = await eventually(
      () => p.platform.request(`/platform/projects/${p.ref}/functions`, { token: p.owner.token }),
      (res) => res.body.find((f: { slug: string }) => f.slug === 'chatty')?.invocations_24h === 1
    )
    expect(listed.body.find((f: { slug: string }) => f.slug === 'chatty')).toMatchObject({ invocations_24h: 1, errors_24h: 0 })
    // The billing usage page counts them, measured (Free: 500,000 included).
    const invocations = async () => {
      const res = await p.platform.request(`/platform/organizations/${p.orgSlug}/usage`, { token: p.owner.token })
      return res.body.usages.find((u: { metric: string }) => u.metric === 'FUNCTION_INVOCATIONS')
    }
    const metered = await eventually(invocations, (u) => u.usage > 0)
    expect(metered).toMatchObject({ source: 'measured', quota: 500_000 })
    expect(metered.usage).toBeGreaterThan(0)
  }, 60_000)

  it('refuses a request body past the plan limit before the function runs', async () => {
    await p.deploy('sink', 'Deno.serve(async (req) => new Response(String((await req.arrayBuffer()).byteLength)))\n', { verify_jwt: false })
    const big = await fetch(p.functionUrl('sink'), { method: 'POST', body: new Uint8Array(10 * 1024 * 1024 + 1) })
    const body = await big.json()
    expect([big.status, body.code]).toEqual([413, 'REQUEST_TOO_LARGE'])
    expect(await (await fetch(p.functionUrl('sink'), { method: 'POST', body: 'four' })).text()).toBe('4')
  }, 60_000)

  it("serves nothing while the project is paused", async () => {
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    await db.query(`update platform.projects set status = 'INACTIVE' where ref = $1`, [p.ref])
    try {
      // Another instance's pause reaches this one within the second it keeps a function's row.
      const paused = await eventually(() => fetch(p.functionUrl('versioned')), (res) => res.status === 503)
      const body = await paused.json()
      expect([paused.status, body.code]).toEqual([503, 'PROJECT_NOT_ACTIVE'])
      expect(body.message).toMatch(/paused/)
    } finally {
      await db.query(`update platform.projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [p.ref])
    }
    expect((await eventually(() => fetch(p.functionUrl('versioned')), (res) => res.status === 200)).status).toBe(200)
  }, 60_000)

  it('serves the same functions from a second instance on the same store', async () => {
    // No warm worker and no module cache left on this machine: the store alone must be enough.
    await stopAllWorkers()
    const fs = await import('node:fs')
    fs.rmSync(`${p.platform.dataDir}/deno`, { recursive: true, force: true })
    const peer = await p.platform.startPeer()
    try {
      const res = await fetch(`${peer.projectUrl(p.ref)}/functions/v1/versioned`)
      expect([res.status, await res.text()]).toEqual([200, 'first answer'])
      const read = await fetch(`${peer.projectUrl(p.ref)}/functions/v1/reader`, { headers: { Authorization: `Bearer ${p.keys.anon}` } })
      expect([read.status, (await read.json()).rows]).toEqual([200, [{ body: 'first note' }, { body: 'second note' }]])
    } finally {
      await peer.close()
    }
  }, 60_000)

  it('tests a function from the dashboard with a role key, and deletes it', async () => {
    const tested = await p.platform.request(`/platform/projects/${p.ref}/functions/reader/invoke`, { token: p.owner.token, body: { method: 'POST', role: 'anon', body: '{}' } })
    expect(tested.status).toBe(200)
    expect([tested.body.status, tested.body.status_text]).toEqual([200, 'OK'])
    expect(JSON.parse(tested.body.body).greeting).toBe('hello from a secret')
    const unauthenticated = await p.platform.request(`/platform/projects/${p.ref}/functions/reader/invoke`, { token: p.owner.token, body: { method: 'GET', role: 'none' } })
    expect([unauthenticated.body.status, unauthenticated.body.status_text, JSON.parse(unauthenticated.body.body).code]).toEqual([401, 'Unauthorized', 'UNAUTHORIZED_NO_AUTH_HEADER'])
    const reserved = await p.platform.request(`/platform/projects/${p.ref}/functions`, { token: p.owner.token, body: { slug: 'secrets', body: 'Deno.serve(() => new Response("x"))' } })
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(400)
    expect(reserved.body.message).toMatch(/slug.*must not be one of secrets/)
    const gone = await p.platform.request(`/platform/projects/${p.ref}/functions/reader`, { method: 'DELETE', token: p.owner.token })
    expect(gone.status).toBe(204)
    const after = await fetch(p.functionUrl('reader'), { headers: { Authorization: `Bearer ${p.keys.anon}` } })
    expect(after.status).toBe(404)
  }, 60_000)
})
