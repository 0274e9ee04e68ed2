/**
 * Steps of the table editor's data in and out (hosted and self-hosted): a CSV file imported with a
 * field skipped, a bad file refused with its line named and nothing imported, rows pasted from a
 * spreadsheet, an export of the filtered rows downloaded and read back, and a file made into a new
 * table with the types its values suggest.
 */
import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'
import type { Sql } from './database-tables-steps'

/** A table for the steps, emptied: `shop.people` (id, name, note with a check). Its oid, for the editor's route. */
export async function seedPeople(sql: Sql): Promise<number> {
  await sql(`create schema if not exists shop; drop table if exists shop.people;
    create table shop.people (id int8 primary key, name text not null, note text check (note is null or note <> 'bad'))`)
  const [{ oid }] = await sql(`select 'shop.people'::regclass::oid::int8 as oid`)
  return Number(oid)
}

const GOOD = 'id,name,ignored,note\n1,Ada,x,"says ""hi"", twice"\n2,Grace,y,\n3,Zoë,z,"two\nlines"\n'
const BAD = 'id,name,note\n10,Ok,fine\n11,Bad,bad\n'

export async function walkTableIo(page: Page, sql: Sql, base: string, shot: string) {
  const oid = await seedPeople(sql)
  await page.goto(`${base}/editor/${oid}`)
  await expect(page.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText('0 rows', { timeout: 30_000 })

  // A file: fields mapped by name, the extra one skipped, quotes and newlines kept.
  await page.getByRole('button', { name: 'Import data' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import data into people' })
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD) })
  await expect(dialog.getByRole('combobox', { name: 'Column for field id' })).toHaveValue('id')
  await expect(dialog.getByRole('combobox', { name: 'Column for field ignored' })).toHaveValue('')
  await expect(dialog.getByRole('combobox', { name: 'Column for field note' })).toHaveValue('note')
  await page.screenshot({ path: `e2e/screenshots/${shot}-import.png` })
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('Imported 3 rows into people')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText('3 rows')
  expect(await sql('select id::int, name, note from shop.people order by id')).toEqual([
    { id: 1, name: 'Ada', note: 'says "hi", twice' },
    { id: 2, name: 'Grace', note: null },
    { id: 3, name: 'Zoë', note: 'two\nlines' },
  ])

  // A bad row: the line is named and nothing of the file goes in.
  await page.getByRole('button', { name: 'Import data' }).click()
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) })
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog.getByRole('alert')).toContainText('Nothing was imported.')
  await expect(dialog.getByRole('alert')).toContainText('Line 3')
  expect(await sql('select count(*)::int as n from shop.people')).toEqual([{ n: 3 }])

  // Rows pasted from a spreadsheet (tab-separated).
  await dialog.getByLabel('CSV file').setInputFiles([])
  await dialog.getByLabel('Or paste rows').fill('id\tname\n4\tLinus\n')
  await dialog.getByLabel('Or paste rows').blur()
  await expect(dialog.getByRole('combobox', { name: 'Column for field name' })).toHaveValue('name')
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('Imported 1 row into people')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText('4 rows')

  // Export as CSV: every row, in key order, quoted as COPY quotes.
  await page.getByRole('combobox', { name: 'Export format' }).selectOption('csv')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()])
  expect(download.suggestedFilename()).toBe('people.csv')
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv).toBe('id,name,note\n1,Ada,"says ""hi"", twice"\n2,Grace,\n3,Zoë,"two\nlines"\n4,Linus,\n')

  // Export as JSON: values typed.
  await page.getByRole('combobox', { name: 'Export format' }).selectOption('json')
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()])
  expect(json.suggestedFilename()).toBe('people.json')
  const rows = JSON.parse(await readFile((await json.path())!, 'utf8')) as { id: number; name: string }[]
  expect(rows.map((r) => [r.id, r.name])).toEqual([
    [1, 'Ada'],
    [2, 'Grace'],
    [3, 'Zoë'],
    [4, 'Linus'],
  ])

  // A file into a new table: names from the header, types from the values (one changed), the key chosen.
  await sql('drop table if exists shop.orders')
  await page.getByRole('button', { name: 'Import CSV as new table' }).click()
  const fresh = page.getByRole('dialog', { name: 'Import a CSV into a new table of shop' })
  await fresh.getByLabel('CSV file').setInputFiles({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id,price,paid,day,zip\n1,9.5,true,2024-01-02,007\n2,12,false,2024-02-29,012\n'),
  })
  await expect(fresh.getByRole('combobox', { name: 'Type for field price' })).toHaveValue('numeric')
  await expect(fresh.getByRole('combobox', { name: 'Type for field paid' })).toHaveValue('bool')
  await expect(fresh.getByRole('combobox', { name: 'Type for field day' })).toHaveValue('date')
  await expect(fresh.getByRole('combobox', { name: 'Type for field zip' })).toHaveValue('text')
  await expect(fresh.getByLabel('Primary key')).toHaveValue('id')
  await expect(fresh.getByLabel('Name of the new table (in shop)')).toHaveValue('orders')
  await fresh.getByRole('combobox', { name: 'Type for field id' }).selectOption('int4')
  await page.screenshot({ path: `e2e/screenshots/${shot}-import-new-table.png` })
  await fresh.getByRole('button', { name: 'Create table and import' }).click()
  await expect(page.getByText('Imported 2 rows into orders')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/editor/${(await sql(`select 'shop.orders'::regclass::oid::int8 as oid`))[0].oid}$`))
  await expect(page.getByRole('status').filter({ hasText: /rows?$/ })).toHaveText('2 rows')
  expect(
    await sql(`select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a where a.attrelid = 'shop.orders'::regclass and a.attnum > 0 order by a.attnum`)
  ).toEqual([
    { name: 'id', type: 'integer' },
    { name: 'price', type: 'numeric' },
    { name: 'paid', type: 'boolean' },
    { name: 'day', type: 'date' },
    { name: 'zip', type: 'text' },
  ])
  expect(await sql('select zip from shop.orders order by id')).toEqual([{ zip: '007' }, { zip: '012' }])
}
