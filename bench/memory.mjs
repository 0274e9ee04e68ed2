#!/usr/bin/env node
// The server's memory (RSS of the server's process group: the Next server, its PGlite worker
// threads, anything it started) with 1, 4 and 20 PGlite projects, against a production server
// (`npm run build` first; the existing `.next` is used when there is one), hosted mode, PGlite store:
//   - idle: after each project answered one REST request, then once every project database was
//     left idle long enough to close (PROJECT_DB_IDLE_SECONDS, BENCH_IDLE_SECONDS here, default 15);
//   - the time to first answer of a cold project (its database closed): a REST GET, and a
//     wire-protocol connection (psql's path: connect, authenticate, one query);
//   - under REST load: GET …/rest/v1/items?limit=20 (anon key, RLS) on 4 and on 20 projects at once
//     (BENCH_CONNECTIONS, 20, spread over the projects), the highest RSS sampled every 200 ms.
//   - first, the headline: a hosted server seeded with the demo (SEED_DEMO: 4 projects and
//     the platform store) on a fresh DATA_DIR, RSS after 30 s idle and after the idle close
//     (BENCH_DEMO=0 skips it);
//   node bench/memory.mjs
// @bench
// Settings pass through to the server: compare with the earlier behaviour by running
//   PROJECT_DB_IDLE_SECONDS=300 PGLITE_SHARED_BUFFERS_MB=128 BENCH_IDLE_WAIT=30 node bench/memory.mjs
// (BENCH_IDLE_WAIT: seconds of idleness before the idle figure; default the idle time + 5;
// BENCH_PORT, BENCH_API_PORT, PGLITE_PORT_BASE: the ports to use, else free ones).
import autocannon from 'autocannon'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { apiCaller, ensureBuild, freePort } from './bench-project.mjs'
import { figure, reportFigures } from './bench-result.mjs'

const IDLE_SECONDS = Number(process.env.PROJECT_DB_IDLE_SECONDS ?? process.env.BENCH_IDLE_SECONDS ?? 15)
const IDLE_WAIT = Number(process.env.BENCH_IDLE_WAIT ?? IDLE_SECONDS + 5)
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const COUNTS = (process.env.BENCH_COUNTS ?? '1,4,20').split(',').map(Number) // e.g. BENCH_COUNTS=1,4 for a shorter run
const PASSWORD = 'Quartz-lantern-orbit-91-velvet!'
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Threads of the server's process (one per open PGlite database, besides Node's own). */
function threads(pid) {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).length
  } catch {
    return 0
  }
}

/** RSS (MB) of every process of the server's group (it is started detached: its pid is the group). */
function rssMb(group) {
  let kb = 0
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      if (Number(stat[2]) !== group) continue
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    } catch {}
  }
  return Math.round(kb / 1024)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

ensureBuild()
const { startServer } = await import('./server.mjs')
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort()
const apiPort = process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : await freePort()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'))
const start = () =>
  startServer({
    port,
    apiPort,
    dataDir,
    env: { IS_PLATFORM: 'true', DATABASE_URL: '', PROJECT_DB_IDLE_SECONDS: String(IDLE_SECONDS), PGLITE_PORT_BASE: process.env.PGLITE_PORT_BASE ?? '0' },
  })
/** The demo-seeded server of the headline figure: its RSS after 30 s idle, then once its databases closed. */
async function demoFigures() {
  const demo = await startServer({
    port,
    apiPort,
    env: { IS_PLATFORM: 'true', DATABASE_URL: '', SEED_DEMO: 'true', PROJECT_DB_IDLE_SECONDS: String(IDLE_SECONDS), PGLITE_PORT_BASE: process.env.PGLITE_PORT_BASE ?? '0' },
  })
  try {
    await sleep(30_000) // the server answers once the demo is seeded (instrumentation.ts awaits it)
    const at30 = `${rssMb(demo.pid)} MB (${threads(demo.pid)} threads)`
    await sleep(Math.max(0, IDLE_WAIT - 30) * 1000)
    return { at30, closed: `${rssMb(demo.pid)} MB (${threads(demo.pid)} threads)` }
  } finally {
    demo.stop()
    for (let i = 0; fs.existsSync(`/proc/${demo.pid}`) && i < 300; i++) await sleep(100)
  }
}
const demo = process.env.BENCH_DEMO === '0' ? null : await demoFigures()
let server = await start()
const call = apiCaller(`${server.origin}/dashboard/api`)

