import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { axeViolations, runProjectSql, signInWithNewProject } from './project-helpers'

// The advisors on the hosted platform, against a real project database (PGlite here).

const signIn = (page: Page, request: APIRequestContext) => signInWithNewProject(page, request, { organization: 'Advisors', project: 'Advisors e2e' })

const finding = (page: Page, object: string) => page.locator('details').filter({ hasText: object })

test('security advisor: a table without RLS is found, fixed from the dashboard, and a view fixed in SQL disappears on refresh', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { token, ref } = await signIn(page, request)
  await runProjectSql(
    request,
    token,
    ref,
    `create table public.open_notes (id bigint generated always as identity primary key, body text);
     create view public.note_bodies as select body from public.open_notes;`
  )

  await page.goto(`/dashboard/project/${ref}/advisors/security`)
  await expect(page.getByRole('heading', { level: 1, name: 'Security Advisor' })).toBeVisible()
  const errors = page.getByRole('region', { name: /Errors/ })
  await expect(errors).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Errors (2)' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Last run' })).toBeVisible()

  // Filter by level: no warnings in this database.
  await page.getByRole('button', { name: 'Warnings (0)' }).click()
  await expect(errors).toHaveCount(0)
  await expect(page.getByText('No warnings in this run.')).toBeVisible()
  await page.getByRole('button', { name: /^All/ }).click()

  // Expand the table's finding: detail, remediation, the SQL fix.
  const table = finding(page, 'public.open_notes')
  await table.getByText('Row level security disabled on an exposed table').click()
  await expect(table.getByText('Table public.open_notes is exposed through the API and has row level security disabled.')).toBeVisible()
  await expect(table.getByLabel('SQL fix for public.open_notes')).toHaveText('alter table "public"."open_notes" enable row level security;')
  await page.screenshot({ path: 'e2e/screenshots/advisors-security.png', fullPage: true })
  expect(await axeViolations(page, ['#main'])).toEqual([])

  // Fix it from the dashboard: the SQL is shown first.
  await table.getByRole('button', { name: 'Apply fix' }).click()
  const dialog = page.getByRole('dialog', { name: 'Apply the fix?' })
  await expect(dialog).toContainText('enable row level security')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await dialog.getByRole('button', { name: 'Run fix' }).click()
  await expect(page.getByText('Fix applied to public.open_notes')).toBeVisible()
  await expect(finding(page, 'public.open_notes').filter({ hasText: 'Row level security disabled' })).toHaveCount(0)
  // RLS with no policy is reported as a suggestion now.
  await expect(page.getByRole('region', { name: /Suggestions/ })).toContainText('public.open_notes')

  // Fix the view in SQL, outside the advisor; Refresh runs the checks again.
  await runProjectSql(request, token, ref, 'alter view public.note_bodies set (security_invoker = on)')
  await expect(finding(page, 'public.note_bodies')).toHaveCount(1)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(finding(page, 'public.note_bodies')).toHaveCount(0)
  await expect(errors).toHaveCount(0)

  // Open a fix in the SQL editor: a snippet holding the fix.
  await runProjectSql(request, token, ref, 'create function public.add_one(x int) returns int language sql as $$ select x + 1 $$')
  await page.getByRole('button', { name: 'Refresh' }).click()
  const fn = finding(page, 'public.add_one')
  await fn.getByText('Function with a mutable search_path').click()
  await fn.getByRole('button', { name: 'Open in SQL editor' }).click()
  await page.waitForURL(new RegExp(`/dashboard/project/${ref}/sql/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { level: 1, name: /Fix: Function with a mutable search_path/ })).toBeVisible()
})

test('advisor rules: behind the advisorRules remote flag, disable a rule and its findings are hidden', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { token, ref } = await signIn(page, request)
  await runProjectSql(request, token, ref, 'create table public.scratch (id int primary key)')
  // Switched on in this browser; whether the preview is released depends on the server's FLAG_ADVISOR_RULES.
  await page.addInitScript(() => localStorage.setItem('dashboard-preview-advisor-rules', 'true'))
  await page.goto(`/dashboard/project/${ref}/advisors/rules/security`)
  const released = await page.evaluate(() => window.__DASHBOARD_CONFIG__?.remoteFlags.advisorRules === true)

  if (!released) {
    // Not released: the preview counts as off and the rules path gives way to the classic one.
    await page.waitForURL(new RegExp(`/dashboard/project/${ref}/advisors/security$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Security Advisor' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Rules' })).toHaveCount(0)
    await expect(page.locator('details').filter({ hasText: 'public.scratch' })).toHaveCount(1, { timeout: 30_000 })
    return
  }

  // Released: the advisor lives at the rules path, and the classic path moves there.
  await page.goto(`/dashboard/project/${ref}/advisors/security`)
  await page.waitForURL(new RegExp(`/dashboard/project/${ref}/advisors/rules/security$`))
  await expect(page.locator('details').filter({ hasText: 'public.scratch' })).toHaveCount(1, { timeout: 30_000 })
  await page.getByRole('link', { name: 'Rules' }).click()
  await page.waitForURL(/view=rules$/)
  const toggle = page.getByRole('switch', { name: 'Rule: Row level security disabled on an exposed table' })
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await toggle.click()
  const dialog = page.getByRole('dialog', { name: /Disable “Row level security disabled on an exposed table”/ })
  await dialog.getByLabel('Reason (optional)').fill('Scratch tables are private to the owner')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await dialog.getByRole('button', { name: 'Disable rule' }).click()
  await expect(page.getByText('Reason: Scratch tables are private to the owner')).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await page.screenshot({ path: 'e2e/screenshots/advisors-rules.png', fullPage: true })
  expect(await axeViolations(page, ['#main'])).toEqual([])

  await page.getByRole('link', { name: 'Findings' }).click()
  await expect(page.getByText('1 rule disabled: their findings are hidden.')).toBeVisible()
  await expect(page.locator('details').filter({ hasText: 'public.scratch' })).toHaveCount(0)
  await expect(page.getByText('No issues found')).toBeVisible()

  // Enabled again, the finding is back.
  await page.getByRole('link', { name: 'Review rules' }).click()
  await page.getByRole('switch', { name: 'Rule: Row level security disabled on an exposed table' }).click()
  await expect(page.getByRole('switch', { name: 'Rule: Row level security disabled on an exposed table' })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('link', { name: 'Findings' }).click()
  await expect(page.locator('details').filter({ hasText: 'public.scratch' })).toHaveCount(1)
})

