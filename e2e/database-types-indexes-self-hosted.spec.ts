import { expect, test } from '@playwright/test'
import { axeViolations, declineTelemetry } from './project-helpers'

// Self-hosted mode: Enumerated types and Indexes on the `default` project; every access check allowed.
test('enumerated types and indexes on the default project', async ({ page, request }) => {
  test.setTimeout(150_000)
  const sql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { headers: { 'x-connection-encrypted': 'e2e' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await sql('drop table if exists public.tickets; drop type if exists public.priority; create table public.tickets (id int primary key, tags text[])')
  await declineTelemetry(page)

  await page.goto('/dashboard/project/default/database/types')
  await page.getByRole('button', { name: /Create (your first )?type/ }).first().click()
  const create = page.getByRole('dialog', { name: 'Create an enumerated type' })
  await create.getByLabel('Name', { exact: true }).fill('priority')
  await create.getByLabel('Value 1', { exact: true }).fill('low')
  await create.getByRole('button', { name: 'Create type' }).click()
  const row = page.getByRole('row', { name: /priority/ })
  await expect(row).toContainText('low')
  await row.getByRole('button', { name: 'Rename a value of priority' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename a value of public.priority' })
  await rename.getByLabel('New value', { exact: true }).fill('minor')
  await rename.getByRole('button', { name: 'Rename value' }).click()
  await expect(rename).toBeHidden()
  expect(await sql(`select enum_range(null::public.priority)::text as r`)).toEqual([{ r: '{minor}' }])
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-types-self-hosted.png', fullPage: true })

  // A link with the table and column fills the create form; gin on the array column.
  await page.goto('/dashboard/project/default/database/indexes?create=1&schema=public&table=tickets&column=tags')
  const form = page.getByRole('dialog', { name: 'Create an index' })
  await expect(form.getByLabel('Table', { exact: true })).toHaveValue('tickets')
  await form.getByLabel('Method', { exact: true }).selectOption('gin')
  await expect(form.getByLabel('SQL to run')).toHaveText('BEGIN;\nCREATE INDEX ON "public"."tickets" USING gin ("tags");\nCOMMIT;')
  await form.getByRole('button', { name: 'Create index' }).click()
  await expect(page.getByRole('row', { name: /tickets_tags_idx/ })).toContainText('gin')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-indexes-self-hosted.png', fullPage: true })
  await sql('drop table public.tickets; drop type public.priority')
})
