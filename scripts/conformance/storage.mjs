#!/usr/bin/env node
// Runs storage-js's own test suite (../shared/conformance/storage-js, run from there, never
// copied) against a project's storage on a production build (`npm run build` first when there is
// none): on PGlite by default, on a Postgres server when DATABASE_URL or TEST_DATABASE_URL is set
// (`npm run test:conformance` runs both). What it arranges, as the suite's README asks:
// - a project of a new user with the suite's users, buckets, objects and policies
//   (infra/postgres/dummy-data.sql): its buckets, objects and policies as written; its users,
//   whose rows name columns of the anchor's auth server this one does not keep, made with the
//   admin API (same id and e-mail, a password) and signed in, so each has a session token here;
// - storage at http://localhost:8000/storage/v1 on loopback (127.0.0.1 and ::1): a proxy to the
//   project's storage that turns each token the suite signed with its own secret into the session
//   token of the same user (a token of a role and no user, into that role's key) and gives each
//   request with a token the project's anon key, as an app's gateway request carries it. A request
//   with no token at all goes on with no key, so it is refused as the platform refuses one;
// - traffic on loopback only (jest-setup.cjs), which also notes which tests talk to a server.
// It prints the tests that failed and the share of the server tests that passed; it exits 1 below
// CONFORMANCE_MIN (0.95) or when a test failed that scripts/conformance/README.md does not list
// under "storage-js known failures". Extra arguments go to jest (a test file, `-t 'pattern'`).
import fs from 'node:fs'
import path from 'node:path'
import { benchProject, startBenchServer } from '../../bench/bench-project.mjs'
import { loopbackProxy, runJest, suiteFolder } from './suite.mjs'

const suite = suiteFolder('storage-js')
const PORT = 8000
const PASSWORD = 'conformance password 1'
const started = Date.now()

/** The suite's dummy data: its users (id and e-mail) and the rest of its SQL as written. */
function suiteData() {
  const sql = fs.readFileSync(path.join(suite, 'infra/postgres/dummy-data.sql'), 'utf8')
  const users = sql.match(/INSERT INTO "auth"\."users"[\s\S]*?\);\s*\n/)
  if (!users) throw new Error("the suite's SQL changed: its users' INSERT not found")
  const people = [...users[0].matchAll(/\('[0-9a-f-]{36}', '([0-9a-f-]{36})', '[^']*', '[^']*', '([^']+)'/g)].map((m) => ({ id: m[1], email: m[2] }))
  if (people.length === 0) throw new Error("the suite's SQL changed: no user found in its users' INSERT")
  return { people, rest: sql.replace(users[0], '') }
}

/** The claims of a JWT, unverified (the suite signs with its own secret; only its claims matter here), or null. */
function claims(token) {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

const { store, server, call, projects, projectCall } = await startBenchServer(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined)
let exitCode = 1
const proxies = []
try {
  const { ref, token, keys } = await benchProject(call)
  const { people, rest } = suiteData()
  await call(`/platform/pg-meta/${ref}/query`, { method: 'POST', token, headers: { 'x-connection-encrypted': 'conformance' }, body: { query: rest } })
  const service = { apikey: keys.service_role, authorization: `Bearer ${keys.service_role}` }
  /** Each suite user's session token of this project, by user id. */
  const sessions = new Map()
  for (const person of people) {
    await projectCall(`/${ref}/auth/v1/admin/users`, { method: 'POST', headers: service, body: { id: person.id, email: person.email, password: PASSWORD, email_confirm: true } })
    const session = await projectCall(`/${ref}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { apikey: keys.anon }, body: { email: person.email, password: PASSWORD } })
    sessions.set(person.id, session.access_token)
  }
  const roleKeys = { anon: keys.anon, service_role: keys.service_role }
  const headers = (req) => {
    const { authorization, apikey: _suiteKey, ...rest } = req.headers
    const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]
    if (!bearer) return rest
    const c = claims(bearer)
    const mapped = (c?.sub && sessions.get(c.sub)) ?? (c?.role && roleKeys[c.role]) ?? bearer
    return { ...rest, apikey: keys.anon, authorization: `Bearer ${mapped}` }
  }
  proxies.push(...(await loopbackProxy(PORT, `${projects}/${ref}/storage/v1/`, headers, '/storage/v1')))
  exitCode = await runJest({ suite, label: 'storage-js', store, started, args: process.argv.slice(2), known: 'storage-js known failures' })
} catch (error) {
  console.error(error)
} finally {
  for (const p of proxies) p.close()
  server.stop()
}
process.exit(exitCode)
