/**
 * Steps shared by the table editor end-to-end tests (hosted and self-hosted): creating a table
 * through the form, inserting and editing rows, and reading the database through the API.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'

export type ColumnInput = { name: string; type?: string; notNull?: boolean; defaultValue?: string }

/** Opens the New table dialog, fills the name and the extra columns (the default `id` identity key stays). */
export async function fillNewTable(page: Page, name: string, columns: ColumnInput[]) {
  await page.getByRole('button', { name: 'New table', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Create a table in / })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Table name').fill(name)
  for (const [i, column] of columns.entries()) {
    await dialog.getByRole('button', { name: 'Add column' }).click()
    const group = dialog.getByRole('group', { name: `Column ${i + 2}` })
    if (column.type) await group.getByLabel('Type').fill(column.type)
    if (column.defaultValue) await group.getByLabel('Default value').fill(column.defaultValue)
    if (column.notNull) await group.getByLabel('Nullable').uncheck()
    // Named last: the group's accessible name follows the column name.
    await group.getByLabel('Name', { exact: true }).fill(column.name)
  }
  return dialog
}

/** Inserts a row through the row dialog; `values` by column name. */
export async function insertRow(page: Page, table: string, values: Record<string, string>) {
  await page.getByRole('toolbar', { name: 'Rows' }).getByRole('button', { name: 'Insert row' }).click()
  const dialog = page.getByRole('dialog', { name: `Insert a row into ${table}` })
  for (const [column, value] of Object.entries(values)) await dialog.getByLabel(new RegExp(`^${column} `)).fill(value)
  await dialog.getByRole('button', { name: 'Insert row' }).click()
  await expect(dialog).toBeHidden()
}

/** Runs SQL on a project database through the platform API (to check what the UI did). */
export async function queryDatabase(
  request: APIRequestContext,
  ref: string,
  sql: string,
  headers: Record<string, string> = {}
): Promise<Record<string, unknown>[]> {
  const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
    headers: { 'x-connection-encrypted': 'e2e', ...headers },
    data: { query: sql },
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
}

/** The id (oid) in the current /editor/{id} address. */
export function tableIdFromUrl(page: Page): string {
  return new URL(page.url()).pathname.split('/').pop() as string
}
