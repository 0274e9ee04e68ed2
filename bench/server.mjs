// Shared by the benchmarks: a production server (`npm run build` first) on its own DATA_DIR,
// stopped with the benchmark, and the Chromium flags of playwright.config.ts (STYLE §13).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Loopback only: every other host name resolves to nothing (the hosted code editor's CDN
  // among them, so its fallback to the local copy is what runs).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]',
]

/** The JWT secret of bench servers (not a secret: benches run on throwaway stores). */
const BENCH_JWT_SECRET = 'bench-jwt-secret-not-secret-0123456789abcdef'

/**
 * Starts the dashboard's server (server.mjs, as `npm start` runs it) with the given settings;
 * resolves once it answers. Its project API listens on `apiPort` (default port + 1): `apiOrigin`.
 */
export async function startServer({ port, apiPort = port + 1, env, dataDir: keptDir }) {
  // `dataDir`: start on that DATA_DIR (a restart) and leave it in place when stopped.
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  // BENCH_NODE_FLAGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)
  const child = spawn('node', [...flags, 'server.mjs', '-p', String(port)], {
    // MALLOC_ARENA_MAX=2 as `npm start` sets it (see server.mjs); a bench may set another.
    // One JWT_SECRET for every bench server: servers sharing a Postgres store must share it (the
    // server stops at start otherwise, server/startup-checks.ts), and each bench starts its own.
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1', PROJECT_API_PORT: String(apiPort), JWT_SECRET: process.env.JWT_SECRET ?? BENCH_JWT_SECRET, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', stop)
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/dashboard/api/get-utc-time`)).ok) return { origin, apiOrigin: `http://127.0.0.1:${apiPort}`, stop, pid: child.pid }
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  stop()
  throw new Error('server did not start')
}

/** A process's memory from /proc: its RSS now, its peak (VmHWM) and a reset of that peak to now (bytes). */
export function processMemory(pid) {
  const read = (field) => {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`))
    return Number(line.split(/\s+/)[1]) * 1024
  }
  return {
    rss: () => read('VmRSS'),
    peak: () => read('VmHWM'),
    /** Resets the peak to the current RSS (clear_refs 5) and gives that RSS. */
    resetPeak: () => {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
      return read('VmRSS')
    },
  }
}
