/**
 * The Edge Functions runtime on its own (no platform): deno bundle in the sandbox, workers in
 * bubblewrap with Deno's permissions, warm reuse, idle stop, and each per-invocation limit.
 */
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleFunction, invokeFunction, runningWorkers, runtimeStatus, stopAllWorkers } from '@/server/functions/runtime'
import { bundle, call, failure, fakeDataDir, json, listen, measureLatency, median, portOf, TEST_DENO_DIR, TEST_LIMITS, testSpec, until } from './helpers/functions-runtime-fixtures'
import { HELLO_FILES, LIMITS_SOURCE, PROBE_SOURCE } from './helpers/functions-runtime-sources'

const savedEnv = { ...process.env }
let hello: string
/** Stand-ins for the platform's database and for any other local service (functions reach neither). */
let database: net.Server, otherService: net.Server

beforeAll(async () => {
  process.env.FUNCTIONS_DENO_DIR = TEST_DENO_DIR
  ;[database, otherService] = await Promise.all([listen(), listen()])
  process.env.DATABASE_URL = `postgres://platform:secret@localhost:${portOf(database)}/platform`
  expect(runtimeStatus()).toEqual({ available: true })
  hello = await bundle(HELLO_FILES)
}, 120_000)

afterAll(async () => {
  await stopAllWorkers()
  for (const server of [database, otherService]) server.close()
  process.env = savedEnv
})

describe('bundling', () => {
  it('bundles two files and an npm package into one module that runs', async () => {
    expect(hello).not.toMatch(/from\s*["']npm:/)
    const spec = testSpec(hello)
    const response = await call(spec, '?a=1', { method: 'POST', headers: [['x-test', 'yes'], ['content-type', 'text/plain']], body: 'ping' })
    expect(response.status).toBe(200)
    expect(response.headers).toContainEqual(['x-answered-by', 'hello'])
    const url = 'https://ref.example.test/functions/v1/probe?a=1'
    expect(json(response)).toMatchObject({ greeting: 'hello after 2m', secret: 'shh-42', method: 'POST', url, header: 'yes', hidden: null, body: 'ping' })
  })

  it('refuses a syntax error and an unresolvable import with the bundler output', async () => {
    const syntax = await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: [{ name: 'index.ts', content: 'const x = ;\n' }] })
    expect(syntax).toMatchObject({ ok: false })
    expect(syntax.output).toContain('Expression expected')
    expect(syntax.output).not.toMatch(/\u001b\[/)
    const missing = await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: [{ name: 'index.ts', content: 'import "./nope.ts"\n' }] })
    expect(missing).toMatchObject({ ok: false })
    if (!missing.ok) expect(missing.message).toContain('nope.ts')
  })

  it('fails at once, naming the URL, when an import cannot be fetched', async () => {
    const started = Date.now()
    const result = await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: [{ name: 'index.ts', content: 'import ms from "https://esm.sh/ms@2.1.3"\nDeno.serve(() => new Response(ms(1000)))\n' }] })
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(/Could not fetch https:\/\/esm\.sh\/ms@2\.1\.3: this machine could not reach it/)
  })

  it('cannot read the platform disk through absolute, relative or text imports', async () => {
    const data = fakeDataDir()
    try {
      const relative = `../../..${data.file}`
      for (const content of [
        'import text from "/etc/passwd" with { type: "text" }\nconsole.log(text)\n',
        `import text from "${data.file}" with { type: "text" }\nconsole.log(text)\n`,
        `import text from "${relative}" with { type: "text" }\nconsole.log(text)\n`,
        `import "file://${data.file}"\n`,
      ]) {
        const result = await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: [{ name: 'index.ts', content }] })
        expect(result.ok, content).toBe(false)
        expect(result.output).toMatch(/Module not found|Cannot read file/)
        expect(JSON.stringify(result)).not.toContain(data.content)
        expect(JSON.stringify(result)).not.toContain('root:x:0')
      }
    } finally {
      data.cleanup()
    }
  })
})

