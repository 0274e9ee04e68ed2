import { expect, test } from '@playwright/test'
import { declineTelemetry } from './project-helpers'
import { seedTables, walkTablesScreen, type Sql } from './database-tables-steps'
import { walkTableIo } from './table-io-steps'

// Self-hosted mode: the Tables screen on the `default` project; every access check allowed.
test('tables on the default project; import and export', async ({ page, request }) => {
  test.setTimeout(240_000)
  const sql: Sql = async (query) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await seedTables(sql)
  await declineTelemetry(page)
  await walkTablesScreen(page, sql, '/dashboard/project/default', 'database-tables-self-hosted')
  // Data in and out of a table, in the table editor.
  await walkTableIo(page, sql, '/dashboard/project/default', 'table-io-self-hosted')
})
