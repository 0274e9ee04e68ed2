import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { runProjectSql, signInWithNewProject } from './project-helpers'

// The assistant on the hosted platform, answering through the fake OpenAI-compatible provider
// that playwright.config.ts starts (tests/fake-openai), on a real project database.

const signIn = (page: Page, request: APIRequestContext) =>
  signInWithNewProject(page, request, { organization: 'Assistant', project: 'Assistant e2e' })

test('the organization opts in, the panel streams an answer with a SQL card, which opens in the editor and runs; a count comes from the real table', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { token, ref, slug } = await signIn(page, request)
  await runProjectSql(request, token, ref, `create table public.todos (id bigint primary key, title text not null);
    insert into public.todos values (1, 'write tests'), (2, 'ship it'), (3, 'sleep')`)

  // Owners turn on what the assistant may send to the model.
  await page.goto(`/dashboard/org/${slug}/general`)
  const settings = page.getByRole('region', { name: 'AI assistant' })
  for (const name of ['Send my database schema to the model', 'Send query results (row data) to the model', 'Send log lines to the model']) {
    const toggle = settings.getByRole('switch', { name })
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
  }
  await expect(page.getByText('AI assistant settings saved').first()).toBeVisible()

  await page.goto(`/dashboard/project/${ref}?aiAssistantPanelOpen=true`)
  const panel = page.getByRole('complementary', { name: 'AI assistant' })
  await expect(panel.getByText('Answers by fake-e2e-model')).toBeVisible({ timeout: 30_000 })
  await expect(panel.getByRole('button', { name: 'How many rows are in public.todos?' })).toBeVisible()

  await panel.getByRole('textbox', { name: 'Message' }).fill('Slowly show me the rows of public.todos')
  await panel.getByRole('button', { name: 'Send' }).click()
  // The answer grows while it streams, then stands complete with its SQL card.
  await expect(panel.getByText('Writing…')).toBeVisible()
  await expect(panel.getByText(/Here is a query/)).toBeVisible()
  await expect(panel.getByText('Writing…')).toHaveCount(0, { timeout: 30_000 })
  await expect(panel.getByText('Run it to see them.')).toBeVisible()
  const card = panel.getByRole('region', { name: 'SQL snippet 1' })
  await expect(card).toContainText('select * from public.todos limit 5;')
  await page.screenshot({ path: 'e2e/screenshots/assistant-answer.png' })

  await card.getByRole('button', { name: 'Insert into editor' }).click()
  await page.waitForURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('select * from public.todos limit 5;', { timeout: 30_000 })
  // Issue 26: the open panel takes its width from the page, which narrows: the editor and its
  // buttons stay beside the panel, not under it, and Run is reached with the panel open.
  const editorBox = (await page.getByRole('region', { name: 'SQL editor' }).boundingBox())!
  const panelBox = (await panel.boundingBox())!
  expect(editorBox.x + editorBox.width).toBeLessThanOrEqual(panelBox.x + 1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await page.getByRole('region', { name: 'SQL editor' }).getByRole('button', { name: 'Run' }).click()
  const grid = page.getByRole('grid', { name: 'Query results' })
  await expect(grid.getByRole('gridcell', { name: 'ship it' })).toBeVisible({ timeout: 30_000 })
  await page.screenshot({ path: 'e2e/screenshots/assistant-docked.png' })
  // The first chat is named by its first question.
  await expect(panel.getByRole('navigation', { name: 'Chats' })).toContainText('Slowly show me the rows of public.todos')

  // A question the model answers from the real table, through a read-only query.
  await panel.getByRole('button', { name: 'New chat', exact: true }).click()
  await panel.getByRole('textbox', { name: 'Message' }).fill('How many rows are in public.todos?')
  await panel.getByRole('button', { name: 'Send' }).click()
  await expect(panel.getByText('There are 3 rows in that table.')).toBeVisible({ timeout: 30_000 })
  await expect(panel.getByText('Ran a read-only query: 1 row')).toBeVisible()
})