describe('the sandbox of a running function', () => {
  const data = fakeDataDir()
  let probe: ReturnType<typeof testSpec>
  beforeAll(async () => {
    probe = testSpec(await bundle([{ name: 'index.ts', content: PROBE_SOURCE }]))
  })
  afterAll(() => data.cleanup())

  async function check(name: string, headers: [string, string][] = []) {
    const response = await call(probe, `?check=${name}`, { headers })
    expect(response.status).toBe(200)
    const text = response.body.toString('utf8')
    expect(text).not.toContain('root:x:0')
    expect(text).not.toContain(data.content)
    return JSON.parse(text) as { ok: boolean; name?: string; message?: string; value?: string }
  }

  it('refuses to read files, the platform DATA_DIR included', async () => {
    expect(await check('read-passwd')).toMatchObject({ ok: false, name: 'NotCapable', message: expect.stringContaining('Requires read access') })
    expect(await check('read-file', [['x-path', data.file]])).toMatchObject({ ok: false, name: 'NotCapable' })
    expect(await check('read-dir', [['x-dir', data.dir]])).toMatchObject({ ok: false, name: 'NotCapable' })
    expect(await check('write-tmp')).toMatchObject({ ok: false, name: 'NotCapable', message: expect.stringContaining('Requires write access') })
  })

  it('cannot import files of the machine (whose content would leak in the error)', async () => {
    const refused = { ok: false, message: expect.stringMatching(/Module not found|Requires read access/) }
    expect(await check('import', [['x-spec', 'file:///etc/passwd']])).toMatchObject(refused)
    expect(await check('import', [['x-spec', `file://${data.file}`]])).toMatchObject(refused)
    expect(await check('import', [['x-spec', `file://${path.resolve('package.json')}`]])).toMatchObject(refused)
  })

  it('reads only its own environment', async () => {
    expect(await check('env-secret')).toEqual({ ok: true, value: 'shh-42' })
    expect(await check('env-home')).toMatchObject({ ok: false, name: 'NotCapable', message: expect.stringContaining('"HOME"') })
    expect(await check('env-all')).toMatchObject({ ok: false, name: 'NotCapable' })
  })

  it('cannot start processes, nor evaluate strings as code', async () => {
    // No PATH in its environment: a bare name is not even found; a path is refused by permission.
    expect(await check('command')).toMatchObject({ ok: false, name: 'NotFound' })
    expect(await check('command-abs')).toMatchObject({ ok: false, name: 'NotCapable', message: expect.stringContaining('Requires run access') })
    expect(await check('child-process')).toMatchObject({ ok: false, name: 'NotCapable' })
    expect(await check('eval')).toMatchObject({ ok: false, name: 'EvalError' })
  })

  it("reaches no service of the machine, nor the platform's database, nor the cloud metadata address, and listens nowhere", async () => {
    // Its network is its own (functions-egress.test.ts shows what it reaches through the egress proxy).
    expect(await check('connect', [['x-host', '127.0.0.1'], ['x-port', String(portOf(otherService))]])).toMatchObject({ ok: false, name: 'ConnectionRefused' })
    for (const host of ['127.0.0.1', 'localhost']) {
      expect(await check('connect', [['x-host', host], ['x-port', String(portOf(database))]])).toMatchObject({ ok: false, name: 'NotCapable' })
    }
    for (const what of ['listen', 'worker']) {
      expect(await check(what), what).toMatchObject({ ok: false, name: 'NotCapable', message: expect.stringContaining('not allowed in an Edge Function') })
    }
    // Other ways in (node:net, a node worker thread calling Deno.listen) meet the sandbox's seccomp filter.
    for (const what of ['listen-node', 'worker-node']) {
      expect(await check(what), what).toMatchObject({ ok: false, message: expect.stringMatching(/not permitted|permission denied/i) })
    }
    expect(await check('metadata')).toMatchObject({ ok: false, name: 'NotCapable', message: expect.stringContaining('169.254.169.254') })
  })
})

