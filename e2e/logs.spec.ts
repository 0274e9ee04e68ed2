import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { axeViolations, E2E_DB_PASS, signInWithNewProject } from './project-helpers'
import { seedUser, signInThroughUi, strongPassword, uniqueEmail } from './auth-helpers'

// The logs screen on the hosted platform: the platform records every request an app sends to the
// project's API (API Gateway; the dashboard's own requests marked and shown on demand) and every
// statement run on its database (Postgres), and the screen reads them back.

async function runSql(request: APIRequestContext, token: string, ref: string, query: string) {
  return request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
    headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e-connection' },
    data: { query },
  })
}

/** The first fetch may run before the recorder's batch is written (within a second): refresh until the line shows. */
async function refreshUntilVisible(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByRole('row', { name: text }).first()).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

test('see a failing statement in the Postgres logs, filter, open its detail and find the requests on the API gateway', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Logs', project: 'Logs e2e' })

  const failing = await runSql(request, token, ref, 'select * from e2e_missing_table')
  expect(failing.status()).toBe(400)
  const succeeding = await runSql(request, token, ref, "select 'e2e-ok' as marker")
  expect(succeeding.status()).toBe(200)
  // An app's request to the project's REST API, with the anon key.
  const auth = { Authorization: `Bearer ${token}` }
  const settings = (await (await request.get(`/dashboard/api/platform/projects/${ref}/settings`, { headers: auth })).json()) as { app_config: { endpoint: string } }
  const keys = (await (await request.get(`/dashboard/api/platform/projects/${ref}/api-keys`, { headers: auth })).json()) as { name: string; api_key: string }[]
  const anonKey = keys.find((k) => k.name === 'anon')!.api_key
  const appRequest = await request.get(`${settings.app_config.endpoint}/rest/v1/e2e_missing_table?select=id`, { headers: { apikey: anonKey } })
  expect(appRequest.status()).toBe(404)


  await page.goto(`/dashboard/project/${ref}/logs`)
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible()
  // A free organization keeps 1 day of logs: longer ranges are not offered.
  await expect(page.getByText('Logs are kept for 1 day on the Free plan')).toBeVisible()
  const range = page.getByRole('combobox', { name: 'Time range' })
  await expect(range.locator('option[value="24h"]')).toBeEnabled()
  await expect(range.locator('option[value="7d"]')).toBeDisabled()

  // Postgres is the first source: the failing statement is there as an ERROR, the other as LOG.
  await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('postgres_logs')
  // The two statements' lines may fall in two of the recorder's batches: wait for both.
  await refreshUntilVisible(page, /statement: select 'e2e-ok' as marker/)
  await refreshUntilVisible(page, /relation "e2e_missing_table" does not exist/)
  const errorRow = page.getByRole('row', { name: /relation "e2e_missing_table" does not exist/ })
  await expect(errorRow.getByText('ERROR', { exact: true })).toBeVisible()
  await expect(errorRow).toContainText(/\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \([+-]\d{4}\)/)
  await expect(page.getByRole('row', { name: /statement: select 'e2e-ok' as marker/ })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/logs-postgres.png', fullPage: true })

  // Only errors.
  await page.getByRole('combobox', { name: 'Level' }).selectOption('error')
  await expect(page.getByRole('row', { name: /e2e-ok/ })).toHaveCount(0)
  await expect(errorRow).toBeVisible()

  // Search the messages.
  await page.getByRole('combobox', { name: 'Level' }).selectOption('')
  await page.getByRole('searchbox', { name: 'Search event messages' }).fill('e2e-ok')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('row', { name: /e2e-ok/ })).toBeVisible()
  await expect(errorRow).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search event messages' }).fill('e2e_missing_table')
  await page.getByRole('button', { name: 'Search', exact: true }).click()

  // The detail: every field, the metadata with the SQLSTATE and the statement, a copy button.
  await errorRow.click()
  const detail = page.getByRole('complementary', { name: 'Log line' })
  await expect(detail).toBeVisible()
  await expect(detail).toContainText('"sql_state_code": "42P01"')
  await expect(detail).toContainText('"query": "select * from e2e_missing_table"')
  await expect(detail.getByText(ref, { exact: true })).toBeVisible()
  await expect(detail.getByRole('button', { name: 'Copy the log line as JSON' })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/logs-detail.png', fullPage: true })
  expect(await axeViolations(page, ['main'])).toEqual([])
  await detail.getByRole('button', { name: 'Close' }).click()
  await expect(detail).toHaveCount(0)

  // The API gateway holds the app's request first; the dashboard's own requests only on demand.
  await page.getByRole('searchbox', { name: 'Search event messages' }).fill('')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('combobox', { name: 'Source' }).selectOption('edge_logs')
  await refreshUntilVisible(page, /GET \| 404 \| [\d.]+ ms \| anon \| \/rest\/v1\/e2e_missing_table\?select=id/)
  await expect(page.getByRole('row', { name: /\/platform\/pg-meta/ })).toHaveCount(0)
  await page.getByRole('switch', { name: "Dashboard's own" }).click()
  const failedRequest = page.getByRole('row', { name: new RegExp(`POST \\| 400 \\| [\\d.]+ ms \\| /platform/pg-meta/${ref}/query`) })
  await expect(failedRequest).toBeVisible()
  await expect(failedRequest.getByText('400', { exact: true })).toBeVisible()
  await expect(failedRequest.getByText('Dashboard', { exact: true })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(`POST \\| 200 \\| [\\d.]+ ms \\| /platform/pg-meta/${ref}/query`) })).toBeVisible()
  // The screen's own requests for the project show too (its detail), but not its reads of the logs.
  await expect(page.getByRole('row', { name: new RegExp(`GET \\| 200 \\| [\\d.]+ ms \\| /platform/projects/${ref}$`) }).first()).toBeVisible()
  await expect(page.getByRole('row', { name: /\/logs$/ })).toHaveCount(0)
  await failedRequest.click()
  await expect(page.getByRole('complementary', { name: 'Log line' })).toContainText('"status_code": 400')
  await page.screenshot({ path: 'e2e/screenshots/logs-gateway.png', fullPage: true })

  // A source the platform has no producer for says so.
  await page.getByRole('combobox', { name: 'Source' }).selectOption('pgbouncer_logs')
  await expect(page.getByText('No events are recorded for Dedicated pooler')).toBeVisible()
  await expect(page.getByText(/This platform runs no such service, so nothing is recorded here/)).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])

  // Live tail picks up a new statement without a refresh.
  await page.getByRole('combobox', { name: 'Source' }).selectOption('postgres_logs')
  await page.getByRole('switch', { name: 'Live tail' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'live tail on' })).toBeVisible()
  expect((await runSql(request, token, ref, "select 'arrived-live' as marker")).status()).toBe(200)
  await expect(page.getByRole('row', { name: /arrived-live/ })).toBeVisible({ timeout: 15_000 })
})

