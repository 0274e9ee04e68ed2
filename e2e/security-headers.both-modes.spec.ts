import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test'
import { demoProject, settled, settleConsent, signInAsDemo } from './demo-helpers'

// Issue "security headers": every page carries a Content-Security-Policy that allows what the app
// really loads, and the browser reports no violation of it anywhere, in either mode (the same
// build, started twice by playwright.config.ts). On the hosted platform the code editor comes
// from its CDN: the CDN's folder is served here from node_modules (this machine has no way out),
// so the editor really loads cross-origin, as it does in production, workers and fonts included.

const MONACO_CDN = 'https://cdn.jsdelivr.net/npm/monaco-editor@0.52.2/min/vs/'
const MONACO_DIR = path.resolve('node_modules/monaco-editor/min/vs')
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.json': 'application/json' }

type Watch = { problems: string[]; workers: string[] }

/** Collects every CSP violation: the document's events, and what the browser logs (pages and workers). */
async function watchForViolations(page: Page): Promise<Watch> {
  const watch: Watch = { problems: [], workers: [] }
  const isCspMessage = (text: string) => /Content[ -]Security[ -]Policy|Permissions[ -]Policy|Refused to /i.test(text)
  page.on('console', (message) => {
    if (isCspMessage(message.text())) watch.problems.push(`console ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    if (isCspMessage(error.message)) watch.problems.push(`page error: ${error.message}`)
  })
  page.on('worker', (worker) => {
    watch.workers.push(worker.url())
    worker.on('console', (message) => {
      if (isCspMessage(message.text())) watch.problems.push(`worker console: ${message.text()}`)
    })
  })
  await page.exposeFunction('__reportCspViolation', (line: string) => watch.problems.push(line))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation
      void report(`securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  return watch
}

/** Checks the security headers of a page response; returns its policy. */
function expectSecurityHeaders(response: Response | APIResponse | null, hosted: boolean): string {
  expect(response, 'a page response').not.toBeNull()
  const headers = response!.headers()
  const csp = headers['content-security-policy']
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("object-src 'none'")
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp).not.toContain("'unsafe-eval'")
  expect(csp.includes(MONACO_CDN)).toBe(hosted)
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  // Served over plain HTTP without HSTS_MAX_AGE: no Strict-Transport-Security.
  expect(headers['strict-transport-security']).toBeUndefined()
  return csp
}

/** Opens a page, checks its headers and waits until it has rendered and settled. */
async function visit(page: Page, url: string, hosted: boolean, ready = page.getByRole('heading', { level: 1 }).first()) {
  const response = await page.goto(`/dashboard${url}`)
  const csp = expectSecurityHeaders(response, hosted)
  await expect(ready).toBeVisible({ timeout: 30_000 })
  await settled(page)
  return csp
}

/** Opens the SQL editor, waits for Monaco and makes it start its worker (word suggestions). */
async function useSqlEditor(page: Page, ref: string, hosted: boolean, watch: Watch, origin: 'cdn' | 'local') {
  await visit(page, `/project/${ref}/sql/new`, hosted, page.locator(`[data-monaco-origin="${origin}"]`))
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 })
  await page.locator('.monaco-editor .view-lines').click()
  await page.keyboard.insertText('select security_header_probe from security_header_probe where sec')
  await page.keyboard.press('Control+Space')
  await expect(page.locator('.monaco-editor .suggest-widget')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect.poll(() => watch.workers.length, { message: 'Monaco started a worker' }).toBeGreaterThan(0)
}

test('pages carry the security headers and the browser reports no CSP violation', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000)
  const hosted = testInfo.project.name === 'hosted'
  const watch = await watchForViolations(page)

  if (hosted) {
    const served: string[] = []
    await page.route(`${MONACO_CDN}**`, async (route) => {
      const file = path.join(MONACO_DIR, new URL(route.request().url()).pathname.slice(new URL(MONACO_CDN).pathname.length))
      if (!file.startsWith(MONACO_DIR) || !fs.existsSync(file)) return route.fulfill({ status: 404 })
      served.push(file)
      // As the CDN answers: cross-origin fonts and worker scripts need CORS.
      await route.fulfill({
        status: 200,
        body: fs.readFileSync(file),
        headers: { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' },
      })
    })

    // Signed out: the auth pages.
    await settleConsent(page)
    await visit(page, '/sign-in', hosted, page.getByRole('heading', { name: 'Welcome back' }))
    // The nonce is fresh on every response, and every script the page's HTML holds carries it.
    const nonces = new Set<string>()
    for (let i = 0; i < 2; i++) {
      const res = await request.get('/dashboard/sign-in')
      const nonce = /'nonce-([^']+)'/.exec(expectSecurityHeaders(res, hosted))![1]
      const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts.length).toBeGreaterThan(1)
      expect(scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([])
      nonces.add(nonce)
    }
    expect(nonces.size).toBe(2)
    await visit(page, '/sign-up', hosted)
    await visit(page, '/forgot-password', hosted)

    // Signed in: organizations, an organization, the account, and a project's screens.
    const session = await signInAsDemo(page, request)
    const { ref } = await demoProject(request, session, 'Storefront')
    await visit(page, '/organizations', hosted)
    await visit(page, '/org/demo-free', hosted)
    await visit(page, '/org/demo-pro/billing', hosted)
    await visit(page, '/org/demo-free/team', hosted)
    await visit(page, '/new/demo-free', hosted)
    await visit(page, '/account/me', hosted)
    await visit(page, '/account/security', hosted)
    await visit(page, '/support/new', hosted)
    await visit(page, `/project/${ref}`, hosted)
    await useSqlEditor(page, ref, hosted, watch, 'cdn')
    expect(served.some((file) => file.endsWith('editor.main.js'))).toBe(true)
    expect(watch.workers.some((url) => url.startsWith('blob:'))).toBe(true)
    await visit(page, `/project/${ref}/editor`, hosted, page.getByRole('navigation', { name: 'Project' }))
    await visit(page, `/project/${ref}/logs`, hosted)
    await visit(page, `/project/${ref}/database/extensions`, hosted)
    await visit(page, `/project/${ref}/database/hooks`, hosted)
    await visit(page, `/project/${ref}/advisors/security`, hosted)
    await visit(page, `/project/${ref}/advisors/query-performance`, hosted)
    await visit(page, `/project/${ref}/integrations/cron`, hosted)
    await visit(page, `/project/${ref}/settings/vault/secrets`, hosted)
    await visit(page, `/project/${ref}/api/graphiql`, hosted)
  } else {
    for (const url of ['/project/default', '/project/default/editor', '/project/default/logs', '/project/default/database/extensions']) {
      await visit(page, url, hosted, url.endsWith('editor') ? page.getByRole('navigation', { name: 'Project' }) : undefined)
    }
    await useSqlEditor(page, 'default', hosted, watch, 'local')
    for (const url of [
      '/project/default/database/hooks',
      '/project/default/advisors/security',
      '/project/default/advisors/query-performance',
      '/project/default/integrations/cron',
      '/project/default/settings/vault/secrets',
      '/project/default/api/graphiql',
      '/support/new',
    ]) {
      await visit(page, url, hosted)
    }
  }

  // A page of the app that does not exist is HTML too.
  const missing = await page.goto('/dashboard/no-such-page')
  expect(missing?.status()).toBe(404)
  expectSecurityHeaders(missing, hosted)

  expect(watch.problems).toEqual([])
})
