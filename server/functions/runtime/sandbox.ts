/**
 * The sandbox every piece of function code runs in (the bundler and the workers): bubblewrap with
 * a minimal read-only view of the machine (/usr, the Deno binary, DNS and TLS files, an /etc with
 * no /etc/passwd), its own pid/ipc/uts namespaces, an empty environment, and only the directories
 * the caller binds. Its network is its own (--unshare-net: a loopback and nothing else); the one
 * way out is the platform's egress proxy (egress.ts) on a Unix socket the caller binds, which Deno
 * uses for every fetch and download (HTTP_PROXY/HTTPS_PROXY = unix:…), and which lets tenant
 * code reach public addresses and its own project API only. Deno's --deny-net list stays as a
 * second fence.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { getServerConfig } from '@/lib/config'

/** Where the Deno binary appears inside the sandbox. */
export const SANDBOX_DENO = '/opt/deno/deno'

export type Bind = { host: string; sandbox: string; writable?: boolean }

/** Files of /etc the runtime needs (name resolution and TLS roots); nothing else of /etc is visible. */
const ETC_FILES = ['/etc/resolv.conf', '/etc/hosts', '/etc/nsswitch.conf', '/etc/host.conf', '/etc/gai.conf', '/etc/localtime']
const ETC_DIRS = ['/etc/ssl', '/etc/ca-certificates', '/etc/pki']
/** Top-level entries that are symlinks into /usr on merged-/usr systems, or real directories elsewhere. */
const ROOT_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']

/** The Deno binary: FUNCTIONS_DENO_BIN, else the `deno` package's binary under the working directory's node_modules. */
export function denoBinary(): string | null {
  const candidates = [
    process.env.FUNCTIONS_DENO_BIN,
    path.resolve('node_modules/deno/deno'),
    path.resolve(`node_modules/@deno/linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}-glibc/deno`),
  ]
  for (const candidate of candidates) {
    if (!candidate) continue
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return fs.realpathSync(candidate)
    } catch {
      // try the next one
    }
  }
  return null
}

/** The bwrap binary on PATH (or FUNCTIONS_BWRAP_BIN). */
export function bwrapBinary(): string | null {
  const given = process.env.FUNCTIONS_BWRAP_BIN
  for (const candidate of given ? [given] : (process.env.PATH ?? '/usr/bin:/bin').split(':').map((dir) => path.join(dir || '.', 'bwrap'))) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {
      // next
    }
  }
  return null
}

/** The egress proxy's socket inside the sandbox (egress.ts; the caller binds its directory at /ipc). */
export const EGRESS_SOCKET = '/ipc/egress.sock'

/**
 * A tenant's module cache the bundler fills (npm packages, esbuild): one directory per tenant (a
 * project's ref) under FUNCTIONS_DENO_DIR, else DATA_DIR/deno, so no build reads or writes what
 * another project's build fetched.
 */
export function denoCacheDir(tenant: string): string {
  const dir = tenantCachePath(tenant)
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

function tenantCachePath(tenant: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenant)) throw new Error(`"${tenant}" is not a tenant name`)
  return path.join(process.env.FUNCTIONS_DENO_DIR || path.resolve(getServerConfig().dataDir, 'deno'), 'tenants', tenant)
}

/** Removes a tenant's module cache (its project is gone); nothing when it has none. */
export async function removeDenoCache(tenant: string): Promise<void> {
  await fs.promises.rm(tenantCachePath(tenant), { recursive: true, force: true })
}

/** This machine's own interface addresses (IPv6 ones without their scope). */
export function hostAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) => list ?? []).map((nic) => nic.address.split('%')[0])
}

/** Where the platform's database listens (DATABASE_URL's host and port), or null: PGlite, or a URL the platform cannot use either. */
export function platformDatabase(): { host: string; port: number } | null {
  const url = process.env.DATABASE_URL ?? getServerConfig().databaseUrl
  if (!url) return null
  try {
    const parsed = new URL(url)
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 5432) }
  } catch {
    return null
  }
}

/** Host:port pairs no function (nor the bundler) may reach: the platform's database and the cloud metadata service. */
export function deniedHosts(): string[] {
  // 0.0.0.0 and [::]: no one connects there, and denying them stops listening on every interface.
  const denied = ['169.254.169.254', 'metadata.google.internal', '0.0.0.0', '[::]']
  const database = platformDatabase()
  if (database) {
    const { host, port } = database
    const loopback = ['localhost', '127.0.0.1', '::1', '0.0.0.0'].includes(host) || host.startsWith('127.')
    // A database on this machine may also answer on its other addresses (listen_addresses = '*').
    const local = hostAddresses().map((address) => (address.includes(':') ? `[${address}]` : address))
    const hosts = loopback ? ['localhost', '127.0.0.1', '[::1]', ...local] : [host.includes(':') ? `[${host}]` : host]
    for (const h of new Set(hosts)) denied.push(`${h}:${port}`)
  }
  return denied
}

