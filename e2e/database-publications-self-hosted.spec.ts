import { expect, test } from '@playwright/test'
import { managePublications } from './database-publications-steps'

// Self-hosted mode: Database → Publications on the default project, every access check allowed.
test('publications on the default project', async ({ page, request }) => {
  test.setTimeout(120_000)
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
  await managePublications(page, 'default', sql, 'e2e/screenshots/database-publications-self-hosted.png')
})
