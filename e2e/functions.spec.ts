import { test } from '@playwright/test'
import { functionsJourney } from './functions-steps'
import { signInWithNewProject } from './project-helpers'

// Issue 14 on the hosted platform: create a function from a template, edit, deploy, invoke it from the test panel, see its log line.
test('edge functions: create from a template, edit, deploy, invoke, watch its logs', async ({ page, request }) => {
  test.setTimeout(180_000)
  const { ref } = await signInWithNewProject(page, request, { organization: 'Functions', project: 'Edge app' })
  await functionsJourney(page, ref, { screenshots: 'functions' })
})
