#!/usr/bin/env node
// Data in and out of a table (issue 25): a BENCH_ROWS-row (1,000,000) CSV imported through the
// table editor's route (POST /platform/pg-meta/default/tables/import, streamed, all or nothing) and
// exported again as CSV (GET …/tables/export, a cursor in the jail): rows per second and the
// server's peak RSS (VmHWM of /proc, its PGlite worker threads included, reset before each). The
// baseline is the engine's own COPY of the same file: `psql \copy` on a Postgres server, PGlite's
// COPY FROM/TO '/dev/blob' in this process on PGlite. Self-hosted, a production server (`npm run
// build` first).
//   node bench/import-export.mjs
//   TEST_PGPORT=54412 bash scripts/with-postgres.sh node bench/import-export.mjs
// BENCH_PORT / BENCH_API_PORT set the ports, BENCH_ROWS the rows.
// @bench pglite postgres
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { benchStore, figure, reportFigures } from './bench-result.mjs'
import { ensureBuild, freePort } from './bench-project.mjs'
import { processMemory, startServer } from './server.mjs'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const MIB = 2 ** 20
const store = benchStore()
const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? ''
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-table-io-'))
const file = path.join(work, 'rows.csv')
const TABLE = 'bench_io'
const CREATE = `drop table if exists public.${TABLE}; create table public.${TABLE} (id int8 primary key, name text not null, price numeric(10,2), at timestamptz, doc jsonb)`

/** The CSV: a header, then ROWS rows with a quoted field holding a comma, a quote and JSON. */
function writeCsv() {
  const fd = fs.openSync(file, 'w')
  fs.writeSync(fd, 'id,name,price,at,doc\n')
  let chunk = ''
  for (let i = 1; i <= ROWS; i++) {
    chunk += `${i},"row ${i}, ""quoted""",${(i % 10000) / 100},2024-01-02 03:04:05+00,"{""n"": ${i}}"\n`
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk)
      chunk = ''
    }
  }
  fs.writeSync(fd, chunk)
  fs.closeSync(fd)
}

ensureBuild()
writeCsv()
const bytes = fs.statSync(file).size
console.log(`${store}: ${ROWS.toLocaleString('en-US')} rows, ${(bytes / MIB).toFixed(1)} MiB of CSV`)

const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort()
const apiPort = process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : await freePort()
const { origin, stop, pid } = await startServer({ port, apiPort, env: { IS_PLATFORM: 'false', DATABASE_URL: databaseUrl } })
const api = `${origin}/dashboard/api/platform/pg-meta/default`
const headers = { 'x-connection-encrypted': 'bench' }

const memory = processMemory(pid)

async function sql(query) {
  const res = await fetch(`${api}/query`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) })
  if (!res.ok) throw new Error(`${query.slice(0, 40)}: ${res.status} ${await res.text()}`)
  const body = await res.json()
  return Array.isArray(body) ? body : body.rows
}

