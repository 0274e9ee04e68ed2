import { expect, test, type APIRequestContext } from '@playwright/test'
import { axeViolations, signInWithNewProject } from './project-helpers'

// Cron jobs on the hosted platform: the platform's own scheduler runs SQL on a real project database.

/** Runs SQL on the project through the platform API (as the SQL editor does). */
async function sql(request: APIRequestContext, token: string, ref: string, query: string) {
  const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
    headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' },
    data: { query },
  })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as { rows: Record<string, unknown>[] }
}

test('create a job that the scheduler runs, run it now, read its history, edit, fail and delete jobs', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Cron', project: 'Cron e2e' })
  await sql(request, token, ref, 'create table cron_ticks (id bigint generated always as identity primary key, at timestamptz default now())')

  await page.goto(`/dashboard/project/${ref}/integrations/cron`)
  await expect(page.getByRole('heading', { level: 1, name: 'Cron jobs' })).toBeVisible()
  await expect(page.getByText('No cron jobs yet')).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])

  // Create a job that runs every second.
  await page.getByRole('button', { name: 'Create job' }).click()
  const form = page.getByRole('dialog', { name: 'Create cron job' })
  await form.getByLabel('Name').fill('tick')
  await form.getByLabel('Schedule', { exact: true }).fill('75 seconds')
  await expect(form.getByText(/runs every 1 to 59 seconds/)).toBeVisible()
  await form.getByLabel('Schedule', { exact: true }).fill('1 seconds')
  await expect(form.getByText(/^Every second · next run/)).toBeVisible()
  await form.getByLabel('SQL command').fill('insert into cron_ticks default values')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/cron-form.png' })
  await form.getByRole('button', { name: 'Create job' }).click()
  await expect(form).toBeHidden()

  const table = page.getByRole('table', { name: 'Cron jobs' })
  const row = table.getByRole('row', { name: /tick/ })
  await expect(row.getByText('Every second')).toBeVisible()
  // The scheduler ran it by itself: its last run succeeded and rows landed in the table.
  await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 30_000 })
  await expect.poll(async () => Number((await sql(request, token, ref, 'select count(*)::int as n from cron_ticks')).rows[0].n)).toBeGreaterThan(0)

  // Deactivate it: it stops running.
  await row.getByRole('switch', { name: 'Active: tick' }).click()
  await expect(page.getByText('tick deactivated')).toBeVisible()
  await expect(row.getByText('Inactive')).toBeVisible()
  await page.waitForTimeout(1500) // a run claimed just before may still be finishing
  const stopped = Number((await sql(request, token, ref, 'select count(*)::int as n from cron_ticks')).rows[0].n)
  await page.waitForTimeout(3000)
  expect(Number((await sql(request, token, ref, 'select count(*)::int as n from cron_ticks')).rows[0].n)).toBe(stopped)

  // Run now still runs it, once.
  await row.getByRole('button', { name: 'Run tick now' }).click()
  await expect(page.getByText('tick ran: INSERT 0 1')).toBeVisible()
  expect(Number((await sql(request, token, ref, 'select count(*)::int as n from cron_ticks')).rows[0].n)).toBe(stopped + 1)

  // History: newest first, the manual run on top.
  await row.getByRole('button', { name: 'Run history of tick' }).click()
  const history = page.getByRole('dialog', { name: 'Run history: tick' })
  const runs = history.getByRole('table', { name: 'Runs of tick' })
  await expect(runs.getByRole('row').nth(1)).toContainText('Run now')
  await expect(runs.getByRole('row').nth(1)).toContainText('Succeeded')
  await expect(runs.getByRole('row').nth(1)).toContainText('INSERT 0 1')
  await expect(runs.getByRole('row').nth(2)).toContainText('Schedule')
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/cron-history.png' })
  await history.getByRole('button', { name: 'Close' }).click()

  // Edit: a daily schedule, described in words.
  await row.getByRole('button', { name: 'Edit tick' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit cron job tick' })
  await edit.getByRole('combobox', { name: 'Schedule presets' }).selectOption({ label: 'Every day at midnight' })
  await edit.getByRole('button', { name: 'Save job' }).click()
  await expect(edit).toBeHidden()
  await expect(row.getByText('At 00:00 (UTC)')).toBeVisible()

  // A failing command is recorded as failed, with the Postgres error.
  await page.getByRole('button', { name: 'Create job' }).click()
  await form.getByLabel('Name').fill('broken')
  await form.getByLabel('Schedule', { exact: true }).fill('0 0 1 1 *')
  await form.getByLabel('SQL command').fill('insert into no_such_table values (1)')
  await form.getByRole('button', { name: 'Create job' }).click()
  await expect(form).toBeHidden()
  const broken = table.getByRole('row', { name: /broken/ })
  await broken.getByRole('button', { name: 'Run broken now' }).click()
  await expect(page.getByText(/broken failed: ERROR: relation "no_such_table" does not exist/)).toBeVisible()
  await expect(broken.getByText('Failed')).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/cron-jobs.png', fullPage: true })

  // Delete, confirmed.
  await broken.getByRole('button', { name: 'Delete broken' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete cron job broken?' })
  await confirm.getByRole('button', { name: 'Delete job' }).click()
  await expect(confirm).toBeHidden()
  await expect(table.getByRole('row', { name: /broken/ })).toHaveCount(0)
  await expect(row).toBeVisible()
  expect(await axeViolations(page, ['main'])).toEqual([])
})
