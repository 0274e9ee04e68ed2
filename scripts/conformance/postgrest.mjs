#!/usr/bin/env node
// Runs postgrest-js's own test suite (../shared/conformance/postgrest-js, run from there, never
// copied) against a project's REST API on a production build (`npm run build` first when there is
// none): on PGlite by default, on a Postgres server when DATABASE_URL or TEST_DATABASE_URL is set
// (`npm run test:conformance` runs both). What it arranges, as the suite's README asks:
// - a project of a new user with the suite's schema and data (test/db), PostGIS aside (this
//   platform has no PostGIS: the `shops` table and its one test are left out), `public,personal`
//   exposed and aggregates on in its Data API settings;
// - PostgREST's ports 3000 and 3001 on loopback (127.0.0.1 and ::1): a proxy to the project's
//   REST API that gives every request the project's service key (the suite's anonymous role has
//   every right);
// - traffic on loopback only (jest-setup.cjs), which also notes which tests talk to a server.
// It prints the tests that failed and the share of the server tests that passed; it exits 1 below
// CONFORMANCE_MIN (0.95) or when a test failed that is not listed in scripts/conformance/README.md
// as a known failure. Extra arguments go to jest (e.g. `-t 'embedded'` or a test file).
import fs from 'node:fs'
import path from 'node:path'
import { benchProject, startBenchServer } from '../../bench/bench-project.mjs'
import { loopbackProxy, runJest, suiteFolder } from './suite.mjs'

const suite = suiteFolder('postgrest-js')
const PORTS = [3000, 3001]
const started = Date.now()

/** The suite's schema and data as one script, PostGIS and the realtime publication left out. */
function suiteSql() {
  const schema = fs.readFileSync(path.join(suite, 'test/db/00-schema.sql'), 'utf8')
  const data = fs.readFileSync(path.join(suite, 'test/db/01-dummy-data.sql'), 'utf8')
  const cut = (text, pattern, what) => {
    if (!pattern.test(text)) throw new Error(`the suite's SQL changed: ${what} not found`)
    return text.replace(pattern, '')
  }
  let sql = cut(schema, /create extension postgis schema extensions;/i, 'PostGIS')
  sql = cut(sql, /create table public\.shops \([^;]*\);/i, 'the shops table')
  sql = cut(sql, /CREATE PUBLICATION supabase_realtime FOR ALL TABLES;/i, 'the publication')
  return `${sql}\n${cut(data, /INSERT INTO shops[\s\S]*?'\);/i, "the shops' row")}
grant usage on schema personal, extensions to anon, authenticated, service_role;
grant all on all tables in schema public, personal to anon, authenticated, service_role;
grant all on all sequences in schema public, personal to anon, authenticated, service_role;
grant all on all functions in schema public, personal to anon, authenticated, service_role;`
}

const { store, server, call, projects } = await startBenchServer(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined)
let exitCode = 1
const proxies = []
try {
  const { ref, token, keys } = await benchProject(call)
  await call(`/platform/pg-meta/${ref}/query`, { method: 'POST', token, headers: { 'x-connection-encrypted': 'conformance' }, body: { query: suiteSql() } })
  await call(`/platform/projects/${ref}/config/postgrest`, {
    method: 'PATCH',
    token,
    // The suite expects aggregates on and `Prefer: tx=rollback` honoured (PostgREST's db-tx-end commit-allow-override).
    body: { db_schema: 'public,personal', db_aggregates_enabled: true, db_tx_end: 'commit-allow-override' },
  }).catch((error) => console.warn(`Data API settings: ${error.message}`))
  const serviceHeaders = (req) => ({ ...req.headers, apikey: keys.service_role, authorization: `Bearer ${keys.service_role}` })
  for (const port of PORTS) proxies.push(...(await loopbackProxy(port, `${projects}/${ref}/rest/v1/`, serviceHeaders)))
  exitCode = await runJest({ suite, label: 'postgrest-js', store, started, args: process.argv.slice(2), known: 'Known failures', excluded: 'PostGIS cases' })
} catch (error) {
  console.error(error)
} finally {
  for (const p of proxies) p.close()
  server.stop()
}
process.exit(exitCode)