const session = await call('/auth/v1/signup', { method: 'POST', body: { email: `memory-${Date.now()}@example.com`, password: 'bench-password-Very-Long-42' } })
const token = session.access_token
await call('/platform/profile', { method: 'POST', token })
const org = await call('/platform/organizations', { method: 'POST', token, body: { name: 'Memory bench', plan: 'pro' } })

/** A new project with a table of 1,000 rows anon may read; its REST URL, headers and wire connection string. */
async function newProject(i) {
  const { ref } = await call('/platform/projects', {
    method: 'POST',
    token,
    body: { name: `Memory ${i}`, organization_slug: org.slug, region: 'eu-west-1', db_pass: PASSWORD },
  })
  for (let n = 0; (await call(`/platform/projects/${ref}`, { token })).status !== 'ACTIVE_HEALTHY'; n++) {
    if (n > 600) throw new Error(`project ${ref} did not become healthy`)
    await sleep(200)
  }
  await call(`/platform/pg-meta/${ref}/query`, {
    method: 'POST',
    token,
    headers: { 'x-connection-encrypted': 'bench' },
    body: {
      query: `create table public.items (id bigint primary key, name text not null);
        insert into public.items select g, 'item ' || g from generate_series(1, 1000) g;
        alter table public.items enable row level security;
        create policy anon_reads on public.items for select to anon using (true);`,
    },
  })
  const keys = Object.fromEntries((await call(`/platform/projects/${ref}/api-keys`, { token })).map((k) => [k.name, k.api_key]))
  await call(`/platform/projects/${ref}/db-password`, { method: 'POST', token, body: { password: PASSWORD } })
  const url = new URL((await call(`/platform/projects/${ref}`, { token })).connectionString)
  url.password = encodeURIComponent(PASSWORD)
  const db = { connectionString: url.toString() }
  return { ref, db, rest: { url: `${server.apiOrigin}/${ref}/rest/v1/items?select=*&limit=20`, headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}` } } }
}

async function get(project) {
  const res = await fetch(project.rest.url, { headers: project.rest.headers })
  const rows = await res.json()
  if (!res.ok || rows.length !== 20) throw new Error(`REST ${project.ref}: ${res.status} ${JSON.stringify(rows).slice(0, 200)}`)
}

/** Connects over the wire protocol as psql would, runs one query, leaves. */
async function wireQuery(project) {
  const client = new pg.Client(project.db)
  await client.connect()
  try {
    const { rows } = await client.query('select count(*)::int as n from public.items')
    if (rows[0].n !== 1000) throw new Error(`wire ${project.ref}: ${JSON.stringify(rows)}`)
  } finally {
    await client.end()
  }
}

/** RSS once every database had time to close; `ms` of idleness measured from now. */
async function idleRss(ms = IDLE_WAIT * 1000) {
  await sleep(ms)
  return `${rssMb(server.pid)} MB (${threads(server.pid)} threads)`
}

function load(projects) {
  let peak = rssMb(server.pid)
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 200)
  const per = Math.max(1, Math.round(CONNECTIONS / projects.length))
  const runs = projects.map(
    (p) =>
      new Promise((resolve, reject) =>
        autocannon({ url: p.rest.url, headers: p.rest.headers, connections: per, duration: LOAD_SECONDS }, (err, r) => (err ? reject(err) : resolve(r)))
      )
  )
  return Promise.all(runs).then((results) => {
    clearInterval(sampler)
    const total = results.reduce((sum, r) => sum + r.requests.total, 0)
    const bad = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0)
    return { peak, rps: Math.round(total / LOAD_SECONDS), bad, after: rssMb(server.pid) }
  })
}

const rows = []
const row = (label, value) => {
  rows.push([label, value])
  console.log(`${label.padEnd(58)} ${value}`)
}
/** The headline figures for `npm run bench` (bench-result.mjs), gathered as they are measured. */
const figures = []
const mb = (text) => Number(/^(\d+) MB/.exec(text)?.[1])
try {
  console.log(`PROJECT_DB_IDLE_SECONDS=${IDLE_SECONDS}, PGLITE_SHARED_BUFFERS_MB=${process.env.PGLITE_SHARED_BUFFERS_MB ?? '(default)'}; idle figures after ${IDLE_WAIT} s`)
  if (demo) {
    row('demo seeded (4 projects + the store), idle 30 s', demo.at30)
    row(`demo seeded, idle ${Math.max(30, IDLE_WAIT)} s`, demo.closed)
    figures.push(figure('memory.demo.idle30', 'server RSS, demo seeded, idle 30 s (PGlite)', mb(demo.at30), 'MB', { max: 500 }))
  }
  row('server started, no project (idle)', await idleRss(5000))
  const projects = []
  for (const count of COUNTS) {
    while (projects.length < count) projects.push(await newProject(projects.length + 1))
    for (const p of projects) await get(p)
    row(`${count} project(s), each just answered one REST request`, `${rssMb(server.pid)} MB (${threads(server.pid)} threads)`)
    const idle = await idleRss()
    row(`${count} project(s), idle ${IDLE_WAIT} s`, idle)
    figures.push(figure(`memory.idle.${count}`, `server RSS, ${count} project(s), idle ${IDLE_WAIT} s (PGlite)`, mb(idle), 'MB', { max: 500 }))
  }
  // Cold starts: each project's database is closed now (when IDLE_WAIT passed the idle time).
  const restCold = []
  for (const p of projects.slice(0, 5)) {
    const started = performance.now()
    await get(p)
    restCold.push(performance.now() - started)
  }
  row('cold project: first REST answer (median of 5)', `${Math.round(median(restCold))} ms (${restCold.map(Math.round).join(', ')})`)
  figures.push(figure('memory.cold-rest', 'cold project: first REST answer, median (PGlite)', Math.round(median(restCold)), 'ms'))
  const wireProjects = projects.slice(5, 10)
  if (wireProjects.length) {
    const wireCold = []
    for (const p of wireProjects) {
      const started = performance.now()
      await wireQuery(p)
      wireCold.push(performance.now() - started)
    }
    row(`cold project: wire connect + first query (median of ${wireCold.length})`, `${Math.round(median(wireCold))} ms (${wireCold.map(Math.round).join(', ')})`)
  }
  const warm = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    await get(projects[0])
    warm.push(performance.now() - started)
  }
  row('warm project: REST answer (median of 5)', `${Math.round(median(warm))} ms`)
  for (const n of [4, 20]) {
    for (const p of projects.slice(0, n)) await get(p) // the load measures open databases, not their cold starts (up to the cap)
    const r = await load(projects.slice(0, n))
    row(`REST load on ${n} projects, ${CONNECTIONS} connections: peak RSS`, `${r.peak} MB (${r.rps} req/s, ${r.bad} failed; ${r.after} MB at the end)`)
    figures.push(figure(`memory.load.${n}`, `server RSS peak, REST load on ${n} projects (PGlite)`, r.peak, 'MB'))
  }
  row(`after the load, idle ${IDLE_WAIT} s`, await idleRss())
  // A restart on the same DATA_DIR: what a self-hoster's server holds from then on (the first start
  // also created the store and the projects' template cluster).
  server.stop()
  for (let i = 0; fs.existsSync(`/proc/${server.pid}`) && i < 300; i++) await sleep(100) // let the old server end first
  server = await start()
  const restarted = await idleRss()
  row(`restarted with ${projects.length} projects, idle ${IDLE_WAIT} s`, restarted)
  figures.push(figure('memory.restarted.20', `server RSS after a restart, ${projects.length} projects idle (PGlite)`, mb(restarted), 'MB', { max: 500 }))
  await get(projects[0])
  row('restarted, one project answered (its database open)', `${rssMb(server.pid)} MB`)
  reportFigures(figures)
} finally {
  server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
