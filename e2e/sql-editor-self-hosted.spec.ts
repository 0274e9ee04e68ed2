import { expect, test } from '@playwright/test'

// Self-hosted mode: the SQL editor on the `default` project, Monaco always from this server.
test('runs a query on the default project with the locally served editor, and keeps the snippet', async ({ page }) => {
  test.setTimeout(90_000)
  const outside: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    // Monaco's workers start from blob: URLs of this origin.
    const host = url.protocol === 'blob:' ? new URL(url.pathname).hostname : url.hostname
    if (url.protocol !== 'data:' && !['127.0.0.1', 'localhost'].includes(host)) outside.push(request.url())
  })
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })

  await page.goto('/dashboard/project/default/sql')
  await page.waitForURL(/\/dashboard\/project\/default\/sql\/(new|[0-9a-f-]{36})$/)
  await expect(page.locator('[data-monaco-origin="local"]')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 })
  // Self-hosted never tries the CDN, so there is nothing to fall back from.
  await expect(page.getByText('The code editor could not load from the CDN', { exact: false })).toHaveCount(0)

  await page.getByRole('link', { name: 'New query' }).click()
  await page.waitForURL(/\/sql\/new$/)
  await page.locator('.monaco-editor .view-lines').click()
  await page.keyboard.insertText("select 1 + 1 as two, 'self-hosted' as mode")
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+Enter')
  const grid = page.getByRole('grid', { name: 'Query results' })
  // The first query also starts the default project's database: give it time.
  await expect(grid.getByRole('gridcell', { name: 'self-hosted' })).toBeVisible({ timeout: 30_000 })
  await expect(grid.getByRole('columnheader', { name: /two/ })).toContainText('integer')
  await expect(page.getByRole('status').filter({ hasText: '1 row' })).toBeVisible()

  // The query was saved as a snippet of the self-hosted user, and survives a reload.
  await page.waitForURL(/\/sql\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.locator('.monaco-editor .view-lines')).toContainText("select 1 + 1 as two, 'self-hosted' as mode", { timeout: 30_000 })
  await page.screenshot({ path: 'e2e/screenshots/sql-editor-self-hosted.png', fullPage: true })

  const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean))
  expect(scripts.some((src) => src.includes('/dashboard/monaco/0.52.2/vs/loader.js'))).toBe(true)
  expect(outside).toEqual([])
})

// Issue 23: a big result streams: its first rows are in the grid while the rest still arrive.
test('shows the first rows of a 100,000-row result before the last arrive, then all of them', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/dashboard/project/default/sql/new')
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 })
  await page.locator('.monaco-editor .view-lines').click()
  await page.keyboard.insertText("select i, md5(i::text) as h, repeat('x', 100) as pad from generate_series(1, 100000) i")
  await page.keyboard.press('Escape')
  // Watched in the page each frame: was a row in the grid while the status still said "so far"?
  const watch = page.evaluate(
    () =>
      new Promise<{ partialSeen: boolean }>((resolve) => {
        let partialSeen = false
        const check = () => {
          const statuses = [...document.querySelectorAll('[role="status"]')].map((s) => s.textContent ?? '')
          if (statuses.some((s) => /so far/.test(s)) && document.querySelector('[role="grid"] [role="gridcell"]')) partialSeen = true
          if (statuses.some((s) => s.startsWith('100,000 rows ·'))) resolve({ partialSeen })
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      })
  )
  await page.keyboard.press('Control+Enter')
  expect(await watch).toEqual({ partialSeen: true })
  const grid = page.getByRole('grid', { name: 'Query results' })
  await expect(grid).toHaveAttribute('aria-rowcount', '100001')
  await expect(grid.getByRole('gridcell', { name: 'c4ca4238a0b923820dcc509a6f75849b' })).toBeVisible() // md5('1')
  await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(grid.getByRole('rowheader', { name: '100000', exact: true })).toBeVisible()
  await expect(page.getByText(/The query stopped/)).toHaveCount(0)
})
