// Shared by the benchmarks of a project's API: a free port, the production build, and a project of
// a new user on a paid plan (polled until ACTIVE_HEALTHY) with its keys.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** The existing `.next` build, else `npm run build` first. */
export function ensureBuild() {
  if (fs.existsSync('.next/BUILD_ID')) {
    console.log(`using the existing build (.next, ${fs.statSync('.next/BUILD_ID').mtime.toISOString()})`)
  } else {
    console.log('no .next build: running npm run build')
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  }
}

/** A JSON caller of the API under `base` (…/dashboard/api): throws on a non-2xx answer. */
export function apiCaller(base) {
  return async function call(path, { method = 'GET', token, body, headers = {} } = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    const json = text ? JSON.parse(text) : null
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
    return json
  }
}

/** A new user's project on the Pro plan, ready: its ref, the user's token and the project's keys. */
export async function benchProject(call) {
  const session = await call('/auth/v1/signup', { method: 'POST', body: { email: `bench-${Date.now()}@example.com`, password: 'bench-password-Very-Long-42' } })
  const token = session.access_token
  await call('/platform/profile', { method: 'POST', token })
  const org = await call('/platform/organizations', { method: 'POST', token, body: { name: 'Bench org', plan: 'pro' } })
  const project = await call('/platform/projects', {
    method: 'POST',
    token,
    body: { name: 'Bench project', organization_slug: org.slug, region: 'eu-west-1', db_pass: 'Quartz-lantern-orbit-91-velvet!' },
  })
  const ref = project.ref
  for (let i = 0; ; i++) {
    const { status } = await call(`/platform/projects/${ref}`, { token })
    if (status === 'ACTIVE_HEALTHY') break
    if (i > 600) throw new Error(`project stayed ${status}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const keys = Object.fromEntries((await call(`/platform/projects/${ref}/api-keys`, { token })).map((k) => [k.name, k.api_key]))
  return { ref, token, keys }
}

/**
 * The store a bench runs on (a Postgres server when DATABASE_URL or TEST_DATABASE_URL is set, else
 * PGlite) and a production server on it (on BENCH_PORT / BENCH_API_PORT when set, else free ports), built first when needed: its API base, its project API's
 * origin and a JSON caller of each.
 */
export async function startBenchServer(port) {
  const { startServer } = await import('./server.mjs')
  const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? ''
  ensureBuild()
  const apiPort = process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : await freePort()
  const server = await startServer({ port: port ?? (await freePort()), apiPort, env: { IS_PLATFORM: 'true', DATABASE_URL: databaseUrl } })
  const base = `${server.origin}/dashboard/api`
  // `projects`: the project API's own origin (issue 22), `{projects}/{ref}/rest/v1/…`.
  return { databaseUrl, store: databaseUrl ? 'Postgres' : 'PGlite', server, base, projects: server.apiOrigin, call: apiCaller(base), projectCall: apiCaller(server.apiOrigin) }
}
