import { expect, test } from '@playwright/test'
import { axeViolations } from './project-helpers'

// Self-hosted mode: the default project's logs, kept as an enterprise plan keeps them (90 days).
test('reads the Postgres and API gateway logs of the default project', async ({ page, request }) => {
  test.setTimeout(90_000)
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  // The first query also starts the default project's database.
  const failing = await request.post('/dashboard/api/platform/pg-meta/default/query', { data: { query: 'select * from self_hosted_missing' }, timeout: 30_000 })
  expect(failing.status()).toBe(400)

  await page.goto('/dashboard/project/default/logs')
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Logs are kept for 90 days on this self-hosted install.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Time range' }).locator('option[value="90d"]')).toBeEnabled()
  // The platform-only "New logs interface" preview is never offered self-hosted.
  await expect(page.getByRole('button', { name: 'Try the new logs interface' })).toHaveCount(0)

  await page.getByRole('combobox', { name: 'Time range' }).selectOption('90d')
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByRole('row', { name: /relation "self_hosted_missing" does not exist/ })).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await page.getByRole('row', { name: /self_hosted_missing/ }).click()
  await expect(page.getByRole('complementary', { name: 'Log line' })).toContainText('"sql_state_code": "42P01"')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/logs-self-hosted.png', fullPage: true })

  await page.getByRole('combobox', { name: 'Source' }).selectOption('edge_logs')
  // The dashboard's own requests (these are) show once asked for.
  await page.getByRole('switch', { name: "Dashboard's own" }).click()
  // Other self-hosted tests may have left failing queries of their own: at least ours is there.
  await expect(page.getByRole('row', { name: /POST \| 400 \| [\d.]+ ms \| \/platform\/pg-meta\/default\/query/ }).first()).toBeVisible()
})
