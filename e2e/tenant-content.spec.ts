import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import sharp from 'sharp'
import { signInWithNewProject } from './project-helpers'
import { appClient } from './project-api-steps'

// Issue 22: tenant content that cannot act. A member signed in to the dashboard opens a project's
// public SVG and HTML files with scripts and a function answering an HTML page with a script and
// a cookie: none of their scripts runs, nothing reaches the dashboard's storage or cookies, and
// a plain image still shows when opened directly.

const MARK = 'tenant-content-owned'
const SCRIPT = `localStorage.setItem('${MARK}', '1'); document.title = '${MARK}'`
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>${SCRIPT}</script><rect width="40" height="40" fill="red"/></svg>`
const HTML = `<!doctype html><title>page</title><script>${SCRIPT}</script><p>hello</p>`
const FUNCTION = `Deno.serve(() => new Response(${JSON.stringify(HTML)}, { headers: { 'content-type': 'text/html', 'set-cookie': 'sb-tenant=attacker; Path=/', 'service-worker-allowed': '/' } }))\n`

async function projectApi(request: APIRequestContext, token: string, ref: string): Promise<{ url: string; serviceKey: string }> {
  const auth = { Authorization: `Bearer ${token}` }
  const settings = await request.get(`/dashboard/api/platform/projects/${ref}/settings`, { headers: auth })
  expect(settings.status(), await settings.text()).toBe(200)
  const keys = await request.get(`/dashboard/api/platform/projects/${ref}/api-keys`, { headers: auth })
  expect(keys.status(), await keys.text()).toBe(200)
  const list = (await keys.json()) as { name: string; api_key: string }[]
  return { url: ((await settings.json()) as { app_config: { endpoint: string } }).app_config.endpoint, serviceKey: list.find((k) => k.name === 'service_role')!.api_key }
}

/** The dashboard's own storage is untouched: the session is there, the mark is not. */
async function expectDashboardUntouched(page: Page, ref: string): Promise<void> {
  await page.goto(`/dashboard/project/${ref}/storage/buckets`)
  await expect(page.getByRole('heading', { level: 1, name: 'Buckets' })).toBeVisible()
  expect(await page.evaluate((mark) => localStorage.getItem(mark), MARK)).toBeNull()
  expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0) // the signed-in session lives here
  expect(await page.title()).not.toBe(MARK)
}

test('public SVG and HTML files and a function page run no script in a signed-in browser; an image still shows', async ({ page, request, context }) => {
  test.setTimeout(150_000)
  const { ref, token } = await signInWithNewProject(page, request, { organization: 'Tenant content', project: 'Tenant content e2e' })
  const api = await projectApi(request, token, ref)
  const service = appClient(api.url, api.serviceKey)
  expect((await service.storage.createBucket('pub', { public: true })).error).toBeNull()
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#3ecf8e' } }).png().toBuffer()
  for (const [name, body, type] of [['evil.svg', SVG, 'image/svg+xml'], ['evil.html', HTML, 'text/html'], ['dot.png', png, 'image/png']] as const) {
    expect((await service.storage.from('pub').upload(name, new Blob([body as BlobPart], { type }), { contentType: type })).error).toBeNull()
  }
  const deployed = await request.post(`/dashboard/api/platform/projects/${ref}/functions`, { headers: { Authorization: `Bearer ${token}` }, data: { slug: 'page', body: FUNCTION, verify_jwt: false } })
  expect(deployed.status(), await deployed.text()).toBe(201)
  await expectDashboardUntouched(page, ref)

  // The files are attachments: the browser saves them, never renders them (and were one rendered,
  // the sandbox would keep its script from running).
  for (const name of ['evil.svg', 'evil.html']) {
    const url = service.storage.from('pub').getPublicUrl(name).data.publicUrl
    const download = page.waitForEvent('download', { timeout: 10_000 }).catch(() => null)
    await page.goto(url).catch(() => {}) // a navigation that became a download
    const saved = await download
    expect(await page.title(), name).not.toBe(MARK)
    await expectDashboardUntouched(page, ref)
    expect(saved?.suggestedFilename()).toBe(name)
  }

  // The function's page is shown as text in a sandbox: its script is only text.
  const fn = await page.goto(`${api.url}/functions/v1/page`)
  expect(fn?.headers()['content-type']).toBe('text/plain')
  await expect(page.locator('body')).toContainText('<script>')
  expect(await page.title()).not.toBe(MARK)
  expect((await context.cookies(api.url)).map((c) => c.name)).not.toContain('sb-tenant')
  await expectDashboardUntouched(page, ref)

  // An image opened directly still renders under the sandbox.
  const image = await page.goto(service.storage.from('pub').getPublicUrl('dot.png').data.publicUrl)
  expect(image?.headers()['content-security-policy']).toBe('sandbox')
  await expect.poll(() => page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2)
})
