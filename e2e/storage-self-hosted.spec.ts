import { test } from '@playwright/test'
import { declineTelemetry } from './project-helpers'
import { storageJourney } from './storage-steps'

// Self-hosted mode: storage of the `default` project, no sign-in, every action allowed.

test('create a bucket, upload by drag and drop, preview and delete on the default project', async ({ page }) => {
  test.setTimeout(120_000)
  await declineTelemetry(page)
  await storageJourney(page, 'default', { screenshots: 'storage-self-hosted' })
})
