import fs from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { axeViolations } from './project-helpers'

/** The tables both modes' specs create: a foreign key, a self-reference, a cross-schema reference, a view and a hostile name. */
export const SCHEMA_SETUP_SQL = `
drop schema if exists e2e_ledger cascade;
drop table if exists public.e2e_lines, public.e2e_orders, public.e2e_people, public."e2e ""; drop table x; --ü" cascade;
drop view if exists public.e2e_big_orders;
drop schema if exists e2e_empty;
create schema e2e_ledger;
create table e2e_ledger.accounts (id bigint primary key, code text unique);
create table public.e2e_people (id bigint primary key, manager_id bigint references public.e2e_people (id), email text not null unique);
create table public.e2e_orders (id bigint primary key, person_id bigint not null references public.e2e_people (id), account_id bigint references e2e_ledger.accounts (id), note text);
create table public.e2e_lines (order_id bigint references public.e2e_orders (id), n int, primary key (order_id, n));
create view public.e2e_big_orders as select id, note from public.e2e_orders;
create table public."e2e ""; drop table x; --ü" (id int primary key);
create schema e2e_empty;`

/**
 * The schema visualizer of a project, in either mode: the diagram's tables and edges, a node
 * dragged and still there after a reload, Auto layout, PNG and SVG exports, the empty state, axe.
 */
export async function checkSchemaVisualizer(page: Page, ref: string) {
  await page.goto(`/dashboard/project/${ref}/database/schemas`)
  await expect(page.getByRole('heading', { level: 1, name: 'Schema visualizer' })).toBeVisible()
  const diagram = page.getByTestId('schema-diagram')
  const people = diagram.getByRole('group', { name: 'Table public.e2e_people' })
  await expect(people).toBeVisible({ timeout: 30_000 })
  await expect(people.getByText('email')).toBeVisible()
  await expect(diagram.getByRole('group', { name: 'view public.e2e_big_orders' })).toBeVisible()
  await expect(diagram.getByRole('group', { name: 'Table of another schema e2e_ledger.accounts' })).toContainText('other schema')
  await expect(diagram.getByText('e2e "; drop table x; --ü')).toBeVisible()
  // Edges: the self-reference, two from orders, one from lines.
  const edgeTo = (label: string) => diagram.locator(`.react-flow__edge[aria-label="${label}"]`)
  await expect(edgeTo('manager_id references e2e_people.id')).toHaveCount(1)
  await expect(edgeTo('person_id references e2e_people.id')).toHaveCount(1)
  await expect(edgeTo('account_id references accounts.id')).toHaveCount(1)
  await expect(edgeTo('order_id references e2e_orders.id')).toHaveCount(1)
  await expect(diagram.locator('.react-flow__edge path.react-flow__edge-path').first()).toBeVisible()
  await page.screenshot({ path: `e2e/screenshots/schema-visualizer-${ref}.png`, fullPage: true })
  expect(await axeViolations(page, ['main'])).toEqual([])

  // Drag a table; after a reload it is where it was left.
  const lines = diagram.getByRole('group', { name: 'Table public.e2e_lines' })
  const before = await lines.boundingBox()
  const header = lines.locator('div').first()
  const start = (await header.boundingBox())!
  await page.mouse.move(start.x + 20, start.y + 10)
  await page.mouse.down()
  await page.mouse.move(start.x + 80, start.y + 130, { steps: 8 })
  await page.mouse.up()
  const moved = (await lines.boundingBox())!
  expect(Math.abs(moved.y - before!.y)).toBeGreaterThan(60)
  const transform = await lines.evaluate((el) => (el as HTMLElement).style.transform)
  await page.reload()
  await expect(lines).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => lines.evaluate((el) => (el as HTMLElement).style.transform)).toBe(transform)

  // Auto layout puts it back among the others.
  await page.getByRole('button', { name: 'Auto layout' }).click()
  await expect.poll(() => lines.evaluate((el) => (el as HTMLElement).style.transform)).not.toBe(transform)

  // Exports: a real PNG and a real SVG, named after the project and schema.
  for (const [label, ext, magic] of [['Export PNG', 'png', '\x89PNG'], ['Export SVG', 'svg', '<svg']] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()])
    expect(download.suggestedFilename()).toBe(`${ref}-public-schema.${ext}`)
    const bytes = fs.readFileSync((await download.path())!)
    await download.saveAs(`e2e/screenshots/schema-export-${ref}.${ext}`)
    expect(bytes.length).toBeGreaterThan(1000)
    expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic)
    if (ext === 'svg') {
      const svg = bytes.toString('utf8')
      expect(svg).toContain('e2e_people')
      // The edges are drawn in the file too (their stroke inlined), not only the tables.
      const paths = svg.match(/<path[^>]*class="react-flow__edge-path"[^>]*>/g) ?? []
      expect(paths.length).toBeGreaterThanOrEqual(4)
      for (const path of paths) expect(path).toMatch(/stroke: rgb/)
    }
  }

  // Another schema from the picker, in the URL; an empty one says so.
  await page.getByLabel('Schema', { exact: true }).selectOption('e2e_empty')
  await expect(page).toHaveURL(/[?&]schema=e2e_empty/)
  await expect(page.getByText('The schema e2e_empty has no tables')).toBeVisible()
}
