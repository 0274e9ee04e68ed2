/**
 * Deploy's build: `deno bundle` turns a function's files (and the npm packages it imports) into
 * one ES module. It runs in the sandbox, seeing only the function's files (at /src), an output
 * directory and its tenant's own module cache, so an import of `/etc/passwd` or `../../x` finds
 * nothing of the platform's disk; it downloads through the egress proxy (egress.ts), so an import
 * or a package reaches public addresses only; a URL the machine cannot fetch fails at once with
 * its name, never hangs.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FUNCTION_FILE_PATTERN } from '@/lib/functions/rules'
import { startEgressProxy } from './egress'
import { childrenOf, findDescendant } from './proc'
import { bwrapBinary, deniedHosts, denoCacheDir, denoProcessEnv, EGRESS_SOCKET, runtimeStatus, SANDBOX_DENO, sandboxArgv } from './sandbox'
import type { BundleRequest, BundleResult } from './types'

/** The longest a build may take (FUNCTIONS_BUNDLE_TIMEOUT_MS). */
const DEFAULT_TIMEOUT_MS = 60_000
const MAX_OUTPUT = 64 * 1024
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g
const EXPERIMENTAL_WARNING = /^.*deno bundle is experimental.*$\n?/gm

/**
 * The bundler fetches remote imports with a client that may not use a Unix-socket proxy (it would
 * need read access to the socket, which `deno bundle` cannot be given), so inside the sandbox this
 * small program (ours, not the tenant's) relays a loopback port of the sandbox's own network to the
 * egress socket, and runs the bundler (its arguments) with HTTP(S)_PROXY pointing at that port.
 */
const RELAY_SOURCE = `
const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 })
async function copy(from, to) {
  const buffer = new Uint8Array(65536)
  try {
    for (let n = await from.read(buffer); n !== null; n = await from.read(buffer)) {
      for (let offset = 0; offset < n; ) offset += await to.write(buffer.subarray(offset, n))
    }
  } catch {}
  try { await to.closeWrite() } catch {}
}
async function relay(conn) {
  try {
    const egress = await Deno.connect({ transport: "unix", path: "${EGRESS_SOCKET}" })
    await Promise.all([copy(conn, egress), copy(egress, conn)])
    egress.close()
  } catch {}
  try { conn.close() } catch {}
}
;(async () => { for await (const conn of listener) relay(conn) })()
const proxy = "http://127.0.0.1:" + listener.addr.port
const bundler = new Deno.Command("${SANDBOX_DENO}", { args: Deno.args, env: { HTTP_PROXY: proxy, HTTPS_PROXY: proxy }, stdin: "null" }).spawn()
Deno.exit((await bundler.status).code)
`

