import { expect, type Page } from '@playwright/test'
import { axeViolations } from './project-helpers'

/** Runs SQL on the project's database through the platform (the test's own setup and checks). */
export type Sql = (query: string) => Promise<Record<string, unknown>[]>

/** Monaco's own DOM is left out of the accessibility check. */
const MONACO = ['.monaco-editor']

/**
 * The Functions and Triggers screens end to end on one project (`base` is its
 * `/dashboard/project/{ref}`): a trigger function written in Monaco, a trigger using it that
 * really fires, disabled, then the function dropped with CASCADE. Screenshots go to
 * e2e/screenshots/ as `{prefix}-*.png`.
 */
export async function functionsAndTriggersSteps(page: Page, sql: Sql, base: string, prefix: string) {
  await sql(`drop schema if exists fn_e2e cascade; create schema fn_e2e; create table fn_e2e.items (id int primary key, total int)`)

  // --- Functions: a trigger function in Monaco ------------------------------------------
  await page.goto(`${base}/database/functions`)
  await expect(page.getByRole('heading', { level: 1, name: 'Database functions' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'fn_e2e' })).toBeAttached({ timeout: 30_000 })
  await page.getByLabel('Schema', { exact: true }).selectOption('fn_e2e')
  await expect(page.getByText('No functions in fn_e2e')).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${prefix}-functions-empty.png`, fullPage: true })

  await page.getByRole('button', { name: 'Create function' }).first().click()
  const panel = page.getByRole('dialog', { name: 'Create a function' })
  await panel.getByLabel('Name', { exact: true }).fill('bump_total')
  await expect(panel.getByLabel('Schema', { exact: true })).toHaveValue('fn_e2e')
  await panel.getByLabel('Returns', { exact: true }).selectOption('trigger')
  await expect(panel.getByLabel('Language', { exact: true })).toHaveValue('plpgsql')
  await panel.getByRole('radio', { name: /SECURITY DEFINER/ }).check()
  await expect(panel.getByText("This function runs with its owner's privileges")).toBeVisible()
  await panel.locator('.monaco-editor .view-lines').click({ timeout: 30_000 })
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  // (No Escape after it: Escape closes the panel.)
  await page.keyboard.insertText('\nbegin\n  new.total := coalesce(new.total, 0) + 1;\n  return new;\nend;\n')
  const preview = panel.getByLabel('SQL to run')
  await expect(preview).toContainText('CREATE FUNCTION "fn_e2e"."bump_total"()')
  await expect(preview).toContainText("SECURITY DEFINER\n SET search_path = ''")
  await expect(preview).toContainText('new.total := coalesce(new.total, 0) + 1;')
  expect(await axeViolations(page, ['[role="dialog"]'], MONACO)).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${prefix}-function-panel.png` })
  await panel.getByRole('button', { name: 'Create function' }).click()
  await expect(panel).toBeHidden()
  const fnRow = page.getByRole('table', { name: 'Functions of fn_e2e' }).getByRole('row', { name: /bump_total/ })
  await expect(fnRow).toContainText('trigger')
  await expect(fnRow).toContainText('Definer')
  await page.screenshot({ path: `e2e/screenshots/${prefix}-functions-list.png`, fullPage: true })

  // --- Triggers: one on fn_e2e.items that calls it --------------------------------------
  await page.goto(`${base}/database/triggers`)
  await expect(page.getByRole('heading', { level: 1, name: 'Database triggers' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Event triggers' })).toBeVisible()
  await page.getByRole('button', { name: 'Create trigger' }).first().click()
  const form = page.getByRole('dialog', { name: 'Create a trigger' })
  await form.getByLabel('Name', { exact: true }).fill('items_bump')
  await expect(form.getByRole('option', { name: 'fn_e2e', exact: true })).toBeAttached()
  await form.getByLabel('Schema', { exact: true }).selectOption('fn_e2e')
  await expect(form.getByLabel('Table', { exact: true })).toHaveValue('items')
  await form.getByLabel('Function', { exact: true }).selectOption({ label: 'fn_e2e.bump_total()' })
  await form.getByLabel('Condition (WHEN)').fill('new.id > 0')
  await expect(form.getByLabel('SQL to run')).toContainText(
    'CREATE TRIGGER "items_bump" BEFORE INSERT ON "fn_e2e"."items" FOR EACH ROW WHEN (new.id > 0) EXECUTE FUNCTION "fn_e2e"."bump_total"();'
  )
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${prefix}-trigger-panel.png` })
  await form.getByRole('button', { name: 'Create trigger' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('table', { name: 'Data triggers' }).getByRole('row', { name: /items_bump/ })
  await expect(row).toContainText('fn_e2e.items')
  await expect(row).toContainText('(new.id > 0)')
  await sql('insert into fn_e2e.items (id) values (1)')
  expect(await sql('select total from fn_e2e.items')).toEqual([{ total: 1 }])
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${prefix}-triggers-list.png`, fullPage: true })

  await row.getByRole('switch', { name: 'items_bump on items enabled' }).click()
  const toggle = page.getByRole('dialog', { name: 'Disable trigger items_bump' })
  await toggle.getByRole('button', { name: 'Disable trigger' }).click()
  await expect(row.getByRole('switch', { name: 'items_bump on items enabled' })).toHaveAttribute('aria-checked', 'false')
  expect(await sql(`select tgenabled from pg_trigger where tgname = 'items_bump'`)).toEqual([{ tgenabled: 'D' }])

  // --- Drop the function: the trigger is named, CASCADE drops it ------------------------
  await page.goto(`${base}/database/functions`)
  await expect(page.getByRole('option', { name: 'fn_e2e' })).toBeAttached({ timeout: 30_000 })
  await page.getByLabel('Schema', { exact: true }).selectOption('fn_e2e')
  await page.getByRole('button', { name: 'Delete bump_total' }).click()
  const drop = page.getByRole('dialog', { name: 'Delete function bump_total' })
  await expect(drop.getByText('trigger items_bump on table fn_e2e.items')).toBeVisible()
  await expect(drop.getByRole('button', { name: 'Delete function' })).toBeDisabled()
  await drop.getByLabel('Drop these objects too (CASCADE)').check()
  await expect(drop.getByLabel('SQL to run')).toHaveText('BEGIN;\nDROP FUNCTION "fn_e2e"."bump_total"() CASCADE;\nCOMMIT;')
  await drop.getByRole('button', { name: 'Delete function' }).click()
  await expect(page.getByText('No functions in fn_e2e')).toBeVisible()
  expect(await sql(`select 1 from pg_trigger where tgname = 'items_bump'`)).toEqual([])
}
