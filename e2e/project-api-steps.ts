/**
 * Steps of the project API end-to-end tests (issue 12): what a member does in the dashboard to
 * let an app in (copy the URL and anon key, add a project user, add a policy from a template),
 * and the app itself: the real supabase-js, as an app would use the copied URL and key.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect, type Page } from '@playwright/test'

// Node 20 has no WebSocket; realtime is not used here, so any constructor stands in for it.
class NoWebSocket {}

/** An app's client with the URL and key a member copied. */
export function appClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } })
}

/** Project settings → API: copies the project URL and the anon key, as a member would. */
export async function copyUrlAndAnonKey(page: Page, ref: string): Promise<{ url: string; anonKey: string }> {
  await page.goto(`/dashboard/project/${ref}/settings/api`)
  await page.getByRole('button', { name: 'Copy project URL' }).click()
  const url = await page.evaluate(() => navigator.clipboard.readText())
  // The project API's own origin (issue 22): the dashboard's host, another port, the project's ref.
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${ref}$`))
  expect(new URL(url).origin).not.toBe(new URL(page.url()).origin)
  await page.getByRole('button', { name: 'Copy anon key' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(url)
  const anonKey = await page.evaluate(() => navigator.clipboard.readText())
  expect(anonKey.split('.')).toHaveLength(3)
  return { url, anonKey }
}

/** Authentication → Users: adds a confirmed user and sees it listed. */
export async function addUserInDashboard(page: Page, ref: string, email: string, password: string): Promise<void> {
  await page.goto(`/dashboard/project/${ref}/auth/users`)
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await page.getByRole('button', { name: 'Add user' }).first().click()
  const form = page.getByRole('dialog', { name: 'Add user' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Add user' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('rowheader', { name: email })).toBeVisible()
}

/** Authentication → Policies: adds a policy to `table` from the template named `template`, after reading its SQL. */
export async function addPolicyFromTemplate(page: Page, ref: string, table: string, template: string): Promise<void> {
  await page.goto(`/dashboard/project/${ref}/auth/policies`)
  await page.getByRole('button', { name: `New policy on ${table}` }).click()
  await page.getByRole('dialog', { name: `New policy on ${table}` }).getByRole('button', { name: new RegExp(`^${template}`) }).click()
  const form = page.getByRole('dialog', { name: `New policy on ${table}` })
  await expect(form.getByText(/create policy/i).first()).toBeVisible() // the SQL is shown before it runs
  await form.getByRole('button', { name: 'Create policy' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('region', { name: `Table ${table}` }).getByText(template).first()).toBeVisible()
}
