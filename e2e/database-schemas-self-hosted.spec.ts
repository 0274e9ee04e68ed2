import { expect, test } from '@playwright/test'
import { declineTelemetry } from './project-helpers'
import { checkSchemaVisualizer, SCHEMA_SETUP_SQL } from './database-schemas-steps'

// Self-hosted mode: the schema visualizer on the `default` project.
test('schema visualizer on the default project', async ({ page, request }) => {
  test.setTimeout(180_000)
  const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e' }, data: { query: SCHEMA_SETUP_SQL } })
  expect(res.status(), await res.text()).toBe(200)
  await declineTelemetry(page)
  await checkSchemaVisualizer(page, 'default')
})
