import { expect, test } from '@playwright/test'

// Self-hosted: the operator's AI_* settings give the default project's assistant a model (the
// fake provider of playwright.config.ts) and, by default, every opt-in.
test('the default project’s assistant answers; its SQL card runs in the panel and keeps the rows', async ({ page, request }) => {
  test.setTimeout(120_000)
  const setup = await request.post('/dashboard/api/platform/pg-meta/default/query', {
    data: { query: `drop table if exists public.chores; create table public.chores (id int primary key, task text); insert into public.chores values (1, 'dishes'), (2, 'laundry')` },
    timeout: 30_000,
  })
  expect(setup.status(), await setup.text()).toBe(200)
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })

  await page.goto('/dashboard/project/default?aiAssistantPanelOpen=true')
  const panel = page.getByRole('complementary', { name: 'AI assistant' })
  await expect(panel.getByText('Answers by fake-e2e-model')).toBeVisible({ timeout: 30_000 })
  await panel.getByRole('textbox', { name: 'Message' }).fill('Show me what is in public.chores')
  await panel.getByRole('button', { name: 'Send' }).click()
  const card = panel.getByRole('region', { name: 'SQL snippet 1' })
  await expect(card).toContainText('select * from public.chores limit 5;', { timeout: 30_000 })
  await card.getByRole('button', { name: 'Run' }).click()
  await expect(card.getByRole('table')).toContainText('laundry', { timeout: 30_000 })

  // The same statement, opened in the SQL editor and run there.
  await card.getByRole('button', { name: 'Insert into editor' }).click()
  await page.waitForURL(/\/project\/default\/sql\/[0-9a-f-]{36}$/)
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('select * from public.chores limit 5;', { timeout: 30_000 })
  await panel.getByRole('button', { name: 'Close AI assistant' }).click()
  await page.getByRole('region', { name: 'SQL editor' }).getByRole('button', { name: 'Run' }).click()
  await expect(page.getByRole('grid', { name: 'Query results' }).getByRole('gridcell', { name: 'dishes' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'AI assistant' }).click()

  await panel.getByRole('button', { name: 'New chat', exact: true }).click()
  await panel.getByRole('textbox', { name: 'Message' }).fill('How many rows are in public.chores?')
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(panel.getByText('There are 2 rows in that table.')).toBeVisible({ timeout: 30_000 })
})
