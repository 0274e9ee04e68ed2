/**
 * One worker: one Deno process in its own sandbox running one function version's bundle behind
 * the bootstrap, answering one invocation at a time on a Unix socket in its own temp directory
 * (removed when the worker stops). The platform reads the process's output as log lines. Its one
 * way out to the network is its own egress proxy (egress.ts) on a socket in the same directory.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { isRuntimeEnvName } from '@/lib/functions/rules'
import { BOOTSTRAP_SOURCE, CHANNEL_SOCKET, MAX_LOG_MESSAGE } from './bootstrap'
import { FRAME, WorkerChannel } from './channel'
import { FunctionRuntimeError } from './errors'
import { childrenOf, cpuTimeMs, findDescendant } from './proc'
import { startEgressProxy, type EgressProxy } from './egress'
import { bwrapBinary, deniedHosts, denoProcessEnv, EGRESS_SOCKET, noListenFilter, SANDBOX_DENO, sandboxArgv } from './sandbox'
import type { FunctionLogLine, WorkerSpec } from './types'

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/** The longest a module may take to load before its worker gives up (FUNCTIONS_BOOT_MS). */
const DEFAULT_BOOT_MS = 20_000

/** Directories of workers alive: removed at exit too, should the server stop without stopping them. */
const liveDirs = new Set<string>()
const exitHook = globalThis as typeof globalThis & { __functionsWorkerExitHook?: boolean }
if (!exitHook.__functionsWorkerExitHook) {
  exitHook.__functionsWorkerExitHook = true
  process.on('exit', () => {
    for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true })
  })
}

export type WorkerState = 'starting' | 'idle' | 'busy' | 'stopped'

/** The `deno run` command of a worker: network through the egress proxy (never the platform's database), env only `env`'s names, nothing else. */
export function workerCommand(env: Record<string, string>, memoryMb: number): string[] {
  const names = Object.keys(env).filter((name) => ENV_NAME.test(name) && !isRuntimeEnvName(name))
  return [
    SANDBOX_DENO,
    'run',
    '--no-prompt',
    '--no-config',
    '--no-lock',
    '--no-remote',
    '--no-npm',
    '--cached-only',
    '--allow-net',
    `--deny-net=${deniedHosts().join(',')}`,
    // An empty --allow-env= would allow every variable: no names, no flag.
    ...(names.length > 0 ? [`--allow-env=${names.join(',')}`] : []),
    // Connecting to the channel's and the egress proxy's Unix sockets needs both, on those paths only.
    `--allow-read=${CHANNEL_SOCKET},${EGRESS_SOCKET}`,
    `--allow-write=${CHANNEL_SOCKET},${EGRESS_SOCKET}`,
    `--v8-flags=--max-old-space-size=${Math.max(16, Math.floor(memoryMb))},--disallow-code-generation-from-strings`,
    '/fn/bootstrap.js',
  ]
}

export class FunctionWorker {
  readonly id = crypto.randomUUID()
  state: WorkerState = 'starting'
  lastUsed = Date.now()
  /** The Deno process (inside bwrap) whose CPU and memory count; null until ready. */
  denoPid: number | null = null
  /** The invocation in progress: raw output lines are attributed to it. */
  currentExecution: string | null = null
  /** Why the platform killed it (so an invocation in flight reports that, not a crash). */
  killReason: FunctionRuntimeError | null = null
  /** The platform's end of the worker's channel; null until the bootstrap connected. */
  channel: WorkerChannel | null = null
  /** Resolves when the process has ended and its output is all read. */
  readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  private readonly child: ChildProcess
  private readonly nonce = crypto.randomBytes(16).toString('hex')
  private stderrTail = ''
  private bootError: string | null = null
  private readyResolve: (() => void) | null = null

