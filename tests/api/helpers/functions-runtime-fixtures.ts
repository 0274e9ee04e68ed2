/**
 * Functions the runtime tests deploy, and helpers to bundle and run them without the platform.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { bundleFunction, FunctionRuntimeError, invokeFunction } from '@/server/functions/runtime'
import type { FunctionLogLine, InvocationResponse, WorkerSpec } from '@/server/functions/runtime/types'
import type { FunctionLimits } from '@/lib/functions/rules'

/** Small limits keep the limit tests fast. */
export const TEST_LIMITS: FunctionLimits = { cpuMs: 400, wallMs: 5_000, memoryMb: 64, requestBytes: 1024 * 1024, responseBytes: 64 * 1024 }

/** One module cache for every run of these tests (the first run downloads the bundler's esbuild and the npm package). */
export const TEST_DENO_DIR = path.join(os.tmpdir(), 'functions-runtime-test-deno')

export async function bundle(files: { name: string; content: string }[]): Promise<string> {
  const result = await bundleFunction({ files, entrypoint: 'index.ts', tenant: 'runtime-test' })
  if (!result.ok) throw new Error(`bundle failed: ${result.message}\n${result.output}`)
  return result.bundle
}

export type TestSpec = WorkerSpec & { logs: FunctionLogLine[] }

let keys = 0
/** A spec with its own key (so tests do not share workers) that collects its log lines. */
export function testSpec(code: string, overrides: Partial<WorkerSpec> = {}): TestSpec {
  const logs: FunctionLogLine[] = []
  return {
    key: `test-${process.pid}-${++keys}`,
    loadBundle: async () => code,
    env: { MY_SECRET: 'shh-42', SUPABASE_URL: 'http://localhost:1' },
    limits: TEST_LIMITS,
    onLog: (line) => logs.push(line),
    logs,
    ...overrides,
  }
}

let executions = 0
/** Invokes `spec` with a GET (or `init`'s method and body) on `query`. */
export function call(spec: WorkerSpec, query = '', init: { method?: string; headers?: [string, string][]; body?: string; signal?: AbortSignal } = {}): Promise<InvocationResponse> {
  return invokeFunction(spec, {
    executionId: `exec-${++executions}`,
    method: init.method ?? 'GET',
    url: `https://ref.example.test/functions/v1/probe${query}`,
    headers: init.headers ?? [],
    body: init.body === undefined ? null : Buffer.from(init.body),
    signal: init.signal,
  })
}

export function json(response: InvocationResponse): Record<string, unknown> {
  return JSON.parse(response.body.toString('utf8'))
}

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes. */
export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A stand-in for the platform's DATA_DIR with a secret file in it. */
export function fakeDataDir(): { dir: string; file: string; content: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-test-data-'))
  const content = `platform-secret-${Math.random().toString(36).slice(2)}`
  const file = path.join(dir, 'jwt-secret')
  fs.writeFileSync(file, content)
  return { dir, file, content, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** The failure an invocation threw (fails the test when it answered instead). */
export async function failure(promise: Promise<unknown>): Promise<FunctionRuntimeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FunctionRuntimeError)
  return error as FunctionRuntimeError
}

/** A TCP server on 127.0.0.1 that closes every connection (a stand-in for a local service). */
export function listen(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end())
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

export const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port

/** Cold-start times of `workers` fresh workers, and `each` warm calls on each of them, in ms. */
export async function measureLatency(spec: () => WorkerSpec, workers: number, each: number): Promise<{ cold: number[]; warm: number[] }> {
  const cold: number[] = []
  const warm: number[] = []
  for (let i = 0; i < workers; i++) {
    const s = spec()
    let started = performance.now()
    await call(s)
    cold.push(performance.now() - started)
    for (let j = 0; j < each; j++) {
      started = performance.now()
      await call(s)
      warm.push(performance.now() - started)
    }
  }
  return { cold, warm }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
