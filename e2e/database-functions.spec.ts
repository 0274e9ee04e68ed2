import { expect, test } from '@playwright/test'
import { functionsAndTriggersSteps } from './database-functions-steps'
import { signInWithNewProject } from './project-helpers'

// The Functions and Triggers screens on the hosted platform, against a real project database.
test('functions and triggers on a project database', async ({ page, request }) => {
  test.setTimeout(180_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Functions', project: 'Functions e2e' })
  const sql = async (query: string) => {
    const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
      headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' },
      data: { query },
    })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
  await functionsAndTriggersSteps(page, sql, `/dashboard/project/${ref}`, 'hosted')
})
