import { expect, test } from '@playwright/test'

// The same `next build` output is started twice by playwright.config.ts: this spec runs against both.
test('the landing follows the mode the server was started in', async ({ page }, testInfo) => {
  const hosted = testInfo.project.name === 'hosted'
  await page.goto('/dashboard')
  await expect(page).toHaveURL(hosted ? /\/dashboard\/(organizations|sign-in)/ : /\/dashboard\/project\/default/)
  const config = await page.evaluate(() => window.__DASHBOARD_CONFIG__)
  expect(config?.isPlatform).toBe(hosted)
  await page.screenshot({ path: `e2e/screenshots/landing-${testInfo.project.name}.png`, fullPage: true })
})

test('the server clock answers for the clock-skew check', async ({ request }) => {
  const res = await request.get('/dashboard/api/get-utc-time')
  expect(res.ok()).toBe(true)
  const { utcTime } = await res.json()
  expect(Math.abs(Date.parse(utcTime) - Date.now())).toBeLessThan(60_000)
})