/** The environment Deno itself needs (its every request through the egress proxy); the code cannot read it (--allow-env lists only the function's names). */
export function denoProcessEnv(denoDir: string): Record<string, string> {
  const proxy = `unix:${EGRESS_SOCKET}`
  return { DENO_DIR: denoDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', DENO_TLS_CA_STORE: 'system,mozilla', HTTP_PROXY: proxy, HTTPS_PROXY: proxy }
}

/**
 * A seccomp program (classic BPF, as bwrap's --seccomp reads it) that makes listen() and
 * io_uring_setup() fail with EPERM, and every syscall of another architecture too: code in the
 * sandbox can connect out but never accept connections, whatever API it finds. Null on an
 * architecture it does not know (the JavaScript-level refusals of the bootstrap still apply).
 */
export function noListenFilter(): Buffer | null {
  const arch = process.arch === 'x64' ? { audit: 0xc000003e, listen: 50 } : process.arch === 'arm64' ? { audit: 0xc00000b7, listen: 201 } : null
  if (!arch) return null
  const IO_URING_SETUP = 425
  const X32_SYSCALL_BIT = 0x40000000
  const ALLOW = 0x7fff0000
  const EPERM = 0x00050000 | 1
  // [code, jt, jf, k]: BPF_LD|W|ABS 0x20, BPF_JMP|JEQ|K 0x15, BPF_JMP|JGE|K 0x35, BPF_RET|K 0x06
  const program: [number, number, number, number][] = [
    [0x20, 0, 0, 4], // A = arch
    [0x15, 1, 0, arch.audit],
    [0x06, 0, 0, EPERM],
    [0x20, 0, 0, 0], // A = syscall number
    [0x35, 3, 0, X32_SYSCALL_BIT],
    [0x15, 2, 0, arch.listen],
    [0x15, 1, 0, IO_URING_SETUP],
    [0x06, 0, 0, ALLOW],
    [0x06, 0, 0, EPERM],
  ]
  const buffer = Buffer.alloc(program.length * 8)
  program.forEach(([code, jt, jf, k], i) => {
    buffer.writeUInt16LE(code, i * 8)
    buffer.writeUInt8(jt, i * 8 + 2)
    buffer.writeUInt8(jf, i * 8 + 3)
    buffer.writeUInt32LE(k >>> 0, i * 8 + 4)
  })
  return buffer
}

/** bwrap's arguments for a sandbox with `binds`, an environment of exactly `env`, running `command` (with the seccomp program read from `seccompFd`). */
export function sandboxArgv(binds: Bind[], env: Record<string, string>, command: string[], seccompFd?: number): string[] {
  const deno = denoBinary()
  if (!deno) throw new Error('no Deno binary')
  const args = ['--unshare-user', '--uid', '65534', '--gid', '65534', '--ro-bind', '/usr', '/usr']
  for (const entry of ROOT_LINKS) {
    let stat: fs.Stats
    try {
      stat = fs.lstatSync(entry)
    } catch {
      continue
    }
    if (stat.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(entry), entry)
    else if (stat.isDirectory()) args.push('--ro-bind', entry, entry)
  }
  args.push('--dir', '/etc')
  for (const file of ETC_FILES) args.push('--ro-bind-try', file, file)
  for (const dir of ETC_DIRS) args.push('--ro-bind-try', dir, dir)
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--ro-bind', deno, SANDBOX_DENO)
  for (const bind of binds) args.push(bind.writable ? '--bind' : '--ro-bind', bind.host, bind.sandbox)
  args.push('--unshare-net', '--unshare-pid', '--as-pid-1', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try', '--die-with-parent', '--new-session', '--cap-drop', 'ALL')
  if (seccompFd !== undefined) args.push('--seccomp', String(seccompFd))
  args.push('--clearenv')
  for (const [name, value] of Object.entries(env)) args.push('--setenv', name, value)
  args.push('--', ...command)
  return args
}

type Status = { available: boolean; reason?: string }
const cache = globalThis as typeof globalThis & { __functionsRuntimeStatus?: Map<string, Status> }

/** Whether functions can run here: a Deno binary and a bubblewrap that can build a sandbox. Checked once per pair of binaries. */
export function runtimeStatus(): Status {
  cache.__functionsRuntimeStatus ??= new Map()
  // Keyed by what decides where the binaries are, not by finding them again: this runs on every invocation.
  const key = `${process.env.FUNCTIONS_DENO_BIN ?? ''}|${process.env.FUNCTIONS_BWRAP_BIN ?? ''}|${process.env.PATH ?? ''}|${process.cwd()}`
  const known = cache.__functionsRuntimeStatus.get(key)
  if (known) return known
  const status = probe()
  // Only success is remembered: installing the missing piece should not need a restart.
  if (status.available) cache.__functionsRuntimeStatus.set(key, status)
  return status
}

function probe(): Status {
  if (process.platform !== 'linux') return { available: false, reason: 'Edge Functions run only on Linux (they need bubblewrap).' }
  if (!denoBinary()) return { available: false, reason: 'No Deno binary: run `npm install` (the `deno` package) or set FUNCTIONS_DENO_BIN.' }
  const bwrap = bwrapBinary()
  if (!bwrap) return { available: false, reason: 'No bubblewrap: install it (`apt-get install bubblewrap`, or scripts/ensure-bwrap.sh).' }
  const result = spawnSync(bwrap, sandboxArgv([], denoProcessEnv('/tmp/deno'), [SANDBOX_DENO, '--version']), { timeout: 15_000, encoding: 'utf8' })
  if (result.status !== 0) {
    const why = (result.stderr || result.error?.message || '').trim().split('\n')[0]
    return { available: false, reason: `bubblewrap cannot build a sandbox here (${why || `exit ${result.status}`}): unprivileged user namespaces must be allowed.` }
  }
  return { available: true }
}
