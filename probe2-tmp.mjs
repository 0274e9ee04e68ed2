import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
const CONTRIB = ['amcheck','bloom','btree_gin','btree_gist','citext','cube','dict_int','dict_xsyn','earthdistance','file_fdw','fuzzystrmatch','hstore','intarray','isn','lo','ltree','moddatetime','pageinspect','pg_buffercache','pg_freespacemap','pg_stat_statements','pg_surgery','pg_trgm','pg_visibility','pg_walinspect','pgcrypto','seg','tablefunc','tcn','tsm_system_rows','tsm_system_time','unaccent','uuid_ossp']
if (isMainThread) {
  const [template, sb, initMem, share, n] = process.argv.slice(2)
  let module
  if (share === '1') module = await WebAssembly.compile(fs.readFileSync('node_modules/@electric-sql/pglite/dist/pglite.wasm'))
  const rss = () => { global.gc(); return Math.round(process.memoryUsage().rss / 2 ** 20) }
  const base = rss(); const out = [base]
  const ws = []
  for (let i = 0; i < Number(n); i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2-')); fs.cpSync(template, dir, { recursive: true })
    const t = performance.now()
    const w = new Worker(fileURLToPath(import.meta.url), { workerData: { dir, sb, initMem: Number(initMem), module } })
    await new Promise((r, j) => { w.once('message', r); w.once('error', j) })
    ws.push([w, dir]); await new Promise(r => setTimeout(r, 300)); out.push(`${rss()}(${Math.round(performance.now()-t)}ms)`)
  }
  console.log(JSON.stringify({ sb, initMem, share, rss: out.join(' ') }))
  for (const [w, dir] of ws) { w.postMessage('close'); await new Promise(r => w.once('exit', r)); fs.rmSync(dir, { recursive: true }) }
} else {
  const { PGlite } = await import('@electric-sql/pglite')
  const ext = {}
  for (const n of CONTRIB) ext[n] = (await import(`@electric-sql/pglite/contrib/${n}`))[n]
  const opts = { extensions: ext, postgresqlconf: `shared_buffers = ${workerData.sb}\ntimezone = UTC\n` }
  if (workerData.initMem) opts.initialMemory = workerData.initMem * 2 ** 20
  if (workerData.module) opts.pgliteWasmModule = workerData.module
  const db = await PGlite.create(workerData.dir, opts)
  await db.query('select count(*) from t')
  parentPort.postMessage('ready')
  parentPort.on('message', async () => { await db.close(); process.exit(0) })
}
