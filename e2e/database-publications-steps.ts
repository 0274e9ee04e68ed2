import { expect, type Page } from '@playwright/test'
import { axeViolations } from './project-helpers'

type Sql = (query: string) => Promise<Record<string, unknown>[]>

/**
 * Issue 25's Publications screen, the same in both modes: supabase_realtime is listed and cannot
 * be dropped; a table is turned on in it (SQL shown first, checked in the database); a publication
 * is created, an operation of it turned off, and it is dropped.
 */
export async function managePublications(page: Page, ref: string, sql: Sql, screenshot: string): Promise<void> {
  const id = Date.now().toString(36)
  const table = `pub_${id}`
  const feed = `feed_${id}`
  await sql(`create table public.${table} (id bigint primary key, body text)`)

  await page.goto(`/dashboard/project/${ref}/database/publications`)
  await expect(page.getByRole('heading', { level: 1, name: 'Publications' })).toBeVisible()
  const list = page.getByRole('table', { name: 'Publications' })
  const realtime = list.getByRole('row', { name: /supabase_realtime/ })
  await expect(realtime).toContainText('Decides what Realtime streams')
  await expect(realtime.getByRole('button', { name: 'Drop supabase_realtime' })).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Publications', exact: true })).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])

  // A table on in supabase_realtime.
  await realtime.getByRole('button', { name: 'Tables of supabase_realtime' }).click()
  const tables = page.getByRole('table', { name: 'Tables of supabase_realtime' })
  await tables.getByRole('switch', { name: `public.${table} in supabase_realtime` }).click()
  const add = page.getByRole('dialog', { name: `Add public.${table} to supabase_realtime` })
  await expect(add.getByLabel('SQL to run')).toContainText(`alter publication "supabase_realtime" add table "public"."${table}";`)
  await add.getByRole('button', { name: 'Add table' }).click()
  await expect(tables.getByRole('switch', { name: `public.${table} in supabase_realtime` })).toHaveAttribute('aria-checked', 'true')
  expect(await sql(`select 1 as published from pg_publication_tables where pubname = 'supabase_realtime' and tablename = '${table}'`)).toEqual([{ published: 1 }])
  await page.screenshot({ path: screenshot.replace(/\.png$/, '-tables.png'), fullPage: true })
  await page.getByRole('button', { name: '← All publications' }).click()

  // A publication of our own: created, an operation off, dropped.
  await page.getByRole('button', { name: 'Create publication' }).click()
  const create = page.getByRole('dialog', { name: 'Create a publication' })
  await create.getByLabel('Name').fill(feed)
  await expect(create.getByLabel('SQL to run')).toContainText(`create publication "${feed}" with (publish = 'insert, update, delete, truncate');`)
  await create.getByRole('button', { name: 'Create publication' }).click()
  const row = list.getByRole('row', { name: new RegExp(feed) })
  await expect(row).toContainText('0 tables')
  await row.getByRole('switch', { name: `${feed} publishes truncate` }).click()
  const op = page.getByRole('dialog', { name: `Stop publishing truncate in ${feed}` })
  await expect(op.getByLabel('SQL to run')).toContainText(`alter publication "${feed}" set (publish = 'insert, update, delete');`)
  await op.getByRole('button', { name: 'Stop publishing' }).click()
  await expect(row.getByRole('switch', { name: `${feed} publishes truncate` })).toHaveAttribute('aria-checked', 'false')
  expect(await sql(`select pubtruncate from pg_publication where pubname = '${feed}'`)).toEqual([{ pubtruncate: false }])
  await page.screenshot({ path: screenshot, fullPage: true })
  await row.getByRole('button', { name: `Drop ${feed}` }).click()
  const drop = page.getByRole('dialog', { name: `Drop publication ${feed}` })
  await drop.getByRole('button', { name: 'Drop publication' }).click()
  // While a dialog is open the page behind it is hidden from the accessibility tree, so "no such
  // row" holds at once: wait for the dialog to close (the drop is done) before looking.
  await expect(drop).toBeHidden()
  await expect(list.getByRole('row', { name: new RegExp(feed) })).toHaveCount(0)
  expect(await sql(`select 1 from pg_publication where pubname = '${feed}'`)).toEqual([])
  await sql(`alter publication supabase_realtime drop table public.${table}; drop table public.${table}`)
}
