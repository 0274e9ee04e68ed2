import { expect, test } from '@playwright/test'
import { axeViolations } from './project-helpers'

// Self-hosted mode: roles and migrations on the `default` project; every access check allowed.
test('roles and migrations on the default project', async ({ page, request }) => {
  test.setTimeout(150_000)
  const sql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await sql('drop role if exists self_hosted_app')
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })

  await page.goto('/dashboard/project/default/database/roles')
  const table = page.getByRole('table', { name: 'Roles' })
  await expect(table.getByRole('row', { name: /^authenticated/ })).toContainText('Protected', { timeout: 30_000 })
  await page.getByRole('button', { name: 'Create role' }).click()
  const form = page.getByRole('dialog', { name: 'Create a role' })
  await form.getByLabel('Name', { exact: true }).fill('self_hosted_app')
  await form.getByRole('button', { name: 'Create role' }).click()
  await expect(form).toBeHidden()
  await expect(table.getByRole('row', { name: /^self_hosted_app/ })).toContainText('You can change it')
  expect(await sql(`select rolname from pg_roles where rolname = 'self_hosted_app'`)).toEqual([{ rolname: 'self_hosted_app' }])
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-roles-self-hosted.png', fullPage: true })

  await page.goto('/dashboard/project/default/database/migrations')
  const history = page.getByRole('table', { name: 'Migrations' })
  // Another spec may write a migration to the default project meanwhile (two workers): find this
  // one's row by its name rather than taking the newest.
  const created = history.getByRole('row', { name: /create_role_self_hosted_app/ }).first()
  await expect(created).toBeVisible({ timeout: 30_000 })
  await created.getByRole('button', { name: /View SQL/ }).click()
  await expect(page.getByRole('dialog').getByLabel('Migration SQL')).toContainText('CREATE ROLE "self_hosted_app"')
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-migrations-self-hosted.png', fullPage: true })
  await sql('drop role if exists self_hosted_app')
})
