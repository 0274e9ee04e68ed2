import { expect, test } from '@playwright/test'
import { functionsAndTriggersSteps } from './database-functions-steps'

// Self-hosted mode: the Functions and Triggers screens on the `default` project; every access check allowed.
test('functions and triggers on the default project', async ({ page, request }) => {
  test.setTimeout(180_000)
  const sql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await functionsAndTriggersSteps(page, sql, '/dashboard/project/default', 'self-hosted')
})
