/**
 * The pool's caps: workers per function, workers per machine (an idle worker of another function
 * makes way, at once or when it finishes), and the queue in between.
 */
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bundleFunction, invokeFunction, runningWorkers, stopAllWorkers } from '@/server/functions/runtime'
import type { InvocationResponse, WorkerSpec } from '@/server/functions/runtime/types'

const SOURCE = `
const workerId = crypto.randomUUID()
Deno.serve(async (req) => {
  if (new URL(req.url).searchParams.has("wait")) await new Promise((resolve) => setTimeout(resolve, 300))
  return new Response(workerId)
})
`
const saved = { ...process.env }
let code: string
let keys = 0

beforeAll(async () => {
  process.env.FUNCTIONS_DENO_DIR = path.join(os.tmpdir(), 'functions-runtime-test-deno')
  const result = await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: [{ name: 'index.ts', content: SOURCE }] })
  if (!result.ok) throw new Error(result.message)
  code = result.bundle
}, 120_000)

afterEach(async () => {
  await stopAllWorkers()
  process.env = { ...saved, FUNCTIONS_DENO_DIR: process.env.FUNCTIONS_DENO_DIR }
})

afterAll(() => {
  process.env = saved
})

function spec(): WorkerSpec {
  return {
    key: `pool-${++keys}`,
    loadBundle: async () => code,
    env: {},
    limits: { cpuMs: 1_000, wallMs: 5_000, memoryMb: 64, requestBytes: 1024, responseBytes: 1024 },
    onLog: () => {},
  }
}

function call(s: WorkerSpec, query = ''): Promise<InvocationResponse> {
  return invokeFunction(s, { executionId: `e-${keys}`, method: 'GET', url: `https://x.test/${query}`, headers: [], body: null })
}

describe('worker pool', () => {
  it('keeps at most FUNCTIONS_MAX_WORKERS_PER_KEY workers for one function; the rest wait their turn', async () => {
    process.env.FUNCTIONS_MAX_WORKERS_PER_KEY = '2'
    const s = spec()
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(s, '?wait')))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
    expect(new Set(answers.map((a) => a.body.toString())).size).toBe(2)
    expect(answers.filter((a) => a.cold)).toHaveLength(2)
  })

  it('on a full machine, evicts the least recently used idle worker of another function', async () => {
    process.env.FUNCTIONS_MAX_WORKERS = '1'
    const a = spec()
    const b = spec()
    await call(a)
    expect(runningWorkers(a.key)).toBe(1)
    expect(await call(b)).toMatchObject({ status: 200, cold: true })
    expect(runningWorkers(a.key)).toBe(0)
    expect(runningWorkers()).toBe(1)
  })

  it('on a full machine, a function waits for a busy worker of another to finish, which then makes way', async () => {
    process.env.FUNCTIONS_MAX_WORKERS = '1'
    const a = spec()
    const b = spec()
    const busy = call(a, '?wait')
    await expect.poll(() => runningWorkers(a.key)).toBe(1)
    const waiting = call(b)
    expect((await busy).status).toBe(200)
    expect(await waiting).toMatchObject({ status: 200, cold: true })
    expect(runningWorkers(a.key)).toBe(0)
  })
})