test('query performance shows table scans, unused indexes, cache hits and, once enabled, recorded statements on PGlite', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { token, ref } = await signIn(page, request)
  await runProjectSql(
    request,
    token,
    ref,
    `create table public.orders (id int primary key, note text);
     insert into public.orders select g, 'note ' || g from generate_series(1, 500) g;
     create index orders_note_idx on public.orders (note);`
  )
  await runProjectSql(request, token, ref, 'select count(*) from public.orders')
  // PGlite publishes its counters about a second later.
  await page.waitForTimeout(1500)

  await page.goto(`/dashboard/project/${ref}/advisors/query-performance`)
  await expect(page.getByRole('heading', { level: 1, name: 'Query performance' })).toBeVisible()
  const scans = page.getByRole('table', { name: 'Table scans' })
  await expect(scans.getByRole('row', { name: /public\.orders/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('table', { name: 'Unused indexes' }).getByRole('cell', { name: 'orders_note_idx', exact: true })).toBeVisible()
  await expect(page.getByText('One query at a time')).toBeVisible()
  // PGlite ships pg_stat_statements and loads it when it is created: enable it here, then see statements recorded.
  const statements = page.getByRole('region', { name: 'Statements' })
  await expect(statements.getByText('pg_stat_statements is not enabled')).toBeVisible()
  await expect(statements.getByText(/loads the library when the extension is created/)).toBeVisible()
  await statements.getByRole('button', { name: 'Enable pg_stat_statements' }).click()
  await expect(statements.getByLabel('Search statements')).toBeVisible()
  for (const id of [7, 8, 9]) await runProjectSql(request, token, ref, `select note from public.orders where id = ${id}`)
  await page.getByRole('button', { name: 'Refresh statistics' }).click()
  await statements.getByLabel('Search statements').fill('public.orders where id')
  const recorded = statements.getByRole('table', { name: 'Top statements' }).getByRole('row', { name: /select note from public\.orders where id = \$1/ })
  await expect(recorded).toBeVisible()
  await expect(recorded.getByRole('cell').nth(2)).toHaveText('3')
  // The embedded database publishes its counters on a later statement: Refresh until they show.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh statistics' }).click()
    await expect(page.getByRole('region', { name: 'Cache hit ratio' })).toContainText('%', { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  // The performance lints run here too: orders has a key, so nothing about it.
  await expect(page.getByRole('region', { name: 'Performance advisor' }).getByText('No issues found')).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/advisors-query-performance.png', fullPage: true })
  expect(await axeViolations(page, ['#main'])).toEqual([])
  // Reset asks first, then the recorded statements are gone.
  await statements.getByRole('button', { name: 'Reset statistics' }).click()
  await page.getByRole('dialog', { name: 'Reset the statement statistics?' }).getByRole('button', { name: 'Reset statistics' }).click()
  await expect(statements.getByText('No statements match')).toBeVisible()

  // On a phone the statistics tables scroll inside their frame; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(scans).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'e2e/screenshots/advisors-query-performance-mobile.png', fullPage: true })
})
