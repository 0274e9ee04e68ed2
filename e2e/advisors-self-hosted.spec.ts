import { expect, test, type APIRequestContext } from '@playwright/test'
import { axeViolations } from './project-helpers'

// Self-hosted: the advisors on the one `default` project, no sign-in, every action allowed.
// Other specs share this database: everything here uses names of its own and is dropped after.

const TAG = `adv_${Date.now().toString(36)}`

async function runSql(request: APIRequestContext, query: string) {
  const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { data: { query } })
  expect(res.status(), await res.text()).toBe(200)
}

test.afterAll(async ({ request }) => {
  await request.post('/dashboard/api/platform/pg-meta/default/query', { data: { query: `drop table if exists public.${TAG}_open, public.${TAG}_log` } })
})

test('finds and fixes a table without RLS on the default project; query performance shows its statistics', async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await runSql(request, `create table public.${TAG}_open (id int primary key, body text); create table public.${TAG}_log (msg text)`)

  await page.goto('/dashboard/project/default/advisors/security')
  await expect(page.getByRole('heading', { level: 1, name: 'Security Advisor' })).toBeVisible()
  const open = page.locator('details').filter({ hasText: `public.${TAG}_open` }).filter({ hasText: 'Row level security disabled' })
  await expect(open).toHaveCount(1, { timeout: 30_000 })
  // The advisor rules preview is platform-only: never offered self-hosted.
  await expect(page.getByRole('link', { name: 'Rules' })).toHaveCount(0)
  expect(await axeViolations(page, ['#main'])).toEqual([])

  await open.locator('summary').click()
  await open.getByRole('button', { name: 'Apply fix' }).click()
  await page.getByRole('dialog', { name: 'Apply the fix?' }).getByRole('button', { name: 'Run fix' }).click()
  await expect(page.getByText(`Fix applied to public.${TAG}_open`)).toBeVisible()
  await expect(open).toHaveCount(0)

  await page.goto('/dashboard/project/default/advisors/query-performance')
  await expect(page.getByRole('table', { name: 'Table scans' }).getByRole('row', { name: new RegExp(`public\\.${TAG}_open`) })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: 'Performance advisor' }).getByText(`public.${TAG}_log`, { exact: true })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/advisors-self-hosted-performance.png', fullPage: true })
  expect(await axeViolations(page, ['#main'])).toEqual([])
})
