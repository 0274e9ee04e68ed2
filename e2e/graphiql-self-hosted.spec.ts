import { expect, test } from '@playwright/test'
import { axeViolations } from './project-helpers'

// Self-hosted mode: the GraphQL explorer on the `default` project, Monaco from this server.
test('the default project: empty state until a table exists, then queries and mutations', async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  const sql = async (query: string) => {
    const res = await request.post('/dashboard/api/platform/pg-meta/default/query', { data: { query } })
    expect(res.status(), await res.text()).toBe(200)
  }
  await sql('drop table if exists gql_items; drop table if exists gql_boxes')

  await page.goto('/dashboard/project/default/database/graphiql')
  await expect(page.getByRole('heading', { level: 1, name: 'GraphiQL' })).toBeVisible()
  // The self-hosted database may hold other tables already; only check the empty state when it has none.
  const empty = page.getByText('Create a table to query it with GraphQL')
  const explorer = page.getByRole('button', { name: /^Run/ })
  await expect(empty.or(explorer)).toBeVisible({ timeout: 30_000 })
  if (await empty.isVisible()) {
    await expect(page.getByRole('link', { name: 'Open the table editor' })).toHaveAttribute('href', '/dashboard/project/default/editor')
    expect(await axeViolations(page, ['main'])).toEqual([])
  }

  await sql(`create table gql_boxes (id int primary key, label text not null);
    create table gql_items (id serial primary key, box_id int references gql_boxes(id), name text not null);
    insert into gql_boxes values (1, 'Kitchen');
    insert into gql_items (box_id, name) values (1, 'Spoon'), (1, 'Fork');`)
  if (await empty.isVisible()) await page.getByRole('button', { name: 'Check again' }).click()
  else await page.getByRole('button', { name: 'Refresh schema' }).click()
  await expect(page.locator('[data-monaco-origin="local"]')).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 })

  const docs = page.getByRole('complementary', { name: 'Schema documentation' })
  await docs.getByRole('button', { name: 'Example query for gql_boxesCollection' }).click()
  await page.getByRole('button', { name: /^Run/ }).click()
  await expect(page.getByTestId('graphiql-result-json')).toContainText('Kitchen')

  // Typed as a person would: Monaco closes the braces, and typing a closing one steps over it.
  await page.locator('.monaco-editor .view-lines').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type('mutation { updateGqlItemsCollection(set: { name: "Knife" }, filter: { name: { eq: "Fork" } }) { affectedCount records { name box { label } } } }')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('graphiql-result-json')).toContainText('"name": "Knife"')
  await expect(page.getByTestId('graphiql-result-json')).toContainText('"label": "Kitchen"')
  expect(await axeViolations(page, ['main'], ['.monaco-editor'])).toEqual([])
  await page.screenshot({ path: 'test-results/graphiql-self-hosted.png' })

  await page.goto('/dashboard/project/default/api/graphiql')
  await expect(page.getByRole('heading', { level: 1, name: 'API explorer' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Run/ })).toBeVisible({ timeout: 30_000 })
  await sql('drop table gql_items; drop table gql_boxes')
})
