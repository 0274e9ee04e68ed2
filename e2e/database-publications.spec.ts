import { test } from '@playwright/test'
import { projectSqlRows, signInWithNewProject } from './project-helpers'
import { managePublications } from './database-publications-steps'

// Issue 25 on the hosted platform: Database → Publications on a new project's database.
test('publications: supabase_realtime protected, a table turned on, a publication created and dropped', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Publications', project: 'Publications e2e' })
  await managePublications(page, ref, projectSqlRows(request, token, ref), 'e2e/screenshots/database-publications.png')
})
