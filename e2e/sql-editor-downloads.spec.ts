import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { signInWithNewProject } from './project-helpers'
import { setEditorText } from './sql-editor-helpers'

// The SQL editor's result downloads (CSV, JSON, Markdown) through the browser's download, checked
// byte for byte: UTF-8, and a value longer than the grid shows of a cell carried whole.

const LONG = 'é'.repeat(3000)

test('downloads a result as CSV, JSON and Markdown, values whole', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { ref } = await signInWithNewProject(page, request, { organization: 'SQL downloads', project: 'SQL downloads e2e' })
  await page.goto(`/dashboard/project/${ref}/sql/new`)
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 })
  await setEditorText(
    page,
    `select * from (values (1, repeat('é', 3000), 'a|b "c", d', '{"k":[1,2]}'::jsonb), (2, 'ü', null, null)) as t(id, txt, note, doc) order by id`
  )
  // Typing saves the new query as a snippet, whose name the files take.
  await page.waitForURL(new RegExp(`/dashboard/project/${ref}/sql/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled query' })).toBeVisible()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 rows' })).toBeVisible()
  // The grid cuts the long value on screen.
  const cell = page.getByRole('grid', { name: 'Query results' }).getByRole('gridcell').filter({ hasText: 'ééé' })
  expect((await cell.textContent())!.length).toBeLessThan(LONG.length)

  const download = async (label: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${label}` }).click()])
    return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) }
  }

  const csv = await download('CSV')
  expect(csv.name).toBe('Untitled-query-results.csv')
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(csv.bytes.subarray(3).toString('utf8')).toBe(`id,txt,note,doc\r\n1,${LONG},"a|b ""c"", d","{""k"":[1,2]}"\r\n2,ü,,`)

  const json = await download('JSON')
  expect(json.name).toBe('Untitled-query-results.json')
  expect(JSON.parse(json.bytes.toString('utf8'))).toEqual([
    { id: 1, txt: LONG, note: 'a|b "c", d', doc: { k: [1, 2] } },
    { id: 2, txt: 'ü', note: null, doc: null },
  ])

  const md = await download('Markdown')
  expect(md.name).toBe('Untitled-query-results.md')
  expect(md.bytes.toString('utf8').split('\n')).toEqual([
    '| id | txt | note | doc |',
    '| --- | --- | --- | --- |',
    `| 1 | ${LONG} | a\\|b "c", d | {"k":[1,2]} |`,
    '| 2 | ü | NULL | NULL |',
  ])
})
