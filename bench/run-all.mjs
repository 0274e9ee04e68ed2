#!/usr/bin/env node
// `npm run bench [-- project-api workspace:… lighthouse]`: runs every bench of bench/ that carries
// a `// @bench` header (bench/README.md), one after another (never in parallel: they time things),
// each on the stores its header names (Postgres through scripts/with-postgres.sh), collects their
// BENCH_RESULT lines, prints ONE table (figure, value, aim, met, the last recorded value) and
// updates bench/results.json (kept in git). Builds first when `.next` is missing. A bench that
// fails gets a row saying why and the others still run. `--show`: the table of what
// bench/results.json records, without running anything.
// Environment: BENCH_PORT (first of five ports the benches may use, default 8236), TEST_PGPORT
// (the Postgres server's), BENCH_TIMEOUT_MIN (per bench, default 30).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchStores, mergeResults, parseBenchOutput, planRuns, recordedRuns, renderTable, tableRows } from './bench-table.mjs'

const BENCH_DIR = path.resolve('bench')
const RESULTS = path.join(BENCH_DIR, 'results.json')
// Quick benches first, so a short selection-free run gives the cheap figures early.
const ORDER = ['bundle-size', 'platform-api', 'project-api', 'storage-realtime', 'functions', 'workspace', 'memory', 'lighthouse', 'code-editor', 'assistant']
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MIN ?? 30) * 60_000

const benches = fs
  .readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.mjs'))
  .map((file) => ({ name: file.replace(/\.mjs$/, ''), file, stores: benchStores(fs.readFileSync(path.join(BENCH_DIR, file), 'utf8')) }))
  .filter((b) => b.stores)

if (process.argv.includes('--show')) {
  const results = JSON.parse(fs.readFileSync(RESULTS, 'utf8'))
  const { cores, cpu, memoryGB } = results.machine ?? {}
  console.log(`Recorded in bench/results.json (last run ${String(results.date).slice(0, 16).replace('T', ' ')} UTC, ${cores} cores ${cpu}, ${memoryGB} GB):`)
  console.log(renderTable(tableRows(recordedRuns(results, ORDER), results).map((row) => ({ ...row, last: row.last.replace(/^.* \((.*)\)$/, '$1') }))))
  process.exit(0)
}

let plan
try {
  plan = planRuns(benches, process.argv.slice(2), ORDER)
} catch (error) {
  console.error(error.message)
  process.exit(2)
}

if (!fs.existsSync('.next/BUILD_ID')) {
  console.error('no .next build: running npm run build')
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
}

/** Runs one bench; resolves with its figures, or why it failed. Its output goes to stderr as it comes. */
function runBench(run) {
  const file = path.join('bench', benches.find((b) => b.name === run.bench).file)
  const [command, args] = run.store === 'postgres' ? ['bash', ['scripts/with-postgres.sh', 'node', file]] : ['node', [file]]
  const port = Number(process.env.BENCH_PORT ?? 8236)
  const env = { ...process.env, BENCH_PORT: String(port), LIGHTHOUSE_DEBUG_PORT: process.env.LIGHTHOUSE_DEBUG_PORT ?? String(port + 4) }
  // PGlite runs must not inherit a server a caller may have set.
  if (run.store === 'pglite') {
    delete env.DATABASE_URL
    delete env.TEST_DATABASE_URL
  }
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let stdout = ''
    let stderrTail = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      process.stderr.write(chunk)
    })
    child.stderr.on('data', (chunk) => {
      stderrTail = (stderrTail + chunk).slice(-4000)
      process.stderr.write(chunk)
    })
    const timer = setTimeout(() => {
      stderrTail += `\ntimed out after ${TIMEOUT_MS / 60_000} min`
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {}
    }, TIMEOUT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const lastLine = stderrTail.split('\n').map((l) => l.trim()).filter(Boolean).pop() ?? ''
      let figures = []
      try {
        figures = parseBenchOutput(stdout)
      } catch (error) {
        return resolve({ ...run, ok: false, error: error.message })
      }
      if (code !== 0) return resolve({ ...run, ok: false, error: `${signal ? `killed (${signal})` : `exit code ${code}`}${lastLine ? `: ${lastLine.slice(0, 160)}` : ''}` })
      if (!figures.length) return resolve({ ...run, ok: false, error: 'no BENCH_RESULT line in its output' })
      resolve({ ...run, ok: true, figures })
    })
  })
}

const previous = fs.existsSync(RESULTS) ? JSON.parse(fs.readFileSync(RESULTS, 'utf8')) : null
const date = new Date().toISOString()
const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  loadAverageAtStart: Number(os.loadavg()[0].toFixed(2)),
}
const done = []
for (const run of plan) {
  console.error(`\n=== bench ${run.id} (${done.length + 1}/${plan.length}) ===`)
  const started = performance.now()
  const loadAverage = Number(os.loadavg()[0].toFixed(2))
  const result = { ...(await runBench(run)), loadAverage }
  console.error(`=== ${run.id}: ${result.ok ? `${result.figures.length} figures` : `failed: ${result.error}`} in ${((performance.now() - started) / 1000).toFixed(0)} s ===`)
  done.push(result)
}

const merged = mergeResults(previous, { date, machine, runs: done })
fs.writeFileSync(RESULTS, `${JSON.stringify(merged, null, 2)}\n`)
console.log(`\nBenchmarks of ${date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} cores (${machine.cpu}), ${machine.memoryGB} GB, Node ${machine.node}; load average at start ${machine.loadAverageAtStart}`)
console.log(renderTable(tableRows(done, previous)))
const kept = Object.keys(merged.figures).length - done.reduce((n, r) => n + (r.ok ? r.figures.length : 0), 0)
if (kept > 0) console.log(`(${kept} figures of benches not run now kept in bench/results.json as recorded)`)
process.exit(done.every((r) => r.ok) ? 0 : 1)
