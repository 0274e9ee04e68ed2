import { expect, test, type APIRequestContext } from '@playwright/test'
import { seedUser, signInThroughUi, strongPassword, uniqueEmail } from './auth-helpers'

// Creating a project in the UI on the hosted platform: it comes up (COMING_UP → ACTIVE_HEALTHY,
// the page polls every 5 s) and its connection string can be copied.

async function seedOrganization(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/dashboard/api/platform/organizations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, plan: 'free' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { slug: string }).slug
}

test('create a project, watch it come up and copy its connection string', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('projects')
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const orgName = `Projects ${Date.now().toString(36)}`
  const slug = await seedOrganization(request, token, orgName)

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await signInThroughUi(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))

  await page.goto(`/dashboard/org/${slug}`)
  await page.getByRole('link', { name: 'New project' }).click()
  await page.waitForURL(new RegExp(`/dashboard/new/${slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new project' })).toBeVisible()
  await expect(page.getByLabel('Region')).toHaveValue('ap-southeast-1')
  await expect(page.getByRole('radio', { name: /Nano/ })).toBeChecked()

  await page.getByLabel('Project name').fill('E2E Shop')
  await page.getByRole('button', { name: 'Generate a password' }).click()
  await expect(page.getByText('This password is strong.')).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/new-project.png', fullPage: true })
  await page.getByRole('button', { name: 'Create new project' }).click()

  await page.waitForURL(/\/dashboard\/project\/[a-z]{20}$/)
  const ref = new URL(page.url()).pathname.split('/').pop() as string
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Shop' })).toBeVisible()
  // COMING_UP first: the badge and the progress panel, and no connection string yet.
  await expect(page.locator('[data-status="COMING_UP"]')).toBeVisible()
  await expect(page.locator('[data-status="COMING_UP"]')).toHaveText('Setting up')
  await expect(page.getByText(/Setting up your project/)).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/project-coming-up.png', fullPage: true })

  // Then ACTIVE_HEALTHY, picked up by the 5 s polling.
  await expect(page.locator('[data-status="ACTIVE_HEALTHY"]').first()).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('[data-status="ACTIVE_HEALTHY"]').first()).toHaveText('Healthy')
  await expect(page.getByText(/Setting up your project/)).toBeHidden()
  const connection = page.getByTestId('connection-string')
  await expect(connection).toBeVisible()
  const connectionString = (await connection.textContent()) ?? ''
  expect(connectionString.length).toBeGreaterThan(10)

  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(connectionString)
  await page.screenshot({ path: 'e2e/screenshots/project-home.png', fullPage: true })

  // The organization home lists it, healthy, with its region's display name.
  await page.goto(`/dashboard/org/${slug}`)
  const card = page.getByRole('article').filter({ hasText: 'E2E Shop' })
  await expect(card.getByRole('link', { name: 'E2E Shop' })).toHaveAttribute('href', `/dashboard/project/${ref}`)
  await expect(card).toContainText('Healthy')
  await expect(card).toContainText('Southeast Asia (Singapore)')
  await expect(card).toContainText('AWS')
  await page.screenshot({ path: 'e2e/screenshots/organization-home.png', fullPage: true })
  await context.close()
})
