#!/usr/bin/env node
// The server's memory while it answers a big SQL result (issue 23): peak RSS of the server's
// process (its PGlite worker threads included) for a 100,000- and a 1,000,000-row result, read
// whole as JSON and streamed as JSON lines (`Accept: application/x-ndjson`). Self-hosted, PGlite,
// a production server (`npm run build` first). The peak is VmHWM of /proc, reset before each query.
// The platform sends at most 100,000 rows of a result (then `truncated`); the database still
// produces the million.
//   BENCH_PORT=8216 node bench/result-memory.mjs      (BENCH_API_PORT, BENCH_RUNS override; BENCH_DATABASE_URL: on a Postgres server)
// @bench
import { figure, reportFigures } from './bench-result.mjs'
import { processMemory, startServer } from './server.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 8197)
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const { origin, stop, pid } = await startServer({ port: PORT, apiPort: Number(process.env.BENCH_API_PORT ?? PORT + 1), env: { IS_PLATFORM: 'false', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' } })
const url = `${origin}/dashboard/api/platform/pg-meta/default/query`
const MIB = 2 ** 20

const memory = processMemory(pid)

/** Runs the query, reading the answer as it comes and keeping none of it; bytes received. */
async function run(query, stream) {
  const started = performance.now()
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-connection-encrypted': 'bench', ...(stream ? { Accept: 'application/x-ndjson' } : {}) },
    body: JSON.stringify({ query }),
  })
  let bytes = 0
  let firstAt = null
  for await (const chunk of res.body) {
    firstAt ??= performance.now() - started
    bytes += chunk.length
  }
  if (!res.ok) throw new Error(`${res.status}`)
  return { bytes, firstAt, totalMs: performance.now() - started }
}

try {
  const seed = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-connection-encrypted': 'bench' },
    body: JSON.stringify({
      query: `drop table if exists public.bench_rows;
create table public.bench_rows (id int8 primary key, name text not null, hash text, created_at timestamptz not null default now());
insert into public.bench_rows (id, name, hash) select i, 'row ' || i, md5(i::text) from generate_series(1, 1000000) i;
analyze public.bench_rows;`,
    }),
  })
  if (!seed.ok) throw new Error(`seeding failed: ${seed.status} ${await seed.text()}`)
  await run('select 1', false)
  console.log(`server RSS after seeding 1,000,000 rows: ${Math.round(memory.rss() / MIB)} MiB`)
  const figures = []
  for (const rows of [100_000, 1_000_000]) {
    for (const stream of [false, true]) {
      const peaks = []
      let last
      for (let i = 0; i < RUNS; i++) {
        global.gc?.()
        const before = memory.resetPeak()
        last = await run(`select id, name, hash, created_at from public.bench_rows order by id limit ${rows}`, stream)
        peaks.push({ before, peak: memory.peak() })
      }
      const worst = peaks.reduce((a, b) => (b.peak - b.before > a.peak - a.before ? b : a))
      console.log(
        `${rows.toLocaleString('en-US')}-row result, ${stream ? 'streamed (JSON lines)' : 'whole (JSON)      '}: peak RSS ${Math.round(worst.peak / MIB)} MiB ` +
          `(+${Math.round((worst.peak - worst.before) / MIB)} MiB over ${Math.round(worst.before / MIB)} MiB before), ` +
          `${(last.bytes / MIB).toFixed(1)} MiB sent, first bytes after ${Math.round(last.firstAt)} ms, all after ${Math.round(last.totalMs)} ms`
      )
      if (stream) figures.push(figure(`result-memory.streamed.${rows}`, `server RSS growth, ${rows.toLocaleString('en-US')}-row SQL result streamed (PGlite)`, Math.round((worst.peak - worst.before) / MIB), 'MiB'))
    }
  }
  reportFigures(figures)
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  stop()
  process.exit()
}
