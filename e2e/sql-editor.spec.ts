import { expect, test, type Page } from '@playwright/test'
import { axeViolations, signInWithNewProject } from './project-helpers'
import { setEditorText } from './sql-editor-helpers'

// The SQL editor on the hosted platform, against a real project database. The CDN is not
// reachable from here, so this is also the test of the code editor's fallback to the local copy.

/** Monaco's own DOM is left out of the accessibility check. */
const MONACO = ['.monaco-editor']

async function runWithShortcut(page: Page) {
  await page.locator('.monaco-editor .view-lines').click()
  await page.keyboard.press('Control+Enter')
}

test('write, run, fix and save SQL against a project database; reopen the snippet after a reload', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'SQL', project: 'SQL editor e2e' })


  // /sql with nothing visited yet opens a new query.
  await page.goto(`/dashboard/project/${ref}/sql`)
  await page.waitForURL(new RegExp(`/dashboard/project/${ref}/sql/new$`))
  await expect(page.getByRole('heading', { level: 1, name: 'New query' })).toBeVisible()
  await expect(page.getByText('No snippets yet')).toBeVisible()

  // The CDN cannot be reached here: the editor comes from this server, and says so.
  await expect(page.getByText('The code editor could not load from the CDN; it was loaded from this server instead.')).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('[data-monaco-origin="local"]')).toBeVisible()
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 })
  // Postgres highlighting (Monaco's 'pgsql'): a keyword is coloured unlike a name.
  await setEditorText(page, 'select title from todos')
  const keyword = page.locator('.monaco-editor .view-lines span span', { hasText: /^select$/ })
  const name = page.locator('.monaco-editor .view-lines span span', { hasText: 'title' })
  await expect(keyword).toBeVisible()
  expect(await keyword.getAttribute('class')).not.toBe(await name.getAttribute('class'))

  // Create a table and rows with the shortcut; the script's last statement is the result shown.
  await setEditorText(
    page,
    "create table todos (id bigint generated always as identity primary key, title text not null, done boolean default false);\ninsert into todos (title) values ('write tests'), ('ship it'), ('celebrate');"
  )
  await runWithShortcut(page)
  await expect(page.getByRole('status').filter({ hasText: 'INSERT: 3 rows affected' })).toBeVisible()

  // Typing saved the new query as a snippet: the address now names it.
  await page.waitForURL(new RegExp(`/dashboard/project/${ref}/sql/[0-9a-f-]{36}$`))
  const snippetId = new URL(page.url()).pathname.split('/').pop() as string
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled query' })).toBeVisible()

  // Select them: the grid shows the rows, the column types and the row count.
  await setEditorText(page, 'select id, title, done from todos order by id')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const grid = page.getByRole('grid', { name: 'Query results' })
  await expect(grid).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '3 rows' })).toBeVisible()
  await expect(grid.getByRole('columnheader', { name: /title/ })).toContainText('text')
  await expect(grid.getByRole('columnheader', { name: /done/ })).toContainText('boolean')
  await expect(grid.getByRole('gridcell', { name: 'ship it' })).toBeVisible()
  await expect(grid.getByRole('row')).toHaveCount(4)
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/sql-editor-results.png', fullPage: true })
  expect(await axeViolations(page, ['#sql-snippets', 'section[aria-label="SQL editor"]'])).toEqual([])

  // A syntax error: the message, and a marker at its position in the editor.
  await setEditorText(page, 'select id from todos;\nselec title from todos')
  await runWithShortcut(page)
  const alert = page.getByRole('alert').filter({ hasText: 'syntax error at or near "selec"' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('ERROR 42601')
  await expect(alert).toContainText('Line 2, column 1')
  await expect(page.locator('.monaco-editor .sql-error-position')).toHaveCount(1)
  await expect(page.locator('.monaco-editor .sql-error-position')).toHaveText('selec')
  await expect(page.locator('.monaco-editor .squiggly-error')).toHaveCount(1)
  await page.screenshot({ path: 'e2e/screenshots/sql-editor-error.png', fullPage: true })
  expect(await axeViolations(page, ['section[aria-label="Results"]'])).toEqual([])

  // A destructive statement asks first; Cancel runs nothing.
  await setEditorText(page, 'drop table todos')
  await runWithShortcut(page)
  const confirm = page.getByRole('dialog', { name: 'Run a destructive query?' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('drop table todos')
  await expect(confirm).toContainText('DROP')
  await page.screenshot({ path: 'e2e/screenshots/sql-editor-destructive.png' })
  expect(await axeViolations(page, ['[role="dialog"]'])).toEqual([])
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await setEditorText(page, 'select count(*)::int as n from todos')
  await runWithShortcut(page)
  await expect(page.getByRole('grid', { name: 'Query results' }).getByRole('gridcell', { name: '3' })).toBeVisible()

  // Rename the snippet; the text saves by itself.
  await page.getByRole('button', { name: 'Rename', exact: true }).click()
  const rename = page.getByRole('dialog', { name: 'Rename snippet' })
  await rename.getByLabel('Name').fill('Count todos')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Count todos' })).toBeVisible()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()

  // After a reload the snippet is still there with its text.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Count todos' })).toBeVisible()
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('select count(*)::int as n from todos', { timeout: 30_000 })

  // Reopen it from the sidebar after opening a new query.
  await page.getByRole('link', { name: 'New query' }).click()
  await page.waitForURL(/\/sql\/new$/)
  await expect(page.getByRole('heading', { level: 1, name: 'New query' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Snippets' }).getByRole('link', { name: 'Count todos' }).click()
  await page.waitForURL(new RegExp(`/sql/${snippetId}$`))
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('select count(*)::int as n from todos')

  // Favourite it: it moves to the favourites.
  await page.getByRole('button', { name: 'Add to favourites' }).click()
  await expect(page.getByRole('region', { name: 'Favourites' }).getByRole('link', { name: 'Count todos' })).toBeVisible()

  // /sql reopens the snippet visited last (spec §4).
  await page.goto(`/dashboard/project/${ref}/sql`)
  await page.waitForURL(new RegExp(`/sql/${snippetId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Count todos' })).toBeVisible()

  // At 390 px the editor sits above the results.
  await page.setViewportSize({ width: 390, height: 844 })
  await runWithShortcut(page)
  await expect(page.getByRole('status').filter({ hasText: '1 row' })).toBeVisible()
  const editorBox = await page.locator('.monaco-editor').boundingBox()
  const resultsBox = await page.getByRole('region', { name: 'Results' }).boundingBox()
  expect(editorBox && resultsBox && editorBox.y + editorBox.height <= resultsBox.y + 1).toBe(true)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: 'e2e/screenshots/sql-editor-mobile.png', fullPage: true })
})
