/**
 * The Edge Functions journey both modes walk (issue 14): create a function from the hello-world
 * template, edit it in Monaco, deploy and read the build output, invoke it from the test panel,
 * see its log lines, compare the two versions, and set a secret.
 */
import { expect, type Page } from '@playwright/test'
import { axeViolations } from './project-helpers'

// One line, typed key by key as a person would: Monaco closes brackets and quotes as they open
// and steps over them as they are typed, so the text comes out exactly as written.
const EDITED =
  "Deno.serve(async (req) => { const { name } = await req.json(); console.log('e2e greeting ' + name); return Response.json({ message: 'Hi ' + name + ' from e2e' }) })"

/** The text of a function file's Monaco model (the editor draws only the lines in view). */
async function editorText(page: Page, file: string): Promise<string | undefined> {
  return page.evaluate(
    (path) => (globalThis as unknown as { monaco?: { editor: { getModels(): { uri: { path: string }; getValue(): string }[] } } }).monaco?.editor.getModels().find((m) => m.uri.path === path)?.getValue(),
    `/functions/${file}`
  )
}

export async function functionsJourney(page: Page, ref: string, { screenshots }: { screenshots: string }): Promise<void> {
  const slug = `hello-${Date.now().toString(36)}`
  await page.goto(`/dashboard/project/${ref}/functions`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edge Functions' })).toBeVisible()
  await expect(page.getByText('No functions yet')).toBeVisible()
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-empty.png`, fullPage: true })

  // Create from the hello-world template.
  await page.getByRole('button', { name: 'Create a function' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a function' })
  await expect(dialog.getByRole('radio', { name: /Hello world/ })).toBeChecked()
  await dialog.getByLabel('Slug').fill(slug)
  await dialog.getByRole('button', { name: 'Create and deploy' }).click()
  await page.waitForURL(`**/project/${ref}/functions/${slug}/code`, { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1, name: slug })).toBeVisible()

  // Edit in Monaco and deploy: the build output shows.
  const editor = page.locator('.monaco-editor').first()
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await expect(editor).toContainText('Hello')
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(EDITED)
  await page.keyboard.press('Escape')
  expect(await editorText(page, 'index.ts')).toBe(EDITED)
  await expect(page.getByText('Unsaved changes: deploy to serve them as a new version.')).toBeVisible()
  await page.getByRole('button', { name: 'Deploy', exact: true }).click()
  const build = page.getByRole('region', { name: 'Build output' })
  await expect(build.getByText('Deployed version 2')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Version 2 is serving.')).toBeVisible()
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-code.png`, fullPage: true })

  // Invoke from the test panel with the anon key.
  await page.getByRole('navigation', { name: 'Function' }).getByRole('link', { name: 'Test' }).click()
  await page.getByLabel('Body').fill('{"name":"Playwright"}')
  await page.getByRole('button', { name: 'Send request' }).click()
  const answer = page.getByRole('region', { name: 'Response' })
  await expect(answer.getByLabel('Status')).toHaveText('200 OK', { timeout: 60_000 })
  await expect(answer.getByLabel('Response body')).toContainText('"message": "Hi Playwright from e2e"')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-test.png`, fullPage: true })

  // Its invocation and console lines appear on the Logs tab without a reload.
  await page.getByRole('navigation', { name: 'Function' }).getByRole('link', { name: 'Logs' }).click()
  const lines = page.getByRole('list', { name: 'Log lines' })
  await expect(lines.getByText('e2e greeting Playwright')).toBeVisible({ timeout: 30_000 })
  await expect(lines.getByText(/^POST .* → 200/).first()).toBeVisible({ timeout: 30_000 })
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-logs.png`, fullPage: true })

  // Two versions, the first diffed against the serving one.
  await page.getByRole('navigation', { name: 'Function' }).getByRole('link', { name: 'Versions' }).click()
  const versions = page.getByRole('table', { name: 'Versions' })
  await expect(versions.getByRole('row')).toHaveCount(3)
  await expect(page.getByRole('heading', { name: 'Version 1 → version 2 (serving)' })).toBeVisible()
  await expect(page.locator('.monaco-diff-editor').first()).toBeVisible({ timeout: 30_000 })
  // The diff is computed (in Monaco's worker): the old lines are marked removed, the new one added.
  await expect(page.locator('.monaco-diff-editor .line-insert').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.monaco-diff-editor .line-delete').first()).toBeVisible()
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-versions.png`, fullPage: true })

  // The list shows the invocation; the overview its URL.
  await page.getByRole('link', { name: 'All functions' }).click()
  const row = page.getByRole('table', { name: 'Functions' }).getByRole('row', { name: new RegExp(slug) })
  await expect(row).toContainText('v2')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-list.png`, fullPage: true })

  // A secret: saved, listed by name, its value never shown.
  await page.getByRole('link', { name: 'Secrets' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edge Function secrets' })).toBeVisible()
  await page.getByRole('button', { name: 'Add secrets' }).click()
  const add = page.getByRole('dialog', { name: 'Add secrets' })
  await add.getByLabel('Name').fill('WEBHOOK_SECRET')
  await add.getByLabel('Value').fill('e2e-not-a-real-secret')
  await add.getByRole('button', { name: 'Save secrets' }).click()
  await expect(add).toBeHidden()
  await expect(page.getByRole('table', { name: 'Secrets' }).getByText('WEBHOOK_SECRET')).toBeVisible()
  await expect(page.getByText('e2e-not-a-real-secret')).toHaveCount(0)
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-secrets.png`, fullPage: true })
}
