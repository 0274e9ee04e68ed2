// Creates one PGlite cluster in a process of its own, then ends (see pglite-init-process.ts, the
// only user): initdb's memory (a second PGlite, its WASM, the allocator's arenas) goes back to the
// system when this process exits, where in the server's process it stayed for good.
//
// Plain ESM, started with child_process.fork: `node pglite-init-child.mjs <worker path> <options JSON>`.
// It opens the directory exactly as the server would (pglite-worker.mjs, in a worker thread, with
// the options as its workerData), closes it cleanly, and tells its parent over IPC:
//   { ok: true } or { ok: false, message }.
import { Worker } from 'node:worker_threads'

const [workerPath, json] = process.argv.slice(2)

function finish(answer) {
  if (process.send) process.send(answer, () => process.exit(answer.ok ? 0 : 1))
  else process.exit(answer.ok ? 0 : 1)
}

const worker = new Worker(workerPath, { workerData: JSON.parse(json) })
let closed = false
worker.on('message', (message) => {
  if (message.type === 'ready') return worker.postMessage({ id: 1, op: 'close' })
  if (message.type === 'failed') return finish({ ok: false, message: message.error?.message ?? 'PGlite could not open' })
  if (message.id === 1) {
    closed = message.ok
    if (!message.ok) finish({ ok: false, message: message.error?.message ?? 'PGlite did not close cleanly' })
  }
})
worker.on('error', (error) => finish({ ok: false, message: error.message }))
worker.on('exit', (code) => finish(closed ? { ok: true } : { ok: false, message: `PGlite's worker ended (code ${code}) before the cluster was closed` }))
