/**
 * The contract between the platform's Edge Functions (deploy, gateway) and the runtime that runs
 * their code: Deno, in a sandbox (bubblewrap) with explicit permissions, in warm workers.
 */
import type { FunctionLimits } from '@/lib/functions/rules'
import type { FunctionFile } from '@/lib/api-types/functions'

/** `bundleFunction`'s answer: one self-contained ES module (npm packages included), or why not. */
export type BundleResult =
  | { ok: true; bundle: string; output: string }
  | { ok: false; message: string; output: string }

export type BundleRequest = {
  files: FunctionFile[]
  /** One of `files` (index.ts). */
  entrypoint: string
  /** Whose build it is (a project's ref): each tenant has its own module cache. */
  tenant: string
  signal?: AbortSignal
}

/** A line the function's code wrote (console.*, or its stdout/stderr). */
export type FunctionLogLine = {
  level: 'debug' | 'info' | 'warn' | 'error'
  message: string
  /** The invocation it came from, when known (null: between invocations, or at boot). */
  executionId: string | null
  timestamp: Date
}

/** What runs: one version of one function with one set of secrets. */
export type WorkerSpec = {
  /** Workers are reused only for the same key: project, function, version and secrets epoch. */
  key: string
  /** Loads the bundle when a worker must start (a cold start); warm invocations never call it. */
  loadBundle: () => Promise<string>
  /** The whole environment the code may read with `Deno.env.get` (its secrets and the project's URL and keys). */
  env: Record<string, string>
  limits: FunctionLimits
  /** Called for every line the code writes, as it writes it. */
  onLog: (line: FunctionLogLine) => void
  /** Tests only: loopback ports this worker's egress proxy may reach, to show it forwards (the platform never sets it). */
  egress?: { testLoopbackPorts?: number[] }
}

export type InvocationRequest = {
  executionId: string
  method: string
  /** The absolute URL the function's handler sees (`req.url`). */
  url: string
  headers: [string, string][]
  /** At most `limits.requestBytes` (the gateway refuses bigger bodies before it calls). */
  body: Buffer | null
  signal?: AbortSignal
}

export type InvocationResponse = {
  status: number
  statusText: string
  headers: [string, string][]
  body: Buffer
  /** Whether a worker had to start for it. */
  cold: boolean
}

/** Why an invocation got no answer from the code. The gateway answers `status` with `{ code, message }`. */
export type RuntimeFailureCode =
  | 'CPU_LIMIT' // 546
  | 'MEMORY_LIMIT' // 546
  | 'WALL_CLOCK_LIMIT' // 504
  | 'RESPONSE_TOO_LARGE' // 546
  | 'BOOT_ERROR' // 503: the module threw at load, or never called Deno.serve
  | 'WORKER_CRASHED' // 502: the worker ended without answering
  | 'RUNTIME_UNAVAILABLE' // 503: no Deno binary or no sandbox on this machine
