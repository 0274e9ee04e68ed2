import { expect, test, type Page } from '@playwright/test'
import { declineTelemetry, signInWithNewProject } from './project-helpers'

// Issue 26: the code editor without its CDN (the browser resolves no host but loopback, see
// playwright.config.ts). Hosted: the first page load falls back to this server's copy and says so
// once; later page loads use the copy straight away, silently. Both modes: the copy is complete,
// workers included: the functions editor's TypeScript worker runs and marks a syntax error.

const NOTICE = 'The code editor could not load from the CDN; it was loaded from this server instead.'

async function openSqlEditor(page: Page, ref: string) {
  await page.goto(`/dashboard/project/${ref}/sql/new`)
  // Reaching for the editor loads Monaco at once.
  await page.getByRole('textbox', { name: 'SQL query' }).first().click()
  await expect(page.locator('[data-monaco-origin]')).toHaveAttribute('data-monaco-origin', 'local', { timeout: 30_000 })
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 })
}

test('the code editor from the local copy: chosen once, remembered, its workers running', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000)
  const hosted = testInfo.project.name === 'hosted'
  const problems: string[] = []
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
  page.on('pageerror', (e) => problems.push(e.message))
  let ref = 'default'
  if (hosted) ref = (await signInWithNewProject(page, request, { organization: 'Editor', project: 'Editor' })).ref
  else await declineTelemetry(page)

  await openSqlEditor(page, ref)
  if (hosted) await expect(page.getByText(NOTICE)).toBeVisible()
  else await expect(page.getByText(NOTICE)).toHaveCount(0)
  // A new page load does not try the CDN again, and does not warn again.
  const cdnRequests: string[] = []
  page.on('request', (r) => r.url().includes('cdn.jsdelivr.net') && cdnRequests.push(r.url()))
  await page.reload()
  await openSqlEditor(page, ref)
  await expect(page.getByText(NOTICE)).toHaveCount(0)
  expect(cdnRequests).toEqual([])

  // The functions editor's TypeScript worker loads from the copy and checks the code.
  const slug = `worker-${Date.now().toString(36)}`
  await page.goto(`/dashboard/project/${ref}/functions`)
  await page.getByRole('button', { name: 'Create a function' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a function' })
  await dialog.getByLabel('Slug').fill(slug)
  await dialog.getByRole('button', { name: 'Create and deploy' }).click()
  await page.waitForURL(`**/project/${ref}/functions/${slug}/code`, { timeout: 60_000 })
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type('const broken = ;')
  const markers = () =>
    page.evaluate(() => (globalThis as unknown as { monaco: { editor: { getModelMarkers(f: object): { message: string }[] } } }).monaco.editor.getModelMarkers({}).map((m) => m.message))
  await expect.poll(markers, { timeout: 30_000 }).toContain('Expression expected.')
  expect(problems.filter((p) => /worker|importScripts/i.test(p))).toEqual([])
})
