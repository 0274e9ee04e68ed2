import { expect, test } from '@playwright/test'
import { inspectBroadcastAndInsert } from './realtime-steps'

// Self-hosted mode: the default project's realtime inspector works the same.
test('realtime inspector on the default project: join, broadcast, and watch an insert arrive', async ({ page, request }) => {
  test.setTimeout(120_000)
  const runSql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e-connection' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
  }
  await inspectBroadcastAndInsert(page, 'default', runSql, 'e2e/screenshots/realtime-inspector-self-hosted.png')
})
