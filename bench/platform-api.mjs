#!/usr/bin/env node
// Requests/s and latency (p50, p99) of GET /platform/profile and GET /platform/projects with 50
// concurrent clients, against a production server on loopback (`npm run build` first).
// Store: PGlite by default; a Postgres server when DATABASE_URL (or TEST_DATABASE_URL, as set by
// scripts/with-postgres.sh) is given:  bash scripts/with-postgres.sh node bench/platform-api.mjs
// @bench pglite postgres
import autocannon from 'autocannon'
import { figure, reportFigures } from './bench-result.mjs'
import { startServer } from './server.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 8190)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const base = `http://127.0.0.1:${PORT}/dashboard/api`
const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? ''
await startServer({ port: PORT, env: { IS_PLATFORM: 'true', DATABASE_URL: databaseUrl } })

async function json(res) {
  const body = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`)
  return body
}

function run(title, url, headers, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) => {
      if (err) return reject(err)
      if (result.non2xx > 0) return reject(new Error(`${title}: ${result.non2xx} non-2xx answers`))
      resolve({ title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors })
    })
  })
}

try {
  const email = `bench-${Date.now()}@example.com`
  const session = await json(
    await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-Very-Long-42' }),
    })
  )
  const auth = { Authorization: `Bearer ${session.access_token}` }
  await fetch(`${base}/platform/profile`, { method: 'POST', headers: auth })
  const org = await json(
    await fetch(`${base}/platform/organizations`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bench org', plan: 'pro' }),
    })
  )
  // Warm-up (3 s of the same load, not counted) so the JIT and the store's caches are warm.
  await run('warm-up', `${base}/platform/profile`, { ...auth, Version: '2' }, 3)
  await run('warm-up', `${base}/platform/projects`, auth, 3)

  const results = []
  results.push({ key: 'profile', ...(await run('GET /platform/profile', `${base}/platform/profile`, { ...auth, Version: '2' })) })
  results.push({ key: 'projects', ...(await run('GET /platform/projects', `${base}/platform/projects`, auth)) })
  const store = databaseUrl ? 'Postgres' : 'PGlite'
  console.log(`platform API on ${store}, ${CONNECTIONS} connections, ${DURATION} s each (org ${org.slug ?? ''})`)
  for (const r of results) {
    console.log(`${r.title.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`)
  }
  // Issue 23 asks to keep the PGlite figures (2,337 and 2,303 req/s on 2 cores): 2,000 leaves room for noise.
  const keep = store === 'PGlite' ? { min: 2000 } : undefined
  reportFigures(
    results.flatMap((r) => [
      figure(`platform-api.${r.key}.rps.${store}`, `platform API ${r.title} on ${store}, req/s`, r.rps, 'req/s', keep),
      figure(`platform-api.${r.key}.p99.${store}`, `platform API ${r.title} on ${store}, p99`, r.p99, 'ms'),
    ])
  )
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  process.exit()
}