/** Bundles `req.files` from `req.entrypoint`; never throws for a problem of the code (ok: false with the bundler's output). */
export async function bundleFunction(req: BundleRequest): Promise<BundleResult> {
  const status = runtimeStatus()
  if (!status.available) return { ok: false, message: status.reason ?? 'The functions runtime is not available', output: '' }
  const bad = req.files.find((file) => !FUNCTION_FILE_PATTERN.test(file.name))
  if (bad) return { ok: false, message: `"${bad.name}" is not a valid file name for a function`, output: '' }
  if (!req.files.some((file) => file.name === req.entrypoint)) return { ok: false, message: `The entrypoint ${req.entrypoint} is not among the files`, output: '' }

  const cache = denoCacheDir(req.tenant)
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fn-bundle-'))
  let egress: Awaited<ReturnType<typeof startEgressProxy>> | undefined
  try {
    const src = path.join(dir, 'src')
    const out = path.join(dir, 'out')
    const ipc = path.join(dir, 'ipc')
    await fs.promises.mkdir(out)
    await fs.promises.mkdir(ipc, { mode: 0o700 })
    egress = await startEgressProxy(path.join(ipc, path.basename(EGRESS_SOCKET)))
    for (const file of req.files) {
      const target = path.join(src, file.name)
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      await fs.promises.writeFile(target, file.content)
    }
    await fs.promises.mkdir(path.join(dir, 'relay'))
    await fs.promises.writeFile(path.join(dir, 'relay', 'relay.js'), RELAY_SOURCE)
    const denied = deniedHosts().join(',')
    const relay = [
      SANDBOX_DENO, 'run', '--no-prompt', '--no-config', '--no-lock', '--allow-net', `--allow-read=${EGRESS_SOCKET}`, `--allow-write=${EGRESS_SOCKET}`,
      `--allow-run=${SANDBOX_DENO}`, '/relay/relay.js',
    ]
    const command = [
      ...relay, 'bundle', '--no-config', '--no-lock', '--node-modules-dir=none', '--allow-import', `--deny-import=${denied}`,
      '--platform', 'deno', '--minify', '-o', '/out/bundle.js', `/src/${req.entrypoint}`,
    ]
    const argv = sandboxArgv(
      [
        { host: src, sandbox: '/src' },
        { host: out, sandbox: '/out', writable: true },
        { host: cache, sandbox: '/deno-dir', writable: true },
        { host: ipc, sandbox: path.dirname(EGRESS_SOCKET) },
        { host: path.join(dir, 'relay'), sandbox: '/relay' },
      ],
      denoProcessEnv('/deno-dir'),
      command,
    )
    const run = await runBundler(argv, req.signal)
    const output = run.output.replace(ANSI, '').replace(EXPERIMENTAL_WARNING, '').trim()
    if (run.timedOut) return { ok: false, message: `The build did not finish within ${run.timeoutMs / 1000} s and was stopped`, output }
    if (run.aborted) return { ok: false, message: 'The build was cancelled', output }
    if (run.code !== 0) return { ok: false, message: explain(output), output }
    const bundle = await fs.promises.readFile(path.join(out, 'bundle.js'), 'utf8').catch(() => null)
    if (bundle === null) return { ok: false, message: 'The bundler wrote no output', output }
    return { ok: true, bundle, output }
  } finally {
    egress?.close()
    await fs.promises.rm(dir, { recursive: true, force: true })
  }
}

type Run = { code: number | null; output: string; timedOut: boolean; aborted: boolean; timeoutMs: number }

function runBundler(argv: string[], signal?: AbortSignal): Promise<Run> {
  const timeoutMs = Number(process.env.FUNCTIONS_BUNDLE_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS
  return new Promise((resolve) => {
    const child = spawn(bwrapBinary()!, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    let timedOut = false
    let aborted = false
    const collect = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8')
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    // The sandbox's inside (deno, pid 1 of its namespace: its end ends the bundler and esbuild too), so that bwrap
    // reaps it and nothing is left a zombie; while bwrap still sets the sandbox up, its own child (killing bwrap
    // itself then would leave that child waiting forever for a parent that is gone, holding the output open).
    const kill = () => {
      if (!child.pid) return
      const inside = findDescendant(child.pid, 'bwrap')
      const targets = inside ? [inside] : childrenOf(child.pid)
      for (const pid of targets.length > 0 ? targets : [child.pid]) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // gone
        }
      }
    }
    const timer = setTimeout(() => {
      timedOut = true
      kill()
    }, timeoutMs)
    const onAbort = () => {
      aborted = true
      kill()
    }
    if (signal?.aborted) onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (error) => {
      output += `\n${error.message}`
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve({ code, output, timedOut, aborted, timeoutMs })
    })
  })
}

/** The one-line reason of a failed build: a URL the machine could not fetch by name, else the bundler's first error. */
export function explain(output: string): string {
  const unreachable =
    /error sending request for url \((https?:\/\/[^)\s]+)\)/.exec(output) ??
    /Do not know how to load path: deno:(https?:\/\/\S+)/.exec(output) ??
    /Import '(https?:\/\/[^']+)' failed/.exec(output) ??
    /Failed (?:loading|fetching) (https?:\/\/\S+)/.exec(output)
  if (unreachable) {
    return `Could not fetch ${unreachable[1]}: this machine could not reach it to download it. Import the package from npm (npm:…) or vendor the file into the function.`
  }
  const denied = /Requires import access to "([^"]+)"/.exec(output)
  if (denied) return `Importing from ${denied[1]} is not allowed`
  const firstError = output.split('\n').find((line) => line.startsWith('error:') && !/bundling failed/.test(line))
  return firstError ? `The build failed: ${firstError.replace(/^error:\s*/, '')}` : 'The build failed'
}
