/**
 * Edge Functions reach the internet, not the host: a function (and its build) has a network of its
 * own, and its one way out, the platform's egress proxy, refuses loopback in every spelling. Only
 * loopback servers of this test are ever sent to; that every other range is refused is shown by
 * the rule's unit tests (tests/unit/server/egress-policy.test.ts).
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleFunction, stopAllWorkers } from '@/server/functions/runtime'
import { denoCacheDir } from '@/server/functions/runtime/sandbox'
import { bundle, call, TEST_DENO_DIR, testSpec } from './helpers/functions-runtime-fixtures'
import { PROBE_SOURCE } from './helpers/functions-runtime-sources'

type Seen = { method: string; url: string; body: string; from?: string }
type Local = { server: http.Server; port: number; seen: Seen[]; connections: number }
const savedEnv = { ...process.env }
let probe: string
let v4: Local, v4b: Local, v6: Local, api: Local

/** An HTTP server on a loopback address that records every request and connection it gets. */
function serve(host: string): Promise<Local> {
  const local = { seen: [] as Seen[], connections: 0 } as Local
  local.server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      local.seen.push({ method: req.method!, url: req.url!, body, from: req.headers['x-from'] as string | undefined })
      if (req.url === '/redirect') return void res.writeHead(302, { location: `http://127.0.0.1:${v4.port}/` }).end()
      res.setHeader('set-cookie', ['a=1', 'b=2'])
      res.end(`answer from ${host}`)
    })
  })
  local.server.on('connection', () => local.connections++)
  return new Promise((resolve) =>
    local.server.listen(0, host, () => {
      local.port = (local.server.address() as { port: number }).port
      resolve(local)
    }),
  )
}

beforeAll(async () => {
  process.env.FUNCTIONS_DENO_DIR = TEST_DENO_DIR
  ;[v4, v4b, v6, api] = await Promise.all([serve('127.0.0.1'), serve('127.0.0.2'), serve('::1'), serve('127.0.0.1')])
  probe = await bundle([{ name: 'index.ts', content: PROBE_SOURCE }])
}, 120_000)

afterAll(async () => {
  await stopAllWorkers()
  for (const local of [v4, v4b, v6, api]) local?.server.close()
  process.env = savedEnv
})

const totalSeen = () => [v4, v4b, v6, api].reduce((sum, local) => sum + local.seen.length, 0)
const totalConnections = () => [v4, v4b, v6, api].reduce((sum, local) => sum + local.connections, 0)

async function check(spec: ReturnType<typeof testSpec>, name: string, headers: [string, string][]) {
  const response = await call(spec, `?check=${name}`, { headers })
  expect(response.status).toBe(200)
  return JSON.parse(response.body.toString('utf8')) as { ok: boolean; name?: string; message?: string; value?: string }
}
const fetched = async (spec: ReturnType<typeof testSpec>, url: string, body?: string) => {
  const result = await check(spec, 'fetch', [['x-url', url], ...(body === undefined ? [] : ([['x-body', body]] as [string, string][]))])
  expect(result, url).toMatchObject({ ok: true })
  return JSON.parse(result.value!) as { status: number; body: string }
}

