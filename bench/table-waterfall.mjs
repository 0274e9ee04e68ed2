#!/usr/bin/env node
// The table editor's critical path (issue 23): for a returning user's navigation to a table of
// BENCH_ROWS rows, every request the page makes with its start and end (ms from navigation start,
// the browser's Resource Timing), the body's request text for SQL calls, and when the first rows
// were painted. Not a figure of `npm run bench` (no @bench header): a diagnostic for workspace.mjs.
//   node bench/table-waterfall.mjs   (BENCH_PORT, BENCH_ROWS, BENCH_RUNS override the defaults)
import { startServer } from './server.mjs'
import { defaultProjectSql, firstRowsBrowser, seedBenchRows } from './table-bench.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 8196)
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

const { origin, stop } = await startServer({ port: PORT, apiPort: Number(process.env.BENCH_API_PORT ?? PORT + 1), env: { IS_PLATFORM: 'false', DATABASE_URL: '' } })
let browser
const sql = defaultProjectSql(origin)

try {
  const id = await seedBenchRows(sql, ROWS)
  let context
  ;({ browser, context } = await firstRowsBrowser())
  const page = await context.newPage()
  const url = `${origin}/dashboard/project/default/editor/${id}`
  for (let run = 0; run <= RUNS; run++) {
    const seen = []
    const onFinished = (request) => seen.push(request)
    page.on('requestfinished', onFinished)
    await page.goto(url, { waitUntil: 'commit' })
    const first = await (await page.waitForFunction(() => window.__firstRowsAt, null, { timeout: 60_000 })).jsonValue()
    const origin0 = await page.evaluate(() => performance.timeOrigin)
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0]
      return { responseEnd: n.responseEnd, domInteractive: n.domInteractive, dcl: n.domContentLoadedEventEnd }
    })
    page.off('requestfinished', onFinished)
    if (run === 0) continue // the first visit fills the browser cache
    console.log(`\nrun ${run}: first rows visible at ${Math.round(first)} ms; document end ${Math.round(nav.responseEnd)}, interactive ${Math.round(nav.domInteractive)}, DCL ${Math.round(nav.dcl)}`)
    const rows = seen.map((r) => {
      const t = r.timing()
      return { start: t.startTime - origin0, end: t.startTime + t.responseEnd - origin0, ttfb: t.responseStart - t.requestStart, url: r.url(), body: r.postData() }
    })
    for (const e of rows.sort((a, b) => a.start - b.start)) {
      if (e.url.includes('/_next/static/')) continue
      const label = e.url.replace(origin, '').replace(/\/_next\/data\/[^/]+/, '/_next/data').slice(0, 60)
      const sqlText = e.body ? `  ${(JSON.parse(e.body).query ?? '').replace(/\s+/g, ' ').slice(0, 70)}` : ''
      console.log(`  ${String(Math.round(e.start)).padStart(5)} → ${String(Math.round(e.end)).padStart(5)}  (ttfb ${String(Math.round(e.ttfb)).padStart(4)})  ${label}${sqlText}`)
    }
    const statics = rows.filter((e) => e.url.includes('/_next/static/'))
    if (statics.length) console.log(`  static chunks: ${statics.length}, ${Math.round(Math.min(...statics.map((e) => e.start)))} → ${Math.round(Math.max(...statics.map((e) => e.end)))}`)
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await browser?.close().catch(() => {})
  stop()
  process.exit()
}
