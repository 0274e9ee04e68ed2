import { expect, test } from '@playwright/test'
import { runProjectSql, signInWithNewProject } from './project-helpers'
import { checkSchemaVisualizer, SCHEMA_SETUP_SQL } from './database-schemas-steps'

// The schema visualizer on the hosted platform, on a new project's database.
test('schema visualizer: diagram, drag kept over a reload, auto layout, PNG and SVG export', async ({ page, request }) => {
  test.setTimeout(180_000)
  const { ref } = await signInWithNewProject(page, request, { organization: 'Schemas', project: 'Schemas e2e' }, async ({ token, ref }) => {
    await runProjectSql(request, token, ref, SCHEMA_SETUP_SQL)
  })
  await checkSchemaVisualizer(page, ref)
  // The navigation lists it first under Database.
  const nav = page.getByRole('navigation', { name: 'Project' })
  await expect(nav.getByRole('link', { name: 'Schema visualizer' })).toHaveAttribute('href', `/dashboard/project/${ref}/database/schemas`)
})
