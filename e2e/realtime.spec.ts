import { test } from '@playwright/test'
import { runProjectSql, signInWithNewProject } from './project-helpers'
import { inspectBroadcastAndInsert } from './realtime-steps'

// Issue 13 on the hosted platform: the realtime inspector joins a channel, sends a broadcast and sees it, and sees a table insert arrive.
test('realtime inspector: join, broadcast, and watch an insert arrive', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Realtime', project: 'Live app' })
  await inspectBroadcastAndInsert(page, ref, (query) => runProjectSql(request, token, ref, query), 'e2e/screenshots/realtime-inspector.png')
})
