import { test } from '@playwright/test'
import { declineTelemetry, projectSqlRows } from './project-helpers'
import { managePublications } from './database-publications-steps'

// Self-hosted mode: Database → Publications on the default project, every access check allowed.
test('publications on the default project', async ({ page, request }) => {
  test.setTimeout(120_000)
  await declineTelemetry(page)
  await managePublications(page, 'default', projectSqlRows(request, null, 'default'), 'e2e/screenshots/database-publications-self-hosted.png')
})
