import { expect, test } from '@playwright/test'
import { axeViolations } from './project-helpers'

// Self-hosted mode: cron jobs and vault secrets of the `default` project, no sign-in, every action allowed.

test('runs a cron job on the default project and keeps a secret', async ({ page, request }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  const table = `cron_self_${tag}`
  const sql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { data: { query } })
    expect(res.status(), await res.text()).toBe(200)
    return (await res.json()) as { rows: Record<string, unknown>[] }
  }
  await sql(`create table ${table} (id serial primary key, note text)`)
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })

  await page.goto('/dashboard/project/default/integrations/cron')
  await expect(page.getByRole('heading', { level: 1, name: 'Cron jobs' })).toBeVisible()
  await page.getByRole('button', { name: 'Create job' }).first().click()
  const form = page.getByRole('dialog', { name: 'Create cron job' })
  const name = `self-${tag}`
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Schedule', { exact: true }).fill('0 4 * * *')
  await expect(form.getByText(/^At 04:00 \(UTC\)/)).toBeVisible()
  await form.getByLabel('SQL command').fill(`insert into ${table} (note) values ('from cron')`)
  await form.getByRole('button', { name: 'Create job' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('table', { name: 'Cron jobs' }).getByRole('row', { name: new RegExp(name) })
  await row.getByRole('button', { name: `Run ${name} now` }).click()
  await expect(page.getByText(`${name} ran: INSERT 0 1`)).toBeVisible({ timeout: 30_000 })
  await expect(row.getByText('Succeeded')).toBeVisible()
  expect((await sql(`select note from ${table}`)).rows).toEqual([{ note: 'from cron' }])
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: 'e2e/screenshots/cron-self-hosted.png', fullPage: true })

  await page.goto('/dashboard/project/default/settings/vault/secrets')
  await expect(page.getByRole('heading', { level: 1, name: 'Vault secrets' })).toBeVisible()
  await page.getByRole('button', { name: 'Add secret' }).first().click()
  const add = page.getByRole('dialog', { name: 'Add secret' })
  const secret = `SELF_${tag.toUpperCase()}`
  await add.getByLabel('Name').fill(secret)
  await add.getByLabel('Value').fill('self-hosted-value')
  await add.getByRole('button', { name: 'Add secret' }).click()
  await expect(add).toBeHidden()
  const secrets = page.getByRole('table', { name: 'Secrets' })
  await secrets.getByRole('button', { name: `Reveal ${secret}` }).click()
  await expect(secrets.getByLabel(`Value of ${secret}`)).toHaveText('self-hosted-value')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await secrets.getByRole('button', { name: `Delete ${secret}` }).click()
  const deleteSecret = page.getByRole('dialog', { name: `Delete secret ${secret}?` })
  await deleteSecret.getByRole('button', { name: 'Delete secret' }).click()
  // The page behind an open dialog is hidden from the accessibility tree: wait for it to close first.
  await expect(deleteSecret).toBeHidden()
  await expect(secrets.getByRole('rowheader', { name: new RegExp(secret) })).toHaveCount(0)
})
