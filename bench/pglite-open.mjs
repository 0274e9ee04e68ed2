#!/usr/bin/env node
// What loading PGlite's contrib extensions costs when a project database is opened: the time from
// PGlite.create(dir) on an existing (initialised) directory until its first query answers, in a
// fresh Node process each run (as after a server start), with no extensions and with every bundle
// of server/projects/pglite-extensions.ts (read from that file, so the two stay in step).
// Each mode has its own directory: once opened with pg_stat_statements (which PGlite preloads
// through the directory's postgresql.conf), a directory cannot be opened without it. Like the
// engine, the contrib mode passes the directory's own postgresql.conf back to PGlite. Runs
// alternate between the two modes; medians and ranges are printed.
//   node bench/pglite-open.mjs            (BENCH_RUNS overrides the default of 5 runs per mode)
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const EXTENSIONS_FILE = path.join(here, '..', 'server', 'projects', 'pglite-extensions.ts')

/** The contrib bundles the platform hands to PGlite, as [name, module specifier]. */
function contribImports() {
  const source = fs.readFileSync(EXTENSIONS_FILE, 'utf8')
  return [...source.matchAll(/import \{ (\w+) \} from '(@electric-sql\/pglite\/contrib\/\w+)'/g)].map((m) => [m[1], m[2]])
}

async function child(mode, dir) {
  const started = performance.now()
  const { PGlite } = await import('@electric-sql/pglite')
  const extensions = {}
  if (mode === 'contrib') for (const [name, specifier] of contribImports()) extensions[name] = (await import(specifier))[name]
  const imported = performance.now()
  const conf = path.join(dir, 'postgresql.conf')
  const postgresqlconf = mode === 'contrib' && fs.existsSync(conf) ? fs.readFileSync(conf, 'utf8') : undefined
  const db = await PGlite.create(dir, { extensions, postgresqlconf })
  await db.query('select 1')
  const opened = performance.now()
  const rssMb = process.memoryUsage().rss / 2 ** 20
  const [{ count }] = (await db.query('select count(*)::int as count from pg_available_extensions')).rows
  await db.close()
  process.stdout.write(JSON.stringify({ importMs: imported - started, openMs: opened - imported, rssMb, available: count }))
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4])
} else {
  const RUNS = Number(process.env.BENCH_RUNS ?? 5)
  const dirs = { none: fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-open-')), contrib: fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-open-')) }
  const self = fileURLToPath(import.meta.url)
  const run = (mode) => JSON.parse(execFileSync(process.execPath, [self, '--child', mode, dirs[mode]], { encoding: 'utf8' }))
  try {
    const init = performance.now()
    run('none') // initdb: the directories then exist, as a project's does
    fs.cpSync(dirs.none, dirs.contrib, { recursive: true })
    run('contrib')
    console.log(`initdb (once): ${Math.round(performance.now() - init)} ms; ${contribImports().length} contrib bundles; ${RUNS} runs per mode`)
    const results = { none: [], contrib: [] }
    for (let i = 0; i < RUNS; i++) for (const mode of ['none', 'contrib']) results[mode].push(run(mode))
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b)
      const mid = Math.floor(sorted.length / 2)
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    const ms = (v) => `${Math.round(v)} ms`
    for (const [mode, rows] of Object.entries(results)) {
      const open = rows.map((r) => r.openMs)
      const imports = rows.map((r) => r.importMs)
      console.log(
        `${mode.padEnd(8)} open+first query: median ${ms(median(open))} (${ms(Math.min(...open))}–${ms(Math.max(...open))}); ` +
          `imports ${ms(median(imports))}; process RSS after open ${Math.round(median(rows.map((r) => r.rssMb)))} MB; ` +
          `pg_available_extensions: ${rows[0].available}`
      )
    }
    const extra = median(results.contrib.map((r) => r.openMs)) - median(results.none.map((r) => r.openMs))
    console.log(`cost of the contrib bundles per open: ${ms(extra)}`)
  } finally {
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true })
  }
}
