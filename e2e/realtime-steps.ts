import { expect, type Page } from '@playwright/test'

/**
 * Issue 13's inspector flow, the same in both modes: open Realtime → Inspector, join a channel as
 * service_role following a new table's inserts, send a broadcast and see it listed, insert a row
 * (through the platform's SQL route, as the SQL editor would) and see the INSERT arrive.
 */
export async function inspectBroadcastAndInsert(page: Page, ref: string, runSql: (query: string) => Promise<void>, screenshot: string): Promise<void> {
  const table = `rt_${Date.now().toString(36)}`
  await runSql(`create table public.${table} (id bigint primary key, body text not null); grant select on public.${table} to anon, authenticated, service_role; alter publication supabase_realtime add table public.${table};`)

  await page.goto(`/dashboard/project/${ref}/realtime/inspector`)
  await expect(page.getByRole('heading', { name: 'Realtime inspector' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Inspector' })).toBeVisible()
  await expect(page.getByText('Join a channel to watch its broadcasts')).toBeVisible()

  await page.getByRole('combobox', { name: 'Role' }).selectOption('service_role')
  await page.getByRole('textbox', { name: 'Channel' }).fill('e2e-room')
  await page.getByRole('switch', { name: /Database changes/ }).click()
  // The table comes from the schema's own list, which says it is in the publication.
  const tables = page.getByRole('combobox', { name: 'Table' })
  await expect(tables.getByRole('option', { name: table, exact: true })).toBeAttached()
  await tables.selectOption(table)
  await page.getByRole('combobox', { name: 'Event' }).selectOption('INSERT')
  await page.getByRole('button', { name: 'Join channel' }).click()
  await expect(page.getByText('Live', { exact: true })).toBeVisible()

  const list = page.getByRole('list', { name: 'Messages' })
  await page.getByRole('textbox', { name: 'Event' }).fill('greeting')
  await page.getByRole('textbox', { name: 'Payload (JSON)' }).fill('{ "hello": "world" }')
  await page.getByRole('button', { name: 'Send broadcast' }).click()
  await expect(list.getByRole('button', { name: /Broadcast\s*greeting/ })).toBeVisible()

  await runSql(`insert into public.${table} (id, body) values (1, 'inserted by e2e')`)
  const change = list.getByRole('button', { name: /Database\s*INSERT/ })
  await expect(change).toBeVisible()
  await change.click()
  await expect(list.getByLabel('Payload of INSERT')).toContainText('inserted by e2e')
  await list.getByRole('button', { name: /Broadcast\s*greeting/ }).click()
  await expect(list.getByLabel('Payload of greeting')).toContainText('"hello": "world"')
  await expect(page.getByLabel('Realtime figures')).toContainText('Connections now')
  await page.screenshot({ path: screenshot, fullPage: true })
}