describe('what a function reaches', () => {
  it('cannot fetch any service of the machine, however the address is written', async () => {
    const spec = testSpec(probe)
    const urls = [
      `http://127.0.0.1:${v4.port}/`, `http://localhost:${v4.port}/`, `http://127.1:${v4.port}/`, `http://2130706433:${v4.port}/`,
      `http://0x7f.1:${v4.port}/`, `http://017700000001:${v4.port}/`, `http://127.0.0.2:${v4b.port}/`, `http://[::ffff:127.0.0.2]:${v4b.port}/`,
      `http://[::ffff:7f00:2]:${v4b.port}/`, `https://127.0.0.2:${v4b.port}/`, `http://[::1]:${v6.port}/`, `http://localhost:${v6.port}/`,
    ]
    for (const url of urls) {
      const result = await fetched(spec, url)
      expect(result.status, url).toBe(403)
      expect(result.body, url).toMatch(/^Edge Functions may not connect to .*(loopback|own address)/)
    }
    expect(totalSeen()).toBe(0)
    expect(totalConnections()).toBe(0)
  })

  it('opens no TCP connection to the machine, with Deno.connect or node:http (another project\'s database port included)', async () => {
    const spec = testSpec(probe)
    for (const [host, port] of [['127.0.0.1', v4.port], ['127.0.0.2', v4b.port], ['::1', v6.port], ['localhost', v4.port]] as const) {
      expect(await check(spec, 'connect', [['x-host', host], ['x-port', String(port)]]), host).toMatchObject({ ok: false })
    }
    expect(await check(spec, 'fetch-node', [['x-url', `http://127.0.0.2:${v4b.port}/`]])).toMatchObject({ ok: false })
    expect(totalConnections()).toBe(0)
  })

  it('gets no further by speaking to the egress socket by hand', async () => {
    const spec = testSpec(probe)
    const raw = (request: string) => check(spec, 'proxy-raw', [['x-request', request]])
    expect(await raw(`CONNECT 127.0.0.2:${v4b.port} HTTP/1.1|host: 127.0.0.2:${v4b.port}`)).toEqual({ ok: true, value: 'HTTP/1.1 403 Forbidden' })
    expect(await raw(`CONNECT [::1]:${v6.port} HTTP/1.1|host: x`)).toEqual({ ok: true, value: 'HTTP/1.1 403 Forbidden' })
    expect(await raw(`GET http://127.0.0.2:${v4b.port}/ HTTP/1.1|host: example.com`)).toEqual({ ok: true, value: 'HTTP/1.1 403 Forbidden' })
    expect(await raw(`GET / HTTP/1.1|host: 127.0.0.2:${v4b.port}`)).toEqual({ ok: true, value: 'HTTP/1.1 400 Bad Request' })
    expect(totalConnections()).toBe(0)
  })

  it('cannot route itself elsewhere with secrets named like the proxy settings', async () => {
    const env = { SUPABASE_URL: 'http://localhost:1', HTTPS_PROXY: `http://127.0.0.1:${v4.port}`, http_proxy: `http://127.0.0.1:${v4.port}`, NO_PROXY: '*', DENO_DIR: '/tmp' }
    const spec = testSpec(probe, { env })
    const result = await fetched(spec, `http://127.0.0.2:${v4b.port}/`)
    expect(result.status).toBe(403)
    expect(await check(spec, 'env-all', [])).toMatchObject({ ok: false, name: 'NotCapable' })
    expect(totalConnections()).toBe(0)
  })

  it("reaches its own project's API, and nothing else of the platform", async () => {
    const base = `http://127.0.0.1:${api.port}/api/project/egressref`
    const spec = testSpec(probe, { env: { SUPABASE_URL: base } })
    expect(await fetched(spec, `${base}/rest/v1/todos?select=*`, 'posted')).toEqual({ status: 200, body: 'answer from 127.0.0.1' })
    expect(api.seen).toEqual([{ method: 'POST', url: '/api/project/egressref/rest/v1/todos?select=*', body: 'posted', from: 'function' }])
    for (const url of [`http://127.0.0.1:${api.port}/platform/projects`, `${base}/../other/rest/v1/todos`, `${base}/%2e%2e/other/rest/v1/todos`, `http://127.0.0.1:${api.port}/api/project/egressrefs/rest/v1`]) {
      expect((await fetched(spec, url)).status, url).toBe(403)
    }
    expect(api.seen).toHaveLength(1)
  })

  it('forwards requests whole through the proxy (a loopback port allowed for this test only), and checks every redirect again', async () => {
    const spec = testSpec(probe, { egress: { testLoopbackPorts: [v4b.port] } })
    const before = v4b.seen.length
    expect(await fetched(spec, `http://127.0.0.2:${v4b.port}/hello?x=1`, 'body of the request')).toEqual({ status: 200, body: 'answer from 127.0.0.2' })
    expect(v4b.seen.slice(before)).toEqual([{ method: 'POST', url: '/hello?x=1', body: 'body of the request', from: 'function' }])
    // The redirect leads to 127.0.0.1, which this test did not allow: refused, and never reached.
    expect((await fetched(spec, `http://127.0.0.2:${v4b.port}/redirect`)).status).toBe(403)
    expect(v4.seen).toHaveLength(0)
  })
})

describe('what a build reaches', () => {
  it('cannot import from the machine', async () => {
    const [seen, connections] = [totalSeen(), totalConnections()]
    for (const url of [`http://127.0.0.2:${v4b.port}/mod.ts`, `http://localhost:${v4.port}/mod.ts`, `http://[::1]:${v6.port}/mod.ts`]) {
      const result = await bundleFunction({ entrypoint: 'index.ts', tenant: 'egress-test', files: [{ name: 'index.ts', content: `import "${url}"\n` }] })
      expect(result.ok, url).toBe(false)
      if (!result.ok) expect(result.message, url).toContain(url)
      if (!result.ok) expect(result.output, url).toContain('403 Forbidden')
    }
    expect([totalSeen(), totalConnections()]).toEqual([seen, connections])
  })

  it("keeps each tenant's module cache apart", () => {
    const a = denoCacheDir('tenant-a')
    const b = denoCacheDir('tenant-b')
    expect(a).not.toBe(b)
    expect(path.relative(b, a).startsWith('..')).toBe(true)
    expect(fs.existsSync(a) && fs.existsSync(b)).toBe(true)
    for (const bad of ['../x', '', 'a/b', '.']) expect(() => denoCacheDir(bad), bad).toThrow()
  })
})
