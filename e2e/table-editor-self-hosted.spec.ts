import { expect, test } from '@playwright/test'
import { fillNewTable, insertRow, queryDatabase, tableIdFromUrl } from './table-editor-steps'

// Self-hosted: the table editor on the `default` project, no sign-in.
test('the table editor works on the default project', async ({ page, context, request }) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const name = `notes_${Date.now().toString(36)}`

  await page.goto('/dashboard/project/default/editor')
  await expect(page.getByRole('combobox', { name: 'Schema' })).toHaveValue('public', { timeout: 30_000 })
  const dialog = await fillNewTable(page, name, [
    { name: 'title', type: 'text', notNull: true },
    { name: 'meta', type: 'jsonb' },
  ])
  await dialog.getByRole('button', { name: 'Create table' }).click()
  await page.waitForURL(/\/dashboard\/project\/default\/editor\/\d+$/)
  const id = tableIdFromUrl(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`public.${name}`)

  await insertRow(page, name, { title: 'First note', meta: '{"pinned": true}' })
  const grid = page.getByRole('table', { name: `Rows of public.${name}` })
  await expect(grid.getByText('First note')).toBeVisible()
  await grid.getByRole('button', { name: 'Edit row 1' }).click()
  const edit = page.getByRole('dialog', { name: `Edit row of ${name}` })
  await edit.getByLabel(/^title /).fill('First note, edited')
  await edit.getByRole('button', { name: 'Save row' }).click()
  await expect(grid.getByText('First note, edited')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^1 row$/ })).toBeVisible()
  expect(await queryDatabase(request, 'default', `select title from public.${name}`)).toEqual([{ title: 'First note, edited' }])

  await page.getByRole('tab', { name: 'Definition' }).click()
  await expect(page.getByLabel(`Definition of public.${name}`)).toContainText(`CREATE TABLE public.${name} (`)
  await page.getByRole('button', { name: 'Copy table description' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied.startsWith('-- WARNING: This schema is for context only and is not meant to be run.\n')).toBe(true)
  expect(copied).toContain(`CREATE TABLE public.${name} (`)
  await page.screenshot({ path: 'e2e/screenshots/table-editor-self-hosted.png', fullPage: true })

  // Failed DDL leaves nothing.
  const broken = await fillNewTable(page, `${name}_broken`, [{ name: 'n', type: 'int4', defaultValue: "'x'" }])
  await broken.getByRole('button', { name: 'Create table' }).click()
  await expect(broken.getByRole('alert')).toContainText('invalid input syntax for type integer')
  await broken.getByRole('button', { name: 'Cancel' }).click()
  expect(await queryDatabase(request, 'default', `select to_regclass('public.${name}_broken')::text as t`)).toEqual([{ t: null }])

  // /editor reopens the table visited last.
  await page.goto('/dashboard/project/default')
  await page.goto('/dashboard/project/default/editor')
  await page.waitForURL(new RegExp(`/editor/${id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`public.${name}`)

  // Pages come from the server as the grid scrolls: 250 rows are three pages of 100.
  const many = `${name}_many`
  await queryDatabase(request, 'default', `create table public.${many} as select i as id, 'item ' || i as label from generate_series(1, 250) i; alter table public.${many} add primary key (id)`)
  const [{ oid }] = await queryDatabase(request, 'default', `select 'public.${many}'::regclass::oid::int8 as oid`)
  await page.goto(`/dashboard/project/default/editor/${oid}`)
  const manyGrid = page.getByRole('table', { name: `Rows of public.${many}` })
  await expect(manyGrid.getByText('item 1', { exact: true })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^250 rows$/ })).toBeVisible()
  await expect
    .poll(async () => {
      await manyGrid.evaluate((el) => el.scrollTo(0, el.scrollHeight))
      return manyGrid.getByText('item 250', { exact: true }).isVisible()
    })
    .toBe(true)
  await queryDatabase(request, 'default', `drop table public.${many}`)
  await page.goto(`/dashboard/project/default/editor/${id}`)

  await page.getByRole('button', { name: 'Delete table' }).click()
  await page.getByRole('dialog', { name: `Delete table ${name}` }).getByRole('button', { name: 'Delete table' }).click()
  await page.waitForURL(/\/editor\?schema=public$/)
  expect(await queryDatabase(request, 'default', `select to_regclass('public.${name}')::text as t`)).toEqual([{ t: null }])
})
