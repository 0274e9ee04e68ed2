#!/usr/bin/env node
// Prints the gzipped first-load JavaScript of every page route, from .next/build-manifest.json
// (Next 16 no longer prints it). First load = the route's chunks plus _app's, each counted once.
// Usage: npm run build && node bench/bundle-size.mjs [--budget 260]
// @bench
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { figure, reportFigures } from './bench-result.mjs'

const dir = path.resolve('.next')
const manifestPath = path.join(dir, 'build-manifest.json')
if (!fs.existsSync(manifestPath)) {
  console.error('No .next/build-manifest.json: run `npm run build` first.')
  process.exit(1)
}
const budgetArg = process.argv.indexOf('--budget')
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : null
// The CI budget (scripts/test-all.sh), the aim of the table's figures.
const CI_BUDGET_KB = 260

const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
const gzipCache = new Map()
const gzipSize = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length)
  return gzipCache.get(file)
}
const js = (files) => files.filter((f) => f.endsWith('.js'))
const shared = new Set([...js(manifest.pages['/_app'] ?? []), ...js(manifest.rootMainFiles ?? [])])
const sharedBytes = [...shared].reduce((n, f) => n + gzipSize(f), 0)

const rows = Object.keys(manifest.pages)
  .filter((route) => !['/_app', '/_error', '/_document'].includes(route))
  .sort()
  .map((route) => {
    const files = new Set([...shared, ...js(manifest.pages[route])])
    const bytes = [...files].reduce((n, f) => n + gzipSize(f), 0)
    return { route, kb: bytes / 1024 }
  })

const width = Math.max(...rows.map((r) => r.route.length), 5)
console.log(`${'route'.padEnd(width)}  first-load JS (gzip)`)
for (const r of rows) console.log(`${r.route.padEnd(width)}  ${r.kb.toFixed(1).padStart(7)} kB`)
console.log(`${'shared by all (_app)'.padEnd(width)}  ${(sharedBytes / 1024).toFixed(1).padStart(7)} kB`)
const largest = rows.reduce((a, b) => (b.kb > a.kb ? b : a))
const sqlEditor = rows.find((r) => r.route === '/project/[ref]/sql/[id]')
reportFigures([
  figure('bundle.largest-route', `bundle: largest first-load JS (${largest.route}, gzip)`, largest.kb, 'kB', { max: CI_BUDGET_KB }),
  ...(sqlEditor ? [figure('bundle.sql-editor', 'bundle: SQL editor first-load JS (gzip)', sqlEditor.kb, 'kB', { max: CI_BUDGET_KB })] : []),
  figure('bundle.shared', 'bundle: JS shared by all routes (_app, gzip)', sharedBytes / 1024, 'kB'),
])
if (budgetKb) {
  const over = rows.filter((r) => r.kb > budgetKb)
  if (over.length) {
    console.error(`Over the ${budgetKb} kB budget: ${over.map((r) => r.route).join(', ')}`)
    process.exit(1)
  }
  console.log(`All routes within the ${budgetKb} kB budget.`)
}