// The "New logs interface" preview is released by the FLAG_UNIFIED_LOGS remote flag; the shared
// Playwright servers leave it off, so this runs only against a server started with it on.
test('the New logs interface on a Team organization: one stream of every source, filtered by chips', async ({ page, request }) => {
  test.setTimeout(150_000)
  const config = await (await request.get('/dashboard/api/runtime-config')).text()
  test.skip(!config.includes('"unifiedLogs":true'), 'FLAG_UNIFIED_LOGS is off on this server')

  const email = uniqueEmail('unified-logs')
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const auth = { Authorization: `Bearer ${token}` }
  const org = await request.post('/dashboard/api/platform/organizations', { headers: auth, data: { name: `Team logs ${Date.now().toString(36)}`, plan: 'team' } })
  expect(org.status(), await org.text()).toBe(201)
  const { slug } = (await org.json()) as { slug: string }
  const created = await request.post('/dashboard/api/platform/projects', {
    headers: auth,
    data: { name: 'Unified logs', organization_slug: slug, region: 'eu-west-1', db_pass: E2E_DB_PASS },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { ref } = (await created.json()) as { ref: string }
  await expect
    .poll(async () => ((await (await request.get(`/dashboard/api/platform/projects/${ref}`, { headers: auth })).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('ACTIVE_HEALTHY')
  expect((await runSql(request, token, ref, 'select * from unified_missing')).status()).toBe(400)

  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await signInThroughUi(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))
  await page.goto(`/dashboard/project/${ref}/logs`)
  await expect(page.getByText('Logs are kept for 28 days on the Team plan')).toBeVisible()
  await page.getByRole('button', { name: 'Try the new logs interface' }).click()
  const modal = page.getByRole('dialog', { name: 'Dashboard feature previews' })
  await modal.getByRole('button', { name: 'Enable feature' }).click()
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  await expect(page.getByRole('heading', { level: 1, name: 'Logs (all sources)' })).toBeVisible()
  await refreshUntilVisible(page, /relation "unified_missing" does not exist/)
  const grid = page.getByRole('grid', { name: 'Log lines' })
  await expect(grid.getByRole('columnheader', { name: 'Source' })).toBeVisible()
  await page.getByRole('switch', { name: "Dashboard's own" }).click()
  await expect(page.getByRole('row', { name: /API Gateway.*POST \| 400/ })).toBeVisible()
  const chips = page.getByRole('group', { name: 'Filter by source' })
  await chips.getByRole('button', { name: 'Postgres', exact: true }).click()
  await expect(chips.getByRole('button', { name: 'Postgres', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('row', { name: /API Gateway/ })).toHaveCount(0)
  await expect(page.getByRole('row', { name: /unified_missing/ })).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/logs-unified.png', fullPage: true })
})
