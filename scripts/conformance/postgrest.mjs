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
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchProject, startBenchServer } from '../../bench/bench-project.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const suite = path.resolve(here, '../../../shared/conformance/postgrest-js')
const MIN = Number(process.env.CONFORMANCE_MIN ?? 0.95)
const PORTS = [3000, 3001]
const started = Date.now()

if (!fs.existsSync(path.join(suite, 'node_modules/.bin/jest'))) {
  console.log(`installing the suite's packages in ${suite}`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: suite, stdio: 'inherit' })
}

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

/** Listens on `port` at both loopback addresses, forwarding to `target` with the service key. */
async function proxy(port, target, serviceKey) {
  const handler = (req, res) => {
    const url = new URL(req.url.replace(/^\/+/, ""), target) // the path is the REST API's, under its prefix
    const headers = { ...req.headers, host: url.host, apikey: serviceKey, authorization: `Bearer ${serviceKey}` }
    const upstream = http.request(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
    req.pipe(upstream)
  }
  const servers = []
  for (const host of ['127.0.0.1', '::1']) {
    const server = http.createServer(handler)
    await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve))
    servers.push(server)
  }
  return servers
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
  for (const port of PORTS) proxies.push(...(await proxy(port, `${projects}/${ref}/rest/v1/`, keys.service_role)))

  const results = path.join(os.tmpdir(), `conformance-${process.pid}.json`)
  const talkedFile = path.join(os.tmpdir(), `conformance-talked-${process.pid}.txt`)
  fs.writeFileSync(talkedFile, '')
  const jest = spawn(
    path.join(suite, 'node_modules/.bin/jest'),
    // --setupFilesAfterEnv takes a list: it goes last, so it takes no other argument with it.
    [...process.argv.slice(2), '--runInBand', '--ci', '--json', `--outputFile=${results}`, '--setupFilesAfterEnv', path.join(here, 'jest-setup.cjs')],
    { cwd: suite, stdio: ['ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'], env: { ...process.env, CONFORMANCE_TALKED: talkedFile } }
  )
  await new Promise((resolve) => jest.on('exit', resolve))
  const report = JSON.parse(fs.readFileSync(results, 'utf8'))
  const talked = new Set(fs.readFileSync(talkedFile, 'utf8').split('\n').filter(Boolean))
  const known = listed('Known failures')
  const postgis = listed('PostGIS cases')
  const rows = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      file: path.relative(path.join(suite, 'test'), file.name),
      name: test.fullName,
      status: test.status,
      server: talked.has(`${file.name}\u0000${test.fullName}`),
      message: (test.failureMessages ?? []).join('\n'),
    }))
  )
  for (const file of report.testResults) if (file.assertionResults.length === 0 && file.message) console.log(`${path.basename(file.name)} did not run: ${file.message.slice(0, 400)}`)
  // The share counts the tests that talk to a server, the PostGIS cases aside (no PostGIS here).
  const serverRows = rows.filter((r) => r.server && !postgis.has(`${r.file} › ${r.name}`))
  const passed = serverRows.filter((r) => r.status === 'passed').length
  const failed = rows.filter((r) => r.status === 'failed')
  const excused = (r) => known.has(`${r.file} › ${r.name}`) || postgis.has(`${r.file} › ${r.name}`)
  const unexpected = failed.filter((r) => !excused(r))
  console.log(`\npostgrest-js conformance on ${store}: ${rows.filter((r) => r.status === 'passed').length}/${rows.length} tests passed; ` +
    `of the ${serverRows.length} that talk to a server, ${passed} passed (${((100 * passed) / Math.max(1, serverRows.length)).toFixed(1)} %) in ${Math.round((Date.now() - started) / 1000)} s`)
  for (const r of failed) {
    const id = `${r.file} › ${r.name}`
    console.log(`  ${postgis.has(id) ? 'PostGIS' : known.has(id) ? 'known' : 'FAILED'}  ${id}`)
    if (process.env.CONFORMANCE_DETAILS) console.log(r.message.split('\n').slice(0, Number(process.env.CONFORMANCE_DETAILS) > 1 ? Number(process.env.CONFORMANCE_DETAILS) : 40).map((l) => `        ${l}`).join('\n'))
  }
  fs.rmSync(results, { force: true })
  fs.rmSync(talkedFile, { force: true })
  exitCode = passed / Math.max(1, serverRows.length) >= MIN && unexpected.length === 0 ? 0 : 1
} catch (error) {
  console.error(error)
} finally {
  for (const p of proxies) p.close()
  server.stop()
}
process.exit(exitCode)

/** The tests README.md lists in its section `title`, as `- \`file › full test name\`: reason`. */
function listed(title) {
  const readme = fs.readFileSync(path.join(here, 'README.md'), 'utf8')
  const section = readme.split(new RegExp(`^## ${title}`, 'm'))[1]?.split(/^## /m)[0] ?? ''
  return new Set([...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]))
}
