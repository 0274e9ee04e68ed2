import { expect, test } from '@playwright/test'
import { axeViolations } from './project-helpers'

// Self-hosted mode: the database screens on the `default` project; every access check allowed.
test('database screens on the default project', async ({ page, request }) => {
  test.setTimeout(150_000)
  const sql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await sql('create table if not exists public.events (id int primary key, kind text); drop role if exists viewer; create role viewer')
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })

  // The default project runs on PGlite here, with its contrib extensions: citext is enabled, used and disabled.
  await sql('drop extension if exists citext; drop extension if exists file_fdw cascade')
  await page.goto('/dashboard/project/default/database/extensions')
  await expect(page.getByRole('article', { name: 'plpgsql', exact: true }).getByText('Enabled')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('article', { name: 'plpgsql', exact: true }).getByRole('button', { name: 'Disable plpgsql' })).toBeEnabled()
  expect(await axeViolations(page, ['main'])).toEqual([])
  const citext = page.getByRole('article', { name: 'citext', exact: true })
  await citext.getByRole('button', { name: 'Enable citext' }).click()
  const enable = page.getByRole('dialog', { name: 'Enable citext' })
  await expect(enable.getByLabel('Schema', { exact: true })).toHaveValue('extensions')
  await enable.getByRole('button', { name: 'Enable extension' }).click()
  await expect(citext.getByText('Enabled')).toBeVisible()
  expect(await sql(`select 'Ada'::extensions.citext operator(extensions.=) 'ADA' as same`)).toEqual([{ same: true }])
  await citext.getByRole('button', { name: 'Disable citext' }).click()
  const disable = page.getByRole('dialog', { name: 'Disable citext' })
  await expect(disable.getByText('Nothing outside the extension depends on it.')).toBeVisible()
  await disable.getByRole('button', { name: 'Disable extension' }).click()
  await expect(citext.getByRole('button', { name: 'Enable citext' })).toBeVisible()
  expect(await sql(`select 1 from pg_extension where extname = 'citext'`)).toEqual([])

  // Column privileges: the preview is not platform-only, so it can be switched on here too.
  await page.goto('/dashboard/project/default/database/column-privileges')
  await page.getByRole('link', { name: 'Enable the Column-level privileges preview' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Enable feature' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await page.getByLabel('Table', { exact: true }).selectOption('events')
  await page.getByLabel('Role', { exact: true }).selectOption('viewer')
  const grid = page.getByRole('table', { name: 'Column privileges of viewer on public.events' })
  await grid.getByRole('checkbox', { name: 'SELECT on kind' }).check()
  await page.getByRole('button', { name: 'Apply changes' }).click()
  await expect(page.getByText('No pending changes')).toBeVisible()
  expect(await sql(`select has_column_privilege('viewer', 'public.events', 'kind', 'SELECT') as ok`)).toEqual([{ ok: true }])
  expect(await axeViolations(page, ['main'])).toEqual([])

  // Hooks: create a notify hook and delete it.
  await page.goto('/dashboard/project/default/database/hooks')
  await page.getByRole('button', { name: 'Create hook' }).first().click()
  const form = page.getByRole('dialog', { name: 'Create a database hook' })
  await form.getByLabel('Name', { exact: true }).fill('events_feed')
  await form.getByLabel('Table', { exact: true }).selectOption('events')
  await form.getByLabel('Channel', { exact: true }).fill('events')
  await form.getByRole('button', { name: 'Create hook' }).click()
  const row = page.getByRole('row', { name: /events_feed/ })
  await expect(row).toContainText('Notify channel events')
  await sql(`insert into public.events values (1, 'signup')`)
  await row.getByRole('button', { name: 'Delete events_feed' }).click()
  const deleteHook = page.getByRole('dialog', { name: 'Delete hook events_feed' })
  await deleteHook.getByRole('button', { name: 'Delete hook' }).click()
  // The page behind an open dialog is hidden from the accessibility tree: wait for it to close.
  await expect(deleteHook).toBeHidden()
  await expect(page.getByRole('row', { name: /events_feed/ })).toHaveCount(0)
  expect(await sql(`select 1 from pg_trigger where tgname = 'events_feed'`)).toEqual([])

  // Wrappers: file_fdw ships with PGlite; enabling it lists its wrapper.
  await page.goto('/dashboard/project/default/database/wrappers')
  const fileFdw = page.getByRole('region', { name: 'Wrapper extensions' }).getByRole('row', { name: /file_fdw/ })
  await fileFdw.getByRole('button', { name: 'Enable file_fdw' }).click()
  await page.getByRole('dialog', { name: 'Enable file_fdw' }).getByRole('button', { name: 'Enable extension' }).click()
  await expect(fileFdw).toContainText('Enabled in extensions')
  await expect(page.getByRole('region', { name: 'Foreign data wrappers' }).getByRole('row', { name: /file_fdw/ })).toContainText('file_fdw_handler')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'test-results/database-wrappers-self-hosted.png', fullPage: true })
})
