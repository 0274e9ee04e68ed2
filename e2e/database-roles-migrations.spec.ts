import { expect, test } from '@playwright/test'
import { axeViolations, seedProject } from './project-helpers'
import { seedUser, strongPassword, uniqueEmail } from './auth-helpers'
import { signIn, sqlRunner } from './database-helpers'

// Roles and the migration history on the hosted platform, on a real project database (PGlite:
// the cluster is the project's alone, so its role manages the roles it makes).

test('roles are created, changed, granted and dropped as previewed SQL, and every change is a migration', async ({ page, request }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('roles')
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const ref = await seedProject(request, token, { organization: 'Roles', project: 'Roles e2e' })
  const sql = sqlRunner(request, token, ref)
  await signIn(page, email, password)

  // --- Migrations: empty at first, explaining what is recorded ------------------------------
  await page.goto(`/dashboard/project/${ref}/database/migrations`)
  await expect(page.getByRole('heading', { level: 1, name: 'Migrations' })).toBeVisible()
  await expect(page.getByText('No migrations yet')).toBeVisible({ timeout: 30_000 })
  expect(await axeViolations(page, ['main'])).toEqual([])

  // --- Roles: the platform's roles protected, with the reason -------------------------------
  await page.goto(`/dashboard/project/${ref}/database/roles`)
  const table = page.getByRole('table', { name: 'Roles' })
  await expect(table.getByRole('row', { name: /service_role/ })).toContainText('The project API runs requests as this role', { timeout: 30_000 })
  await expect(table.getByRole('row', { name: /^anon/ }).getByRole('button')).toHaveCount(0)
  await expect(table.getByRole('row', { name: /^pg_read_all_data/ })).toHaveCount(0)
  await page.getByLabel("Show Postgres's predefined pg_* roles").check()
  await expect(table.getByRole('row', { name: /^pg_read_all_data/ })).toContainText('Predefined by Postgres.')
  expect(await axeViolations(page, ['main'])).toEqual([])

  // Create a group role, then a login role in it: the preview masks the password.
  await page.getByRole('button', { name: 'Create role' }).click()
  let form = page.getByRole('dialog', { name: 'Create a role' })
  await form.getByLabel('Name', { exact: true }).fill('reporting')
  await expect(form.getByLabel('SQL to run')).toHaveText(`BEGIN;\nCREATE ROLE "reporting" WITH NOLOGIN NOCREATEROLE CONNECTION LIMIT -1 VALID UNTIL 'infinity';\nCOMMIT;`)
  await expect(form.getByRole('checkbox', { name: 'Superuser' })).toBeDisabled()
  await form.getByRole('button', { name: 'Create role' }).click()
  await expect(form).toBeHidden()
  await expect(table.getByRole('row', { name: /^reporting/ })).toContainText('You can change it')

  await page.getByRole('button', { name: 'Create role' }).click()
  form = page.getByRole('dialog', { name: 'Create a role' })
  await form.getByLabel('Name', { exact: true }).fill('project_sneaky')
  await expect(form.getByText('Names starting with project_ or supabase_ are reserved for the platform')).toBeVisible()
  await form.getByLabel('Name', { exact: true }).fill('app_reader')
  await form.getByRole('checkbox', { name: 'Can log in' }).check()
  const secret = 'Tr0ub4dor-e2e-secret'
  await form.getByLabel('Password', { exact: true }).fill(secret)
  await form.getByLabel('Connection limit', { exact: true }).fill('4')
  await form.getByRole('checkbox', { name: 'reporting' }).check()
  const preview = form.getByLabel('SQL to run')
  await expect(preview).toContainText(`PASSWORD '********'`)
  await expect(preview).not.toContainText(secret)
  await expect(preview).toContainText('GRANT "reporting" TO "app_reader";')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-roles-create.png', fullPage: true })
  await form.getByRole('button', { name: 'Create role' }).click()
  await expect(form).toBeHidden()
  const reader = table.getByRole('row', { name: /^app_reader/ })
  await expect(reader).toContainText('Login')
  await expect(reader).toContainText('reporting')
  expect(await sql(`select rolcanlogin as login, rolconnlimit as lim from pg_roles where rolname = 'app_reader'`)).toEqual([{ login: true, lim: 4 }])

  // Rename it and revoke its membership.
  await reader.getByRole('button', { name: 'Edit app_reader' }).click()
  form = page.getByRole('dialog', { name: 'Edit role app_reader' })
  await form.getByLabel('Name', { exact: true }).fill('app_reporter')
  await expect(form.getByLabel('SQL to run')).toContainText('ALTER ROLE "app_reader" RENAME TO "app_reporter";')
  await form.getByRole('button', { name: 'Save role' }).click()
  await expect(form).toBeHidden()
  const reporter = table.getByRole('row', { name: /^app_reporter/ })
  await reporter.getByRole('button', { name: 'Memberships of app_reporter' }).click()
  const members = page.getByRole('dialog', { name: 'Memberships of app_reporter' })
  await members.getByRole('button', { name: 'Revoke' }).click()
  await expect(members.getByLabel('SQL to run')).toHaveText('BEGIN;\nREVOKE "reporting" FROM "app_reporter";\nCOMMIT;')
  await members.getByRole('button', { name: 'Run' }).click()
  await expect(members.getByText('Not a member of any role.')).toBeVisible()
  await members.getByRole('button', { name: 'Close' }).click()

  // Drop it.
  await reporter.getByRole('button', { name: 'Drop app_reporter' }).click()
  const drop = page.getByRole('dialog', { name: 'Drop role app_reporter' })
  await expect(drop.getByLabel('SQL to run')).toHaveText('BEGIN;\nDROP ROLE "app_reporter";\nCOMMIT;')
  await drop.getByRole('button', { name: 'Drop role' }).click()
  await expect(drop).toBeHidden()
  await expect(reporter).toHaveCount(0)
  await page.screenshot({ path: 'e2e/screenshots/database-roles.png', fullPage: true })

  // --- Migrations: each change, newest first, its SQL without the password, all as a zip ----
  await page.goto(`/dashboard/project/${ref}/database/migrations`)
  const history = page.getByRole('table', { name: 'Migrations' })
  await expect(history.getByRole('row')).toHaveCount(6, { timeout: 30_000 })
  await expect(history.getByRole('row').nth(1)).toContainText('drop_role_app_reporter')
  await history.getByRole('row', { name: /create_role_app_reader/ }).getByRole('button', { name: /View SQL/ }).click()
  const file = page.getByRole('dialog', { name: /_create_role_app_reader\.sql$/ })
  await expect(file.getByLabel('Migration SQL')).toContainText('CREATE ROLE "app_reader"')
  await expect(file.getByLabel('Migration SQL')).toContainText('password not recorded')
  await expect(file.getByLabel('Migration SQL')).not.toContainText(secret)
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await file.getByRole('button', { name: 'Close' }).click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (.zip)' }).click()])
  expect(download.suggestedFilename()).toBe(`${ref}-migrations.zip`)
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/database-migrations.png', fullPage: true })

  // The SQL editor's schema change is recorded too, under the platform's name for it.
  await sql('create table public.from_api (id int)')
  await page.reload()
  await expect(history.getByRole('row').nth(1)).toContainText('create_table_public_from_api')
})