describe('limits', () => {
  let limitsBundle: string
  beforeAll(async () => {
    limitsBundle = await bundle([{ name: 'index.ts', content: LIMITS_SOURCE }])
  })

  it('stops an endless loop at the CPU limit, and the next invocation answers', async () => {
    const spec = testSpec(limitsBundle)
    expect((await call(spec)).body.toString()).toBe('fine')
    const started = Date.now()
    const error = await failure(call(spec, '?do=spin'))
    expect(Date.now() - started).toBeLessThan(TEST_LIMITS.cpuMs + 1_000)
    expect(error).toMatchObject({ status: 546, code: 'CPU_LIMIT', message: `The function used more than its ${TEST_LIMITS.cpuMs} ms of CPU time and was stopped` })
    const next = await call(spec)
    expect(next).toMatchObject({ status: 200, cold: true })
  })

  it('stops a function whose heap outgrows its memory, and one filling buffers', async () => {
    const spec = testSpec(limitsBundle, { limits: { ...TEST_LIMITS, cpuMs: 10_000 } })
    for (const what of ['heap', 'buffers']) {
      const error = await failure(call(spec, `?do=${what}`))
      expect(error, what).toMatchObject({ status: 546, code: 'MEMORY_LIMIT', message: expect.stringContaining(`${TEST_LIMITS.memoryMb} MB of memory`) })
      expect((await call(spec)).status).toBe(200)
    }
  })

  it('stops an invocation at its wall-clock limit', async () => {
    const spec = testSpec(limitsBundle, { limits: { ...TEST_LIMITS, wallMs: 500 } })
    await call(spec)
    const started = Date.now()
    const error = await failure(call(spec, '?do=sleep'))
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(error).toMatchObject({ status: 504, code: 'WALL_CLOCK_LIMIT', message: expect.stringContaining('500 ms') })
    expect((await call(spec)).status).toBe(200)
  })

  it('refuses responses over the size limit, declared or streamed', async () => {
    const spec = testSpec(limitsBundle)
    for (const what of ['big', 'big-stream']) {
      const error = await failure(call(spec, `?do=${what}`))
      expect(error, what).toMatchObject({ status: 546, code: 'RESPONSE_TOO_LARGE', message: expect.stringContaining('64 KB') })
    }
    expect((await call(spec)).status).toBe(200)
  })

  it('answers 500 with a logged stack when the handler throws, and 502 when the worker exits', async () => {
    const spec = testSpec(limitsBundle)
    await call(spec)
    const thrown = await call(spec, '?do=throw')
    expect(thrown).toMatchObject({ status: 500, cold: false })
    await until(() => spec.logs.some((line) => line.level === 'error' && line.message.includes('the handler failed on purpose')))
    expect(spec.logs.find((line) => line.message.includes('the handler failed on purpose'))?.message).toMatch(/at .*bundle\.js/)
    expect(await call(spec)).toMatchObject({ status: 200, cold: false })
    expect(await failure(call(spec, '?do=exit'))).toMatchObject({ status: 502, code: 'WORKER_CRASHED', message: expect.stringContaining('code 3') })
    expect(await call(spec)).toMatchObject({ status: 200, cold: true })
  })

  it('carries big request bodies and streamed responses whole', async () => {
    const spec = testSpec(limitsBundle)
    expect((await call(spec, '?do=size', { method: 'POST', body: 'b'.repeat(900_000) })).body.toString()).toBe('900000')
    expect((await call(spec, '?do=stream')).body.toString()).toBe('z'.repeat(30_000))
  })

  it('reports a module that throws at load, spins at load, or never serves, as a boot error', async () => {
    const spins = testSpec(await bundle([{ name: 'index.ts', content: 'while (true) {}\n' }]))
    const started = Date.now()
    expect(await failure(call(spins))).toMatchObject({ status: 503, code: 'BOOT_ERROR', message: expect.stringContaining('CPU time while loading') })
    expect(Date.now() - started).toBeLessThan(TEST_LIMITS.cpuMs + 3_000)
    const throws = testSpec(await bundle([{ name: 'index.ts', content: 'throw new Error("cannot start today")\n' }]))
    expect(await failure(call(throws))).toMatchObject({ status: 503, code: 'BOOT_ERROR', message: expect.stringContaining('cannot start today') })
    const silent = testSpec(await bundle([{ name: 'index.ts', content: 'export const x = 1\n' }]))
    expect(await failure(call(silent))).toMatchObject({ status: 503, code: 'BOOT_ERROR', message: expect.stringContaining('never called Deno.serve') })
    expect(runningWorkers(throws.key) + runningWorkers(silent.key) + runningWorkers(spins.key)).toBe(0)
  })
})