/** Streams the file to the import route; the answer's JSON. */
function importFile() {
  const options = encodeURIComponent(JSON.stringify({ schema: 'public', table: TABLE, columns: ['id', 'name', 'price', 'at', 'doc'], header: true, delimiter: ',' }))
  return new Promise((resolve, reject) => {
    const req = http.request(`${api}/tables/import?options=${options}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/csv', 'Content-Length': bytes } }, (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(text)) : reject(new Error(`import: ${res.statusCode} ${text}`))))
    })
    req.on('error', reject)
    fs.createReadStream(file).pipe(req)
  })
}

/** Reads the export, keeping none of it; bytes and lines received. */
async function exportFile() {
  const res = await fetch(`${api}/tables/export?schema=public&table=${TABLE}&format=csv`, { headers })
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`)
  let received = 0
  let lines = 0
  for await (const chunk of res.body) {
    received += chunk.length
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++
  }
  return { received, lines }
}

/** The engine's own COPY of the same file in and out, timed: seconds each way. */
async function baseline() {
  if (store === 'Postgres') {
    const psql = (command) => {
      const started = performance.now()
      const run = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-qc', command], { encoding: 'utf8' })
      if (run.status !== 0) throw new Error(`psql: ${run.stderr}`)
      return (performance.now() - started) / 1000
    }
    psql(CREATE)
    const inSeconds = psql(`\\copy public.${TABLE} from '${file}' with (format csv, header true)`)
    const outSeconds = psql(`\\copy public.${TABLE} to '${path.join(work, 'out.csv')}' with (format csv, header true)`)
    psql(`drop table public.${TABLE}`)
    return { inSeconds, outSeconds, what: 'psql \\copy' }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create()
  await db.exec(CREATE)
  const blob = new Blob([fs.readFileSync(file)])
  let started = performance.now()
  await db.query(`copy public.${TABLE} from '/dev/blob' with (format csv, header true)`, [], { blob })
  const inSeconds = (performance.now() - started) / 1000
  started = performance.now()
  await db.query(`copy public.${TABLE} to '/dev/blob' with (format csv, header true)`)
  const outSeconds = (performance.now() - started) / 1000
  await db.close()
  return { inSeconds, outSeconds, what: "PGlite's own COPY, in process" }
}

try {
  const figures = []
  await sql(CREATE)
  let before = memory.resetPeak()
  let started = performance.now()
  const imported = await importFile()
  const importSeconds = (performance.now() - started) / 1000
  const importPeak = memory.peak() - before
  if (imported.rows !== ROWS) throw new Error(`imported ${imported.rows} rows, not ${ROWS}`)
  const [{ n }] = await sql(`select count(*)::int as n from public.${TABLE}`)
  if (n !== ROWS) throw new Error(`the table holds ${n} rows, not ${ROWS}`)

  before = memory.resetPeak()
  started = performance.now()
  const exported = await exportFile()
  const exportSeconds = (performance.now() - started) / 1000
  const exportPeak = memory.peak() - before
  if (exported.lines !== ROWS + 1) throw new Error(`the export has ${exported.lines} lines, not ${ROWS + 1}`)
  await sql(`drop table public.${TABLE}`)

  const base = await baseline()
  const rate = (seconds) => Math.round(ROWS / seconds)
  console.log(`import: ${importSeconds.toFixed(1)} s, ${rate(importSeconds).toLocaleString('en-US')} rows/s, server peak RSS +${Math.round(importPeak / MIB)} MiB over ${Math.round(before / MIB)} MiB`)
  console.log(`export: ${exportSeconds.toFixed(1)} s, ${rate(exportSeconds).toLocaleString('en-US')} rows/s, ${(exported.received / MIB).toFixed(1)} MiB, server peak RSS +${Math.round(exportPeak / MIB)} MiB`)
  console.log(`${base.what}: in ${base.inSeconds.toFixed(1)} s (${rate(base.inSeconds).toLocaleString('en-US')} rows/s), out ${base.outSeconds.toFixed(1)} s (${rate(base.outSeconds).toLocaleString('en-US')} rows/s)`)
  figures.push(
    figure(`table-io.import.rps.${store}`, `table import, ${ROWS.toLocaleString('en-US')}-row CSV (${store})`, rate(importSeconds), 'rows/s'),
    figure(`table-io.import.copy-ratio.${store}`, `table import time / ${base.what} (${store})`, Number((importSeconds / base.inSeconds).toFixed(2)), '×', { max: 2 }),
    figure(`table-io.import.rss.${store}`, `server RSS growth, table import (${store})`, Math.round(importPeak / MIB), 'MiB'),
    figure(`table-io.export.rps.${store}`, `table export, ${ROWS.toLocaleString('en-US')} rows as CSV (${store})`, rate(exportSeconds), 'rows/s'),
    figure(`table-io.export.copy-ratio.${store}`, `table export time / ${base.what} (${store})`, Number((exportSeconds / base.outSeconds).toFixed(2)), '×', { max: 2 }),
    figure(`table-io.export.rss.${store}`, `server RSS growth, table export (${store})`, Math.round(exportPeak / MIB), 'MiB')
  )
  reportFigures(figures)
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  stop()
  fs.rmSync(work, { recursive: true, force: true })
  process.exit()
}
