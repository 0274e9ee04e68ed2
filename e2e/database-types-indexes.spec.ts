import { expect, test } from '@playwright/test'
import { axeViolations, signInWithNewProject } from './project-helpers'

// Enumerated types and Indexes on the hosted platform, against a real project database (PGlite
// here), from the performance advisor's finding to the index it asks for.

const HOSTILE = `it's; "x"`

test('enumerated types and indexes, from the advisor to the index', async ({ page, request }) => {
  test.setTimeout(180_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Types', project: 'Types and indexes' })
  /** The rows of a query run through the platform API, as the dashboard runs it. */
  const sql = async (query: string) => {
    const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, { headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' }, data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await sql('create table public.customers (id int primary key); create table public.orders (id int primary key, "customer id" int references public.customers, note text)')

  // --- Enumerated types ---------------------------------------------------------------
  await page.goto(`/dashboard/project/${ref}/database/types`)
  await expect(page.getByRole('heading', { level: 1, name: 'Enumerated types' })).toBeVisible()
  await expect(page.getByText('No enumerated types yet')).toBeVisible()
  await page.getByRole('button', { name: 'Create your first type' }).click()
  const create = page.getByRole('dialog', { name: 'Create an enumerated type' })
  await create.getByLabel('Name', { exact: true }).fill('order status')
  await create.getByLabel('Value 1', { exact: true }).fill('paid')
  await create.getByRole('button', { name: 'Add value' }).click()
  await create.getByLabel('Value 2', { exact: true }).fill(HOSTILE)
  await create.getByRole('button', { name: 'Move value 2 up' }).click()
  await expect(create.getByLabel('SQL to run')).toHaveText(`BEGIN;\nCREATE TYPE "public"."order status" AS ENUM ('it''s; "x"', 'paid');\nCOMMIT;`)
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-types-create.png', fullPage: true })
  await create.getByRole('button', { name: 'Create type' }).click()
  const row = page.getByRole('row', { name: /order status/ })
  await expect(row).toContainText('Not used')

  await row.getByRole('button', { name: 'Add a value to order status' }).click()
  const add = page.getByRole('dialog', { name: 'Add a value to public.order status' })
  await add.getByLabel('Value', { exact: true }).fill('pending')
  await add.getByLabel('Position', { exact: true }).selectOption({ label: 'Before paid' })
  await add.getByRole('button', { name: 'Add value' }).click()
  await expect(add).toBeHidden()
  await sql(`alter table public.orders add column status public."order status"`)
  expect(await sql(`select enum_range(null::public."order status")::text as r`)).toEqual([{ r: `{"it's; \\"x\\"",pending,paid}` }])
  await page.reload()
  await expect(row).toContainText('public.orders.status')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-types.png', fullPage: true })

  await row.getByRole('button', { name: 'Drop order status' }).click()
  const drop = page.getByRole('dialog', { name: 'Drop type public.order status' })
  await expect(drop.getByRole('list', { name: 'Columns using the type' })).toContainText('public.orders.status')
  await expect(drop.getByRole('button', { name: 'Drop type' })).toBeDisabled()
  await drop.getByRole('checkbox', { name: /CASCADE/ }).check()
  await drop.getByRole('button', { name: 'Drop type' }).click()
  await expect(page.getByText('No enumerated types yet')).toBeVisible()

  // --- The advisor's unindexed foreign key opens the index form, filled in -------------
  await page.goto(`/dashboard/project/${ref}/advisors/query-performance`)
  const finding = page.getByRole('region', { name: 'Performance advisor' }).locator('[data-lint="unindexed_foreign_keys"]')
  await finding.locator('summary').click()
  await finding.getByRole('link', { name: 'Create the index on the Indexes page' }).click()
  await page.waitForURL(/\/database\/indexes/)
  const form = page.getByRole('dialog', { name: 'Create an index' })
  await expect(form.getByLabel('Table', { exact: true })).toHaveValue('orders')
  await expect(form.getByLabel('SQL to run')).toHaveText('BEGIN;\nCREATE INDEX ON "public"."orders" USING btree ("customer id");\nCOMMIT;')
  await expect(form.getByRole('checkbox', { name: 'Concurrently' })).toBeDisabled()
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-indexes-create.png', fullPage: true })
  await form.getByRole('button', { name: 'Create index' }).click()
  await expect(form).toBeHidden()
  const index = page.getByRole('row', { name: /orders_customer id_idx/ })
  await expect(index).toContainText('btree')
  expect(await sql(`select indexdef from pg_indexes where indexname = 'orders_customer id_idx'`)).toEqual([{ indexdef: 'CREATE INDEX "orders_customer id_idx" ON public.orders USING btree ("customer id")' }])

  // Filters and search.
  await page.getByLabel('Table', { exact: true }).selectOption('')
  await page.getByLabel('Search indexes', { exact: true }).fill('pkey')
  await expect(page.getByRole('row', { name: /customers_pkey/ })).toContainText('Primary')
  await expect(page.getByRole('row', { name: /orders_customer id_idx/ })).toHaveCount(0)
  await page.getByLabel('Search indexes', { exact: true }).fill('')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-indexes.png', fullPage: true })
  // On a phone the table scrolls inside its frame; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(index).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'e2e/screenshots/database-indexes-mobile.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 720 })

  await index.getByRole('button', { name: 'Drop orders_customer id_idx' }).click()
  const dropIndex = page.getByRole('dialog', { name: 'Drop index orders_customer id_idx' })
  await dropIndex.getByRole('button', { name: 'Drop index' }).click()
  // The page behind an open dialog is hidden from the accessibility tree, so "no such row" would
  // hold at once: wait for the dialog to close (the drop is done) before looking.
  await expect(dropIndex).toBeHidden()
  await expect(page.getByText('Dropped orders_customer id_idx')).toBeVisible()
  await expect(page.getByRole('row', { name: /orders_customer id_idx/ })).toHaveCount(0)
  expect(await sql(`select 1 from pg_indexes where indexname = 'orders_customer id_idx'`)).toEqual([])
})
