import { test } from '@playwright/test'
import { functionsJourney } from './functions-steps'
import { declineTelemetry } from './project-helpers'

// Self-hosted mode: the default project's functions, no sign-in, every action allowed.
test('edge functions on the default project: create from a template, edit, deploy, invoke, watch its logs', async ({ page }) => {
  test.setTimeout(180_000)
  await declineTelemetry(page)
  await functionsJourney(page, 'default', { screenshots: 'functions-self-hosted' })
})
