import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { axeViolations, seedProject } from './project-helpers'
import { seedUser, signInThroughUi, strongPassword, uniqueEmail } from './auth-helpers'

// The database screens on the hosted platform, against a real project database (PGlite here,
// which ships the Postgres contrib extensions: pg_trgm is enabled and disabled, file_fdw enabled).

type Sql = (query: string) => Promise<Record<string, unknown>[]>

function sqlRunner(request: APIRequestContext, token: string, ref: string): Sql {
  return async (query) => {
    const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
      headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' },
      data: { query },
    })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await signInThroughUi(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))
}

test('extensions, column privileges, hooks and wrappers on a project database', async ({ page, request }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('database')
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const ref = await seedProject(request, token, { organization: 'Database', project: 'Database e2e' })
  const sql = sqlRunner(request, token, ref)
  await sql('create table public.orders (id int primary key, total numeric, note text); create role analyst;')
  await signIn(page, email, password)

  // --- Extensions: the catalogue merged with the server ---------------------------------
  await page.goto(`/dashboard/project/${ref}/database/extensions`)
  await expect(page.getByRole('heading', { level: 1, name: 'Extensions' })).toBeVisible()
  const plpgsql = page.getByRole('article', { name: 'plpgsql', exact: true })
  await expect(plpgsql.getByText('Enabled')).toBeVisible()
  // Catalogue entries this server lacks are listed as not available.
  const vector = page.getByRole('article', { name: 'vector', exact: true })
  await expect(vector.getByText('Not available')).toBeVisible()
  await expect(vector.getByRole('button', { name: /Enable vector \(unavailable/ })).toBeVisible()
  // Search and tag filters.
  await page.getByLabel('Search extensions', { exact: true }).fill('procedural')
  await expect(page.getByRole('article')).toHaveCount(1)
  await page.getByLabel('Search extensions', { exact: true }).fill('')
  await page.getByLabel('Tag', { exact: true }).selectOption('Geo')
  await expect(page.getByRole('article', { name: 'postgis', exact: true })).toBeVisible()
  await expect(page.getByRole('article', { name: 'plpgsql', exact: true })).toHaveCount(0)
  await page.getByLabel('Tag', { exact: true }).selectOption('')
  expect(await axeViolations(page, ['main'])).toEqual([])

  // Enable pg_trgm in a schema of our choosing (created first): SQL shown first, then checked in the database.
  const trgm = page.getByRole('article', { name: 'pg_trgm', exact: true })
  await expect(trgm.getByText('Not available')).toHaveCount(0)
  await trgm.getByRole('button', { name: 'Enable pg_trgm' }).click()
  const enable = page.getByRole('dialog', { name: 'Enable pg_trgm' })
  await enable.getByLabel('Schema', { exact: true }).fill('search')
  await expect(enable.getByText('The schema search does not exist yet: it is created first.')).toBeVisible()
  await expect(enable.getByLabel('SQL to run')).toHaveText('BEGIN;\nCREATE SCHEMA IF NOT EXISTS "search";\nCREATE EXTENSION "pg_trgm" WITH SCHEMA "search";\nCOMMIT;')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await enable.getByRole('button', { name: 'Enable extension' }).click()
  await expect(enable).toBeHidden()
  await expect(trgm.getByText('Enabled')).toBeVisible()
  expect(await sql(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`)).toEqual([{ schema: 'search' }])
  expect(await sql(`select search.similarity('postgres', 'postgre') > 0.5 as close`)).toEqual([{ close: true }])

  // An index built on it depends on it: disabling says so and needs CASCADE.
  await sql('create index orders_note_trgm on public.orders using gin (note search.gin_trgm_ops)')
  await trgm.getByRole('button', { name: 'Disable pg_trgm' }).click()
  const disable = page.getByRole('dialog', { name: 'Disable pg_trgm' })
  await expect(disable.getByText('index orders_note_trgm')).toBeVisible()
  await expect(disable.getByRole('button', { name: 'Disable extension' })).toBeDisabled()
  await disable.getByLabel('Drop these objects too (CASCADE)').check()
  await expect(disable.getByLabel('SQL to run')).toHaveText('BEGIN;\nDROP EXTENSION "pg_trgm" CASCADE;\nCOMMIT;')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await disable.getByRole('button', { name: 'Disable extension' }).click()
  await expect(disable).toBeHidden()
  await expect(trgm.getByRole('button', { name: 'Enable pg_trgm' })).toBeVisible()
  expect(await sql(`select 1 from pg_extension where extname = 'pg_trgm' union all select 1 from pg_class where relname = 'orders_note_trgm'`)).toEqual([])

  // --- Column privileges: behind its feature preview ------------------------------------
  await page.goto(`/dashboard/project/${ref}/database/column-privileges`)
  await page.getByRole('link', { name: 'Enable the Column-level privileges preview' }).click()
  await expect(page).toHaveURL(/featurePreviewModal=dashboard-preview-column-level-security/)
  const previews = page.getByRole('dialog')
  await previews.getByRole('button', { name: 'Enable feature' }).click()
  await previews.getByRole('button', { name: 'Close' }).click()
  await page.getByLabel('Role', { exact: true }).selectOption('analyst')
  const grid = page.getByRole('table', { name: 'Column privileges of analyst on public.orders' })
  await expect(grid).toBeVisible()
  await grid.getByRole('checkbox', { name: 'SELECT on note' }).check()
  await expect(page.getByLabel('SQL to run')).toContainText('GRANT SELECT ("note") ON TABLE "public"."orders" TO "analyst";')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.getByRole('button', { name: 'Apply changes' }).click()
  await expect(page.getByText('No pending changes')).toBeVisible()
  expect(await sql(`select has_column_privilege('analyst', 'public.orders', 'note', 'SELECT') as note, has_column_privilege('analyst', 'public.orders', 'total', 'SELECT') as total`)).toEqual([
    { note: true, total: false },
  ])

  // --- Hooks: a notify hook, disabled, then deleted -------------------------------------
  await page.goto(`/dashboard/project/${ref}/database/hooks`)
  await expect(page.getByText('No hooks yet')).toBeVisible()
  await page.getByRole('button', { name: 'Create hook' }).first().click()
  const form = page.getByRole('dialog', { name: 'Create a database hook' })
  await form.getByLabel('Name', { exact: true }).fill('orders_feed')
  await expect(form.getByLabel('Table', { exact: true })).toHaveValue('orders')
  await form.getByRole('checkbox', { name: 'UPDATE' }).check()
  await form.getByLabel('Channel', { exact: true }).fill('orders')
  await expect(form.getByLabel('SQL to run')).toContainText('CREATE TRIGGER "orders_feed" AFTER INSERT OR UPDATE ON "public"."orders" FOR EACH ROW')
  await form.getByRole('radio', { name: 'HTTP request' }).check()
  await expect(form.getByText(/need the pg_net extension/)).toBeVisible()
  await form.getByRole('radio', { name: 'Notify channel' }).check()
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await form.getByRole('button', { name: 'Create hook' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('row', { name: /orders_feed/ })
  await expect(row).toContainText('Notify channel orders')
  expect(await sql(`select tgenabled from pg_trigger where tgname = 'orders_feed'`)).toEqual([{ tgenabled: 'O' }])
  // The hook works: an insert goes through the notify function.
  await sql(`insert into public.orders (id, total) values (1, 10)`)
  expect(await axeViolations(page, ['main'])).toEqual([])

  await row.getByRole('switch', { name: 'orders_feed enabled' }).click()
  const toggle = page.getByRole('dialog', { name: 'Disable hook orders_feed' })
  await expect(toggle.getByLabel('SQL to run')).toContainText('DISABLE TRIGGER "orders_feed"')
  await toggle.getByRole('button', { name: 'Disable hook' }).click()
  await expect(row.getByRole('switch', { name: 'orders_feed enabled' })).toHaveAttribute('aria-checked', 'false')
  expect(await sql(`select tgenabled from pg_trigger where tgname = 'orders_feed'`)).toEqual([{ tgenabled: 'D' }])

  await row.getByRole('button', { name: 'Delete orders_feed' }).click()
  const del = page.getByRole('dialog', { name: 'Delete hook orders_feed' })
  await del.getByRole('button', { name: 'Delete hook' }).click()
  await expect(page.getByText('No hooks yet')).toBeVisible()
  expect(await sql(`select 1 from pg_trigger where tgname = 'orders_feed' union all select 1 from pg_proc where proname = 'orders_feed_hook'`)).toEqual([])
  await page.screenshot({ path: 'test-results/database-hooks.png', fullPage: true })

  // --- Wrappers: PGlite ships file_fdw (not postgres_fdw): enable it, see the wrapper and a server on it
  await page.goto(`/dashboard/project/${ref}/database/wrappers`)
  const wrapperExtensions = page.getByRole('region', { name: 'Wrapper extensions' })
  const fileFdw = wrapperExtensions.getByRole('row', { name: /file_fdw/ })
  await expect(fileFdw).toContainText('Available')
  await expect(page.getByText('No wrappers yet: enable a wrapper extension above to add one.')).toBeVisible()
  await fileFdw.getByRole('button', { name: 'Enable file_fdw' }).click()
  const enableFdw = page.getByRole('dialog', { name: 'Enable file_fdw' })
  await expect(enableFdw.getByLabel('SQL to run')).toContainText('CREATE EXTENSION "file_fdw" WITH SCHEMA "extensions";')
  await enableFdw.getByRole('button', { name: 'Enable extension' }).click()
  await expect(enableFdw).toBeHidden()
  await expect(fileFdw).toContainText('Enabled in extensions')
  await expect(page.getByRole('region', { name: 'Foreign data wrappers' }).getByRole('row', { name: /file_fdw/ })).toContainText('file_fdw_handler')
  // The screen adds Postgres servers only; a file server made in SQL is listed and dropped here
  // (a foreign table on a file is refused: members never reach the host's files, issue 9).
  await expect(page.getByRole('button', { name: 'Add Postgres server' })).toHaveAttribute('aria-disabled', 'true')
  await sql('create server files foreign data wrapper file_fdw')
  await page.reload()
  const servers = page.getByRole('region', { name: 'Foreign servers' })
  await expect(servers.getByRole('row', { name: /files/ })).toContainText('file_fdw')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'test-results/database-wrappers.png', fullPage: true })
  await servers.getByRole('button', { name: 'Drop files' }).click()
  const drop = page.getByRole('dialog', { name: 'Drop server files' })
  // No table depends on it, so no CASCADE is offered.
  await expect(drop.getByRole('checkbox', { name: /CASCADE/ })).toHaveCount(0)
  await expect(drop.getByLabel('SQL to run')).toContainText('DROP SERVER "files";')
  await drop.getByRole('button', { name: 'Drop server' }).click()
  await expect(servers.getByText('No foreign servers yet.')).toBeVisible()
})

test('screenshots of the extensions and privileges screens', async ({ page, request }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('database-shots')
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const ref = await seedProject(request, token, { organization: 'Database shots', project: 'Shots' })
  await sqlRunner(request, token, ref)('create table public.orders (id int primary key, total numeric, note text); create role analyst; grant insert on public.orders to analyst')
  await page.addInitScript(() => localStorage.setItem('dashboard-preview-column-level-security', 'true'))
  await signIn(page, email, password)
  await page.goto(`/dashboard/project/${ref}/database/extensions`)
  await expect(page.getByRole('article', { name: 'plpgsql', exact: true })).toBeVisible()
  await page.screenshot({ path: 'test-results/database-extensions.png' })
  await page.goto(`/dashboard/project/${ref}/database/column-privileges`)
  await page.getByLabel('Role', { exact: true }).selectOption('analyst')
  await page.getByRole('table', { name: /Column privileges of analyst/ }).getByRole('checkbox', { name: 'SELECT on note' }).check()
  await page.screenshot({ path: 'test-results/database-privileges.png', fullPage: true })
  await sqlRunner(request, token, ref)(`create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
    create trigger orders_touch before insert or update on public.orders for each row execute function public.touch()`)
  await page.goto(`/dashboard/project/${ref}/database/hooks`)
  await expect(page.getByRole('row', { name: /orders_touch/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/database-hooks-list.png', fullPage: true })
  await page.getByRole('button', { name: 'Create hook' }).click()
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('orders_feed')
  await page.getByRole('dialog').getByLabel('Channel', { exact: true }).fill('orders')
  await expect(page.getByRole('dialog').getByLabel('SQL to run')).toContainText('pg_notify')
  await page.screenshot({ path: 'test-results/database-hooks-form.png', fullPage: true })
})
