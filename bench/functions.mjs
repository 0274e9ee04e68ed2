#!/usr/bin/env node
// Edge Functions under load: a hello-world function's cold start and warm invocation latency
// (p50/p99), and warm req/s with 50 connections, against a production server (`node server.mjs`
// on a free port; the existing `.next` build, else `npm run build` first):
//   node bench/functions.mjs
//   bash scripts/with-postgres.sh node bench/functions.mjs      (`npm run bench:functions`)
// @bench pglite postgres
// Cold start: each of COLD_STARTS deploys makes a new version, whose first invocation has to
// start a worker (load its bundle from the store, start Deno in its sandbox); the time is that
// first call's, end to end over HTTP. Warm: the same function called again and again.
import autocannon from 'autocannon'
import os from 'node:os'
import { benchProject, startBenchServer } from './bench-project.mjs'
import { figure, reportFigures } from './bench-result.mjs'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const COLD_STARTS = Number(process.env.BENCH_COLD_STARTS ?? 20)
const WARM_CALLS = 200
const { store, server, projects, call } = await startBenchServer(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined)

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms   (${times.length} calls)`
}

try {
  const { ref, token, keys } = await benchProject(call)
  const url = `${projects}/${ref}/functions/v1/hello`
  const headers = { Authorization: `Bearer ${keys.anon}` }
  const deploy = (n) => call(`/platform/projects/${ref}/functions`, { method: 'POST', token, body: { slug: 'hello', body: `// version ${n}\nDeno.serve(() => new Response('Hello, world!'))\n` } })
  const timed = async () => {
    const started = performance.now()
    const res = await fetch(url, { headers })
    const text = await res.text()
    if (res.status !== 200 || text !== 'Hello, world!') throw new Error(`the function answered ${res.status} ${text}`)
    return performance.now() - started
  }

  const cold = []
  for (let i = 0; i < COLD_STARTS; i++) {
    await deploy(i)
    cold.push(await timed())
  }
  const warm = []
  for (let i = 0; i < WARM_CALLS; i++) warm.push(await timed())

  const result = await new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, res) => (err ? reject(err) : resolve(res)))
  )
  const load1 = os.loadavg()[0]
  console.log(`\nEdge Functions on ${store}: a hello-world function (1-minute load average at the end: ${load1.toFixed(2)} on ${os.cpus().length} cores)`)
  console.log(`cold start (first call of a new version)       ${summary(cold)}`)
  console.log(`warm invocation, one at a time                 ${summary(warm)}`)
  console.log(
    `warm, ${CONNECTIONS} connections, ${DURATION} s               ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.timeouts}   non-2xx ${result.non2xx}`
  )
  const p50 = (times) => percentile([...times].sort((a, b) => a - b), 50)
  reportFigures([
    figure(`functions.cold-p50.${store}`, `Edge Function cold start on ${store}, p50`, p50(cold), 'ms'),
    figure(`functions.warm-p50.${store}`, `Edge Function warm call on ${store}, p50`, p50(warm), 'ms'),
    figure(`functions.rps.${store}`, `Edge Function warm, ${CONNECTIONS} conn., on ${store}`, result.requests.average, 'req/s'),
    figure(`functions.p99.${store}`, `Edge Function warm, ${CONNECTIONS} conn., on ${store}, p99`, result.latency.p99, 'ms'),
  ])
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await server.stop()
  process.exit()
}
