import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

/**
 * Issue 26: the production server (server.mjs, as `npm start` runs it) stops at start, with a
 * sentence naming the setting, when it is given another JWT_SECRET than the one its store was set
 * up with (a second instance on a shared store with its own generated secret used to answer every
 * project key request with "Internal server error"). The same store and secret start as before.
 */

const PORT = 8188
const API_PORT = 8189

/** Starts the server on `dataDir`; resolves with its exit code and output once it exits or answers (then it is stopped). */
function run(dataDir: string, jwtSecret: string): Promise<{ code: number | null; ready: boolean; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('node', ['server.mjs', '-p', String(PORT), '-H', '127.0.0.1'], {
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: jwtSecret, PROJECT_API_PORT: String(API_PORT), IS_PLATFORM: 'true', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    let ready = false
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/dashboard/api/get-utc-time`)).ok && !ready) {
          ready = true
          child.kill('SIGTERM')
        }
      } catch {
        // not listening yet
      }
    }, 200)
    child.on('exit', (code) => {
      clearInterval(poll)
      resolve({ code, ready, stderr })
    })
  })
}

test('a server given another JWT_SECRET than its store was set up with stops at start, naming JWT_SECRET', async () => {
  test.setTimeout(120_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-check-'))
  try {
    const first = await run(dataDir, 'first-secret-of-this-store-0123456789')
    expect(first.ready).toBe(true)
    const other = await run(dataDir, 'another-secret-0123456789-abcdefghij')
    expect(other.code).toBe(1)
    expect(other.ready).toBe(false)
    expect(other.stderr).toContain('[startup] JWT_SECRET does not match the one this platform store (DATA_DIR) was set up with')
    expect(other.stderr).toContain('[startup] The server stops: fix the setting named above and start it again.')
    const again = await run(dataDir, 'first-secret-of-this-store-0123456789')
    expect(again.ready).toBe(true)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
