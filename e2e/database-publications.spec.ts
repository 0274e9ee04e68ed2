import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { seedProject } from './project-helpers'
import { seedUser, signInThroughUi, strongPassword, uniqueEmail } from './auth-helpers'
import { managePublications } from './database-publications-steps'

// Issue 25 on the hosted platform: Database → Publications on a new project's database.
function sqlRunner(request: APIRequestContext, token: string, ref: string) {
  return async (query: string) => {
    const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
      headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' },
      data: { query },
    })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await signInThroughUi(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))
}

test('publications: supabase_realtime protected, a table turned on, a publication created and dropped', async ({ page, request }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('publications')
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const ref = await seedProject(request, token, { organization: 'Publications', project: 'Publications e2e' })
  await signIn(page, email, password)
  await managePublications(page, ref, sqlRunner(request, token, ref), 'e2e/screenshots/database-publications.png')
})
