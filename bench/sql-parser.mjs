#!/usr/bin/env node
// The real Postgres parser in WebAssembly (`libpg-query`) against the dashboard's own SQL lexer
// (`lib/sql/statements.ts`): load time, time to split a 100-statement script, the size a browser
// would download, and whether it gives statement boundaries and error positions.
//   node bench/sql-parser.mjs
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import zlib from 'node:zlib'
import { createServer } from 'vite'

const require = createRequire(import.meta.url)
const statements = [
  "create table t (id bigint primary key, name text not null default 'x;y')",
  "insert into t (id, name) values (1, $$a;b$$), (2, 'it''s')",
  'select * from t where name ~ $re$;$re$ /* a comment; still one statement */',
  'create function f() returns trigger language plpgsql as $fn$ begin return new; end; $fn$',
  '/* block; comment */ update t set name = E\'\\\';\' where id = 1',
]
const script = Array.from({ length: 100 }, (_, i) => statements[i % statements.length]).join(';\n') + ';'
const time = async (fn, runs = 20) => {
  await fn()
  const start = performance.now()
  for (let i = 0; i < runs; i++) await fn()
  return (performance.now() - start) / runs
}

// The parser: first load (WASM compile), then splitting by the statement boundaries it reports.
const t0 = performance.now()
const pg = require('libpg-query')
await pg.loadModule()
const loadMs = performance.now() - t0
const parsed = pg.parseSync(script)
const splitParser = await time(() => pg.parseSync(script).stmts.map((s) => script.slice(s.stmt_location ?? 0, (s.stmt_location ?? 0) + (s.stmt_len || script.length))))
let errorPosition = null
try {
  pg.parseSync('select 1;\nselect * fro t;')
} catch (error) {
  errorPosition = error.sqlDetails?.cursorPosition ?? null
}
const wasm = path.join(path.dirname(require.resolve('libpg-query')), 'libpg-query.wasm')
const wasmBytes = fs.readFileSync(wasm)
const glue = fs.readFileSync(path.join(path.dirname(wasm), 'libpg-query.js'))

// The lexer the dashboard ships, through vite-node-style loading of the TypeScript module.
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'error', resolve: { alias: { '@': process.cwd() } } })
const { splitStatements } = await vite.ssrLoadModule('/lib/sql/statements.ts')
const own = splitStatements(script)
const splitOwn = await time(() => splitStatements(script))
await vite.close()

const kb = (n) => `${(n / 1024).toFixed(0)} kB`
console.log(`100-statement script (${script.length} characters), Node ${process.version}`)
console.log(`libpg-query 18: load ${loadMs.toFixed(0)} ms; split ${splitParser.toFixed(2)} ms; ${parsed.stmts.length} statements; error cursor ${errorPosition}`)
console.log(`  browser download: wasm ${kb(wasmBytes.length)} (${kb(zlib.gzipSync(wasmBytes).length)} gzipped) + glue ${kb(glue.length)} (${kb(zlib.gzipSync(glue).length)} gzipped)`)
console.log(`lib/sql lexer: split ${splitOwn.toFixed(2)} ms; ${own.length} statements; no download beyond the route's bundle`)
process.exit(0)