describe('runtime', () => {
  it('says what to install when the sandbox is missing', async () => {
    process.env.FUNCTIONS_BWRAP_BIN = '/nonexistent/bwrap'
    try {
      expect(runtimeStatus()).toEqual({ available: false, reason: expect.stringContaining('install it') })
      const spec = testSpec(hello)
      expect(await failure(invokeFunction(spec, { executionId: 'x', method: 'GET', url: 'https://x.test/', headers: [], body: null }))).toMatchObject({
        status: 503,
        code: 'RUNTIME_UNAVAILABLE',
      })
      expect(await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: HELLO_FILES })).toMatchObject({ ok: false, message: expect.stringContaining('bubblewrap') })
    } finally {
      delete process.env.FUNCTIONS_BWRAP_BIN
    }
    expect(runtimeStatus()).toEqual({ available: true })
  })

  it('stops a build that is cancelled or too slow', async () => {
    expect(await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: HELLO_FILES, signal: AbortSignal.abort() })).toMatchObject({ ok: false, message: 'The build was cancelled' })
    process.env.FUNCTIONS_BUNDLE_TIMEOUT_MS = '1'
    const slow = await bundleFunction({ entrypoint: 'index.ts', tenant: 'runtime-test', files: HELLO_FILES }).finally(() => delete process.env.FUNCTIONS_BUNDLE_TIMEOUT_MS)
    expect(slow).toMatchObject({ ok: false, message: 'The build did not finish within 0.001 s and was stopped' })
  })

  it('stops an invocation whose caller left, and the next one answers', async () => {
    const spec = testSpec(await bundle([{ name: 'index.ts', content: LIMITS_SOURCE }]))
    const controller = new AbortController()
    const pending = call(spec, '?do=sleep', { signal: controller.signal })
    await until(() => spec.logs.some((line) => line.message === 'sleeping'))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(await call(spec)).toMatchObject({ status: 200, cold: true })
  })
})

describe('workers', () => {
  it('reuses a warm worker, and stops it once idle', async () => {
    process.env.FUNCTIONS_IDLE_MS = '400'
    try {
      const spec = testSpec(hello)
      const first = await call(spec)
      const second = await call(spec)
      expect(first.cold).toBe(true)
      expect(second.cold).toBe(false)
      expect(json(second).workerId).toBe(json(first).workerId)
      expect(runningWorkers(spec.key)).toBe(1)
      await until(() => runningWorkers(spec.key) === 0)
      expect((await call(spec)).cold).toBe(true)
    } finally {
      delete process.env.FUNCTIONS_IDLE_MS
    }
  })

  it("sends console output to onLog with the invocation's id", async () => {
    const spec = testSpec(hello)
    await call(spec, '?log=1')
    expect((await call(spec, '?log=1')).status).toBe(200)
    await until(() => spec.logs.filter((line) => line.executionId !== null).length >= 8)
    expect(new Set(spec.logs.map((line) => line.executionId).filter(Boolean)).size).toBe(2)
    const lines = spec.logs.filter((line) => line.executionId === spec.logs.at(-1)!.executionId)
    const expected = [['info', 'plain line { n: 1 }'], ['warn', 'careful'], ['error', 'it broke'], ['info', 'after the answer']]
    expect(lines.map((line) => [line.level, line.message])).toEqual(expected)
    expect(lines[0].executionId).toMatch(/^exec-\d+$/)
  })

  it('answers 20 concurrent invocations', async () => {
    const spec = testSpec(hello)
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => call(spec, `?i=${i}`)))
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(responses.map((r) => json(r).url)).toEqual(Array.from({ length: 20 }, (_, i) => `https://ref.example.test/functions/v1/probe?i=${i}`))
    expect(new Set(responses.map((r) => json(r).workerId)).size).toBeLessThanOrEqual(4)
  })

  it('measures cold-start and warm latency', async () => {
    const { cold, warm } = await measureLatency(() => testSpec(hello), 3, 30)
    console.log(`functions runtime: cold start median ${median(cold).toFixed(1)} ms (of ${cold.map((v) => v.toFixed(0)).join(', ')}), warm median ${median(warm).toFixed(2)} ms over ${warm.length}`)
    expect(median(warm)).toBeLessThan(median(cold))
  })
})
