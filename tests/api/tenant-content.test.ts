import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopAllWorkers } from '@/server/functions/runtime'
import { startFunctionsProject, type FunctionsProject } from './helpers/functions-project'
import { stripedImage } from './helpers/images'

/**
 * Issue 22: tenant content that cannot act, tried as an attacker would. A function answering an
 * HTML page with a script, cookies and a service worker scope, and HTML and SVG files with scripts
 * in a public bucket, each fetched by every URL that serves it: none comes back as something a
 * browser would run in the project API's origin, and no header of theirs reaches past the answer
 * (lib/tenant-content.ts decides; tests/unit/lib/tenant-content.test.ts for the rule itself).
 */

const SCRIPT = '<script>localStorage.setItem("owned", "1"); document.title = "owned"</script>'
const HTML_PAGE = `<!doctype html><html><body><h1>hi</h1>${SCRIPT}</body></html>`
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>localStorage.setItem("owned", "1")</script><rect width="10" height="10"/></svg>`

const ATTACKER = `Deno.serve((req) => {
  const url = new URL(req.url)
  const type = url.searchParams.get('type') ?? 'text/html; charset=utf-8'
  const headers = new Headers({ 'content-type': type, 'service-worker-allowed': '/', 'strict-transport-security': 'max-age=31536000; includeSubDomains', 'clear-site-data': '"*"', 'x-kept': 'yes', 'cache-control': 'no-store', 'x-content-type-options': 'none' })
  headers.append('set-cookie', 'sb-access-token=attacker; Path=/')
  headers.append('set-cookie', 'second=1; Path=/')
  headers.append('link', '</sw.js>; rel="serviceworker"; scope="/"')
  return new Response(${JSON.stringify(HTML_PAGE)}, { status: 200, headers })
})
`

describe('tenant content that cannot act', () => {
  let p: FunctionsProject
  const storageUrl = (rest: string) => `${p.client(p.keys.anon).storage.from('pub').getPublicUrl('x').data.publicUrl.split('/object/public/')[0]}${rest}`
  const serviceHeaders = () => ({ Authorization: `Bearer ${p.keys.service_role}`, apikey: p.keys.service_role })

  beforeAll(async () => {
    p = await startFunctionsProject('pro') // Pro: image transformations (render URLs) are included
    const service = p.client(p.keys.service_role)
    expect((await service.storage.createBucket('pub', { public: true })).error).toBeNull()
    const files: [string, BlobPart, string][] = [
      ['evil.html', HTML_PAGE, 'text/html'],
      ['evil.svg', SVG, 'image/svg+xml'],
      ['striped.png', (await stripedImage()) as BlobPart, 'image/png'],
      ['doc.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf'],
    ]
    for (const [name, bytes, contentType] of files) {
      const { error } = await service.storage.from('pub').upload(name, new Blob([bytes], { type: contentType }), { contentType })
      expect(error).toBeNull()
    }
  }, 120_000)
  afterAll(async () => {
    await stopAllWorkers()
    await p?.platform.close()
  })

  it("sends a function's HTML page as text/plain, sandboxed, without its cookies, service worker scope or host-wide headers", async () => {
    await p.deploy('attacker', ATTACKER, { verify_jwt: false })
    for (const method of ['GET', 'POST']) {
      const res = await fetch(p.functionUrl('attacker'), { method, body: method === 'POST' ? 'a=1' : undefined })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(await res.text()).toBe(HTML_PAGE) // the bytes unchanged: only how a browser reads them
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe('sandbox')
      expect(res.headers.getSetCookie()).toEqual([])
      for (const name of ['service-worker-allowed', 'strict-transport-security', 'clear-site-data', 'link']) expect(res.headers.get(name), name).toBeNull()
      // What APIs need passes.
      expect([res.headers.get('x-kept'), res.headers.get('cache-control'), res.headers.get('access-control-allow-origin')]).toEqual(['yes', 'no-store', '*'])
    }
    for (const type of ['image/svg+xml', 'application/xhtml+xml', 'text/xml', 'image/png, text/html']) {
      const res = await fetch(p.functionUrl('attacker', `?type=${encodeURIComponent(type)}`))
      expect([type, res.headers.get('content-type'), res.headers.get('content-security-policy')]).toEqual([type, 'text/plain', 'sandbox'])
    }
    // A JSON API is untouched: supabase-js still parses it.
    await p.deploy('api', 'Deno.serve(() => Response.json({ ok: true }))\n', { verify_jwt: false })
    const { data, error } = await p.client(p.keys.anon).functions.invoke('api')
    expect([data, error]).toEqual([{ ok: true }, null])
    // The gateway's own refusals are inert too.
    const missing = await fetch(p.functionUrl('nope'))
    expect([missing.status, missing.headers.get('x-content-type-options'), missing.headers.get('content-security-policy')]).toEqual([404, 'nosniff', 'sandbox'])
  }, 60_000)

  it("shows the function's real answer in the dashboard's test panel (displayed there as text)", async () => {
    const tested = await p.platform.request(`/platform/projects/${p.ref}/functions/attacker/invoke`, { token: p.owner.token, body: { method: 'GET', role: 'anon' } })
    expect(tested.status).toBe(200)
    const headers = tested.body.headers as [string, string][]
    expect(headers).toContainEqual(['content-type', 'text/html; charset=utf-8'])
    expect(headers).toContainEqual(['service-worker-allowed', '/'])
    expect(headers.filter(([n]) => n === 'set-cookie').length).toBeGreaterThanOrEqual(1)
    expect(tested.body.body).toBe(HTML_PAGE)
  }, 60_000)

  it('serves HTML and SVG files as sandboxed attachments, with nosniff, by every URL; their stored type unchanged', async () => {
    const anon = p.client(p.keys.anon).storage.from('pub')
    const service = p.client(p.keys.service_role).storage.from('pub')
    for (const [name, type, bytes] of [['evil.html', 'text/html', HTML_PAGE], ['evil.svg', 'image/svg+xml', SVG]] as const) {
      const signed = await service.createSignedUrl(name, 60)
      expect(signed.error).toBeNull()
      const urls: [string, RequestInit][] = [
        [anon.getPublicUrl(name).data.publicUrl, {}],
        [signed.data!.signedUrl, {}],
        [storageUrl(`/object/authenticated/pub/${name}`), { headers: serviceHeaders() }],
        [storageUrl(`/object/pub/${name}`), { headers: serviceHeaders() }],
        [anon.getPublicUrl(name).data.publicUrl, { method: 'HEAD' }],
        [anon.getPublicUrl(name).data.publicUrl, { headers: { Range: 'bytes=0-9' } }],
      ]
      for (const [url, init] of urls) {
        const res = await fetch(url, init)
        const what = `${init.method ?? 'GET'} ${url}`
        expect([what, res.status]).toEqual([what, init.headers && 'Range' in init.headers ? 206 : 200])
        expect(res.headers.get('content-type'), what).toBe(type)
        expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
        expect(res.headers.get('content-security-policy'), what).toBe('sandbox')
        expect(res.headers.get('content-disposition'), what).toBe(`attachment; filename*=UTF-8''${name}`)
        if (init.method !== 'HEAD' && res.status === 200) expect(await res.text()).toBe(bytes)
      }
      // storage-js still reads the type the uploader set, and the bytes.
      expect((await service.info(name)).data?.contentType).toBe(type)
      expect(await (await service.download(name)).data!.text()).toBe(bytes)
      // A transformation of them is refused (no image), and the refusal is inert too.
      const render = await fetch(anon.getPublicUrl(name, { transform: { width: 5 } }).data.publicUrl)
      expect([render.status, render.headers.get('content-type'), render.headers.get('x-content-type-options'), render.headers.get('content-security-policy')]).toEqual([
        415,
        'application/json; charset=utf-8',
        'nosniff',
        'sandbox',
      ])
    }
    // ?download keeps naming the file.
    const named = await fetch(`${anon.getPublicUrl('evil.svg').data.publicUrl}?download=picture.svg`)
    expect(named.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''picture.svg")
  }, 60_000)

  it('shows images inline (sandboxed, nosniff) by download and render URLs alike; a PDF inline without the sandbox', async () => {
    const anon = p.client(p.keys.anon).storage.from('pub')
    const service = p.client(p.keys.service_role).storage.from('pub')
    const transform = { width: 100 }
    const signedRender = await service.createSignedUrl('striped.png', 60, { transform })
    expect(signedRender.error).toBeNull()
    const urls: [string, RequestInit][] = [
      [anon.getPublicUrl('striped.png').data.publicUrl, {}],
      [anon.getPublicUrl('striped.png', { transform }).data.publicUrl, {}],
      [signedRender.data!.signedUrl, {}],
      [storageUrl('/render/image/authenticated/pub/striped.png?width=100'), { headers: serviceHeaders() }],
    ]
    for (const [url, init] of urls) {
      const res = await fetch(url, init)
      expect([url, res.status]).toEqual([url, 200])
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(png|webp)$/)
      expect([res.headers.get('x-content-type-options'), res.headers.get('content-security-policy'), res.headers.get('content-disposition')], url).toEqual(['nosniff', 'sandbox', null])
    }
    const pdf = await fetch(anon.getPublicUrl('doc.pdf').data.publicUrl)
    expect([pdf.headers.get('content-type'), pdf.headers.get('x-content-type-options'), pdf.headers.get('content-security-policy'), pdf.headers.get('content-disposition')]).toEqual([
      'application/pdf',
      'nosniff',
      null,
      null,
    ])
  }, 60_000)
})
