import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pgliteWorkerPath, type OpenPgliteWorkerOptions } from './pglite-worker-protocol'

/** What the child opens the directory with: the options the server will open it with later. */
export type PgliteInitOptions = Pick<OpenPgliteWorkerOptions, 'contrib' | 'postgresqlconf'> & { dataDir: string }

/** initdb takes seconds; one still running after this is ended. */
const INIT_TIMEOUT_MS = 120_000

/** True when `dir` holds a Postgres cluster (initdb has run there). */
export function hasCluster(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'))
}

/**
 * Creates the PGlite cluster of `options.dataDir` in a short-lived child process
 * (pglite-init-child.mjs). Creating it in the server, even in a worker thread that then ends, left
 * the server's RSS about 160 MB higher for good (initdb runs a second PGlite; V8 and the C
 * allocator keep what it used); the child's memory goes back to the system when it exits.
 * The cluster is made in a sibling directory and moved into place once complete, so an
 * interrupted run never leaves a half-made cluster where the server will open it.
 */
export async function initPgliteInChildProcess(options: PgliteInitOptions): Promise<void> {
  const dir = path.resolve(options.dataDir)
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`PGlite will not create a cluster in ${dir}: it is not empty`)
  const building = `${dir}.init-${process.pid}`
  fs.rmSync(building, { recursive: true, force: true })
  fs.mkdirSync(building, { recursive: true })
  try {
    await runChild({ ...options, dataDir: building })
    if (fs.existsSync(dir)) fs.rmdirSync(dir) // only an empty directory: never one holding data
    fs.renameSync(building, dir)
  } finally {
    fs.rmSync(building, { recursive: true, force: true })
  }
}

function runChild(workerData: PgliteInitOptions): Promise<void> {
  const workerPath = pgliteWorkerPath()
  const childPath = path.join(path.dirname(workerPath), 'pglite-init-child.mjs')
  return new Promise((resolve, reject) => {
    const child = fork(/*turbopackIgnore: true*/ childPath, [workerPath, JSON.stringify(workerData)], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let answer: { ok: boolean; message?: string } | null = null
    const timer = setTimeout(() => {
      answer ??= { ok: false, message: `did not finish within ${INIT_TIMEOUT_MS / 1000} s` }
      child.kill('SIGKILL')
    }, INIT_TIMEOUT_MS)
    child.on('message', (message) => (answer ??= message as { ok: boolean; message?: string }))
    child.on('error', (error) => (answer ??= { ok: false, message: error.message }))
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (answer?.ok && code === 0) resolve()
      else reject(new Error(`PGlite could not create the cluster in ${workerData.dataDir}: ${answer?.message ?? `its process ended (code ${code})`}`))
    })
  })
}
