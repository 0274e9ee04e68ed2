#!/usr/bin/env node
// The project's REST API under load: req/s, p50 and p99 of
//   GET {project}/rest/v1/items?select=*&limit=20   (anon key, one RLS policy for anon)
// with 50 connections for BENCH_SECONDS (10) after a warm-up, next to the same query through the
// platform's own SQL path (POST /platform/pg-meta/{ref}/query as the project's owner). Against a
// production server (`next start` on a free port): the existing `.next` build when there is one,
// else `npm run build` first. Store and project databases: PGlite by default; a Postgres server
// when DATABASE_URL (or TEST_DATABASE_URL, as scripts/with-postgres.sh sets) is given:
//   node bench/project-api.mjs
//   bash scripts/with-postgres.sh node bench/project-api.mjs
// (`npm run bench:project-api` runs both.) On Postgres it also loads bench/floor-server.mjs, the
// same query from a bare node:http server: what this machine allows any Node server.
// @bench pglite postgres
import autocannon from 'autocannon'
import { figure, reportFigures } from './bench-result.mjs'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { benchProject, freePort, startBenchServer } from './bench-project.mjs'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
// BENCH_PHASES: which loads to run (all by default), e.g. `rest` alone while profiling the server.
const PHASES = new Set((process.env.BENCH_PHASES ?? 'rest,sql,floor').split(','))
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ROWS = 1_000
const { databaseUrl, store, server, base, projects, call } = await startBenchServer(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined)

/** CPU time (ms) the server process and the Postgres processes have used so far (Linux /proc). */
function cpuMs(serverPid) {
  const ticks = (pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      // utime + stime, and for Postgres the children it has reaped (connections that ended)
      return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
    } catch {
      return 0
    }
  }
  const comm = (pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
    } catch {
      return ''
    }
  }
  const postgres = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d) && comm(d) === 'postgres')
  const hz = 100 // USER_HZ on Linux
  return { server: (ticks(serverPid) * 1000) / hz, postgres: (postgres.reduce((sum, pid) => sum + ticks(pid), 0) * 1000) / hz }
}

function load(title, opts, duration = DURATION, serverPid = server.pid) {
  return new Promise((resolve, reject) => {
    const before = cpuMs(serverPid)
    autocannon({ connections: CONNECTIONS, duration, ...opts }, (err, result) => {
      if (err) return reject(err)
      const after = cpuMs(serverPid)
      const n = result.requests.total || 1
      resolve({
        title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx,
        cpu: { server: (after.server - before.server) / n, postgres: (after.postgres - before.postgres) / n },
      })
    })
  })
}

/**
 * The floor: bench/floor-server.mjs, a bare node:http server sending the same query to the
 * project's database in one round trip (as the administrator: no keys, roles, RLS or logs).
 */
async function loadFloor(ref) {
  const url = new URL(databaseUrl)
  url.pathname = `/project_${ref}`
  const floorPort = await freePort()
  const child = spawn('node', ['bench/floor-server.mjs', url.toString(), String(floorPort)], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once('data', resolve)
      child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)))
    })
    const floor = { url: `http://127.0.0.1:${floorPort}/` }
    await load('warm-up', floor, 3, child.pid)
    return await load('floor: bare node:http + pg', floor, DURATION, child.pid)
  } finally {
    child.kill()
  }
}

try {
  const { ref, token, keys } = await benchProject(call)
  const sqlHeaders = { 'x-connection-encrypted': 'bench' }
  await call(`/platform/pg-meta/${ref}/query`, {
    method: 'POST',
    token,
    headers: sqlHeaders,
    body: {
      query: `create table public.items (id bigint primary key, name text not null, price numeric(10,2) not null, created_at timestamptz not null default now());
        insert into public.items (id, name, price) select g, 'item ' || g, g * 1.5 from generate_series(1, ${ROWS}) g;
        alter table public.items enable row level security;
        create policy anon_reads_items on public.items for select to anon using (id > 0);`,
    },
  })
  const rest = { url: `${projects}/${ref}/rest/v1/items?select=*&limit=20`, headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}` } }
  const check = await fetch(rest.url, { headers: rest.headers })
  const rows = await check.json()
  if (!check.ok || rows.length !== 20) throw new Error(`REST check: ${check.status} ${JSON.stringify(rows).slice(0, 200)}`)
  const platformSql = {
    url: `${base}/platform/pg-meta/${ref}/query`,
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...sqlHeaders },
    body: JSON.stringify({ query: 'select * from public.items limit 20' }),
  }

  // Warm-up (3 s each, not counted): the JIT, the pools and the caches.
  const results = []
  if (PHASES.has('rest')) {
    await load('warm-up', rest, 3)
    results.push({ key: 'rest', ...(await load('REST GET items (anon, RLS)', rest)) })
  }
  if (PHASES.has('sql')) {
    await load('warm-up', platformSql, 3)
    results.push({ key: 'platform-sql', ...(await load('platform SQL (pg-meta query)', platformSql)) })
  }
  if (databaseUrl && PHASES.has('floor')) results.push({ key: 'floor', ...(await loadFloor(ref)) })
  const [load1] = os.loadavg()
  console.log(`\nproject API on ${store}, ${CONNECTIONS} connections, ${DURATION} s each, ${ROWS} rows, 20 per answer (1-minute load average at the end: ${load1.toFixed(2)} on ${os.cpus().length} cores)`)
  for (const r of results) {
    console.log(
      `${r.title.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}   CPU per request: server ${r.cpu.server.toFixed(2)} ms, ${store === 'PGlite' ? 'PGlite (in the server)' : `Postgres ${r.cpu.postgres.toFixed(2)} ms`}`
    )
  }
  console.log('aim for the REST path on Postgres: at least 1,500 req/s with p99 under 50 ms; on PGlite (issue 23): 1,500 req/s with p99 under 100 ms')
  const aims = { rest: store === 'PGlite' ? [{ min: 1500 }, { max: 100 }] : [{ min: 1500 }, { max: 50 }] }
  const labels = { rest: 'REST GET (anon, RLS, 50 conn.)', 'platform-sql': 'platform SQL path, same query', floor: 'floor: bare node:http + pg, same query' }
  reportFigures(
    results.flatMap((r) => [
      figure(`project-api.${r.key}.rps.${store}`, `project API ${labels[r.key]} on ${store}, req/s`, r.rps, 'req/s', aims[r.key]?.[0]),
      figure(`project-api.${r.key}.p99.${store}`, `project API ${labels[r.key]} on ${store}, p99`, r.p99, 'ms', aims[r.key]?.[1]),
      ...(r.key === 'rest' ? [figure(`project-api.rest.server-cpu.${store}`, `project API REST on ${store}, server CPU per request`, r.cpu.server, 'ms')] : []),
    ])
  )
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  server.stop()
  process.exit()
}