  private constructor(
    readonly spec: WorkerSpec,
    private readonly dir: string,
    server: net.Server,
    egress: EgressProxy,
  ) {
    server.on('connection', (socket) => this.connected(socket, server))
    server.on('error', () => {})
    // Deno's own settings and proxy come from the runtime only (a secret saved before those names were reserved is left out).
    const env = { ...Object.fromEntries(Object.entries(spec.env).filter(([name]) => !isRuntimeEnvName(name))), ...denoProcessEnv('/tmp/.deno') }
    const filter = noListenFilter()
    const argv = sandboxArgv(
      [
        { host: path.join(dir, 'code'), sandbox: '/fn' },
        { host: path.join(dir, 'ipc'), sandbox: path.dirname(CHANNEL_SOCKET), writable: true },
      ],
      env,
      workerCommand(spec.env, spec.limits.memoryMb),
      filter ? 3 : undefined,
    )
    this.child = spawn(bwrapBinary()!, argv, { stdio: ['pipe', 'pipe', 'pipe', ...(filter ? (['pipe'] as const) : [])], detached: true })
    if (filter) (this.child.stdio[3] as Writable).on('error', () => {}).end(filter)
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.state = 'stopped'
        server.close()
        egress.close()
        this.channel?.close()
        liveDirs.delete(this.dir)
        fs.rm(this.dir, { recursive: true, force: true }, () => resolve({ code, signal }))
      })
    })
    this.child.on('error', (error) => {
      this.bootError ??= `The runtime could not start: ${error.message}`
    })
    this.child.stdin!.on('error', () => {})
    this.child.stdin!.end(`${this.nonce}\n`)
    this.readLines(this.child.stdout!, 'stdout')
    this.readLines(this.child.stderr!, 'stderr')
  }

  /** Starts a worker for `spec` and waits until its handler is ready; throws BOOT_ERROR (with the reason) when it cannot. */
  static async start(spec: WorkerSpec): Promise<FunctionWorker> {
    const bundle = await spec.loadBundle()
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fn-worker-'))
    liveDirs.add(dir)
    let server: net.Server | undefined
    let egress: EgressProxy | undefined
    try {
      await fs.promises.mkdir(path.join(dir, 'code'), { mode: 0o755 })
      await fs.promises.mkdir(path.join(dir, 'ipc'), { mode: 0o700 })
      await fs.promises.writeFile(path.join(dir, 'code', 'bundle.js'), bundle, { mode: 0o644 })
      await fs.promises.writeFile(path.join(dir, 'code', 'bootstrap.js'), BOOTSTRAP_SOURCE, { mode: 0o644 })
      server = await listen(path.join(dir, 'ipc', path.basename(CHANNEL_SOCKET)))
      egress = await startEgressProxy(path.join(dir, 'ipc', path.basename(EGRESS_SOCKET)), { projectApiUrl: spec.env.SUPABASE_URL, testLoopbackPorts: spec.egress?.testLoopbackPorts })
    } catch (error) {
      server?.close()
      liveDirs.delete(dir)
      await fs.promises.rm(dir, { recursive: true, force: true })
      throw error
    }
    let worker: FunctionWorker
    try {
      worker = new FunctionWorker(spec, dir, server, egress)
    } catch (error) {
      server.close()
      egress.close()
      liveDirs.delete(dir)
      await fs.promises.rm(dir, { recursive: true, force: true })
      throw new FunctionRuntimeError('BOOT_ERROR', `The function could not start: ${(error as Error).message}`)
    }
    await worker.waitReady()
    return worker
  }

  /** The bootstrap's one connection; any other (the code trying the socket itself) is refused. */
  private connected(socket: net.Socket, server: net.Server): void {
    if (this.channel) return void socket.destroy()
    this.channel = new WorkerChannel(socket)
    this.channel.onFrame((frame) => {
      if (frame.type === FRAME.READY) this.readyResolve?.()
    })
    this.channel.onProtocolError = () => this.kill()
    server.close()
    fs.unlink(path.join(this.dir, 'ipc', path.basename(CHANNEL_SOCKET)), () => {})
  }

  private async waitReady(): Promise<void> {
    const bootMs = Math.min(Number(process.env.FUNCTIONS_BOOT_MS) || DEFAULT_BOOT_MS, this.spec.limits.wallMs)
    // Loading may take the invocation's CPU time and a second more (Deno itself, the node: modules).
    const bootCpuMs = this.spec.limits.cpuMs + 1_000
    let timer: NodeJS.Timeout | undefined
    let poll: NodeJS.Timeout | undefined
    const outcome = await Promise.race([
      new Promise<'ready'>((resolve) => (this.readyResolve = () => resolve('ready'))),
      this.closed.then(() => 'closed' as const),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), bootMs))),
      new Promise<'cpu'>((resolve) => {
        poll = setInterval(() => {
          this.denoPid ??= this.child.pid ? findDescendant(this.child.pid, 'bwrap') : null
          if (this.denoPid && (cpuTimeMs(this.denoPid) ?? 0) > bootCpuMs) resolve('cpu')
        }, 25)
      }),
    ])
    clearTimeout(timer)
    clearInterval(poll)
    if (outcome === 'ready') {
      this.denoPid ??= this.child.pid ? findDescendant(this.child.pid, 'bwrap') : null
      if (this.denoPid) {
        this.state = 'idle'
        return
      }
      this.bootError = 'The function stopped while starting'
    }
    if (outcome === 'timeout') this.bootError = `The function did not finish loading within ${bootMs} ms`
    if (outcome === 'cpu') this.bootError = `The function used more than ${bootCpuMs} ms of CPU time while loading and was stopped`
    this.kill()
    await this.closed
    if (!this.bootError && this.diedOfMemory()) {
      this.bootError = `The function used more than its ${this.spec.limits.memoryMb} MB of memory while loading`
    }
    const lastLine = this.stderrTail.trim().split('\n').pop()
    throw new FunctionRuntimeError('BOOT_ERROR', this.bootError ?? `The function stopped while starting${lastLine ? `: ${lastLine}` : ''}`)
  }

  /**
   * Kills the worker (idempotent); `closed` resolves once it is gone. Only the sandbox's inside is
   * killed: the outer bwrap then reaps it and exits itself, so no process is left a zombie (a
   * server running as pid 1 in a container does not reap orphans).
   */
  kill(reason?: FunctionRuntimeError): void {
    if (reason && !this.killReason) this.killReason = reason
    if (this.state !== 'stopped') this.state = 'stopped'
    const outer = this.child.pid
    if (!outer || this.child.exitCode !== null || this.child.signalCode !== null) return
    // The deno process, else the namespace's init (whose end ends everything in the namespace), else bwrap itself.
    const targets = this.denoPid ? [this.denoPid] : childrenOf(outer)
    for (const pid of targets.length > 0 ? targets : [outer]) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }

  /** Whether the last output looks like V8 giving up for lack of heap. */
  diedOfMemory(): boolean {
    return /out of memory|heap limit/i.test(this.stderrTail)
  }

  private readLines(stream: NodeJS.ReadableStream, source: 'stdout' | 'stderr'): void {
    let pending = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      if (source === 'stderr') this.stderrTail = (this.stderrTail + chunk).slice(-4096)
      pending += chunk
      let newline: number
      while ((newline = pending.indexOf('\n')) >= 0) {
        this.handleLine(pending.slice(0, newline), source)
        pending = pending.slice(newline + 1)
      }
      // A line without an end (a huge write) is cut rather than held forever.
      if (pending.length > MAX_LOG_MESSAGE * 2) {
        this.handleLine(pending, source)
        pending = ''
      }
    })
    stream.on('end', () => {
      if (pending) this.handleLine(pending, source)
    })
  }

  private handleLine(line: string, source: 'stdout' | 'stderr'): void {
    const marker = `\x1e${this.nonce}`
    if (source === 'stdout' && line.startsWith(marker)) {
      let message: { t?: string; l?: string; m?: string; e?: string | null }
      try {
        message = JSON.parse(line.slice(marker.length))
      } catch {
        return
      }
      if (message.t === 'boot-error') this.bootError = String(message.m ?? 'The function could not start')
      else if (message.t === 'log') {
        const level = message.l === 'debug' || message.l === 'warn' || message.l === 'error' ? message.l : 'info'
        this.emit({ level, message: String(message.m ?? ''), executionId: message.e ?? null, timestamp: new Date() })
      }
      return
    }
    const text = line.replace(/\r$/, '')
    if (!text.trim()) return
    const cut = text.length > MAX_LOG_MESSAGE ? `${text.slice(0, MAX_LOG_MESSAGE)}… (truncated)` : text
    this.emit({ level: source === 'stderr' ? 'error' : 'info', message: cut, executionId: this.currentExecution, timestamp: new Date() })
  }

  private emit(line: FunctionLogLine): void {
    try {
      this.spec.onLog(line)
    } catch {
      // a failing log sink must not take the worker down
    }
  }
}

function listen(socketPath: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(socketPath, () => resolve(server))
  })
}
