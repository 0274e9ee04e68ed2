import { expect, test } from '@playwright/test'
import { signInWithNewProject } from './project-helpers'
import { seedTables, walkTablesScreen, type Sql } from './database-tables-steps'
import { walkTableIo } from './table-io-steps'

// The Tables screen on the hosted platform, against a real project database.
test('tables: list, realtime, the table panel, duplicate and drop with dependents; import and export', async ({ page, request }) => {
  test.setTimeout(240_000)
  let sql: Sql = async () => []
  const { ref } = await signInWithNewProject(page, request, { organization: 'Tables', project: 'Tables e2e' }, async ({ token, ref }) => {
    sql = async (query) => {
      const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
        headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' },
        data: { query },
      })
      expect(res.status(), await res.text()).toBe(200)
      return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
    }
    await seedTables(sql)
  })
  // The navigation lists the screen.
  await page.goto(`/dashboard/project/${ref}/database/hooks`)
  await expect(page.getByRole('link', { name: 'Tables', exact: true }).first()).toHaveAttribute('href', `/dashboard/project/${ref}/database/tables`)
  await walkTablesScreen(page, sql, `/dashboard/project/${ref}`, 'database-tables')
  // Data in and out of a table, in the table editor.
  await walkTableIo(page, sql, `/dashboard/project/${ref}`, 'table-io')
})
