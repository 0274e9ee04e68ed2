/**
 * Shared steps of the workspace end-to-end tests: a project on a real database, seeded through
 * the platform API, and the accessibility check of a part of a page.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { seedUser, signInThroughUi, strongPassword, uniqueEmail } from './auth-helpers'

/** A database password the server's scorer rates 4. */
export const E2E_DB_PASS = 'Quartz-lantern-orbit-91-velvet!'

/** Creates a free organization and a project in it, and waits until the project is ACTIVE_HEALTHY. */
export async function seedProject(request: APIRequestContext, token: string, names: { organization: string; project: string }): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` }
  const org = await request.post('/dashboard/api/platform/organizations', {
    headers: auth,
    data: { name: `${names.organization} ${Date.now().toString(36)}`, plan: 'free' },
  })
  expect(org.status(), await org.text()).toBe(201)
  const { slug } = (await org.json()) as { slug: string }
  const project = await request.post('/dashboard/api/platform/projects', {
    headers: auth,
    data: { name: names.project, organization_slug: slug, region: 'eu-west-1', db_pass: E2E_DB_PASS },
  })
  expect(project.status(), await project.text()).toBe(201)
  const { ref } = (await project.json()) as { ref: string }
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dashboard/api/platform/projects/${ref}`, { headers: auth })
        return ((await res.json()) as { status: string }).status
      },
      { timeout: 60_000, intervals: [250, 500, 1000] }
    )
    .toBe('ACTIVE_HEALTHY')
  return ref
}

/** Runs SQL on a project through the platform API, as the dashboard does, and expects it to succeed. */
export async function runProjectSql(request: APIRequestContext, token: string, ref: string, query: string): Promise<void> {
  const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
    headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e-connection' },
    data: { query },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** A runner of SQL on a project that answers the last statement's rows (no token: self-hosted mode). */
export function projectSqlRows(request: APIRequestContext, token: string | null, ref: string): (query: string) => Promise<Record<string, unknown>[]> {
  return async (query) => {
    const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'x-connection-encrypted': 'e2e-connection' },
      data: { query },
    })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
}

/** Serious or critical axe violations inside the given parts of the page, minus excluded ones. */
export async function axeViolations(page: Page, include: string[], exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page })
  for (const selector of exclude) builder = builder.exclude(selector)
  for (const selector of include) builder = builder.include(selector)
  const { violations } = await builder.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)
}

/** Declines telemetry before any page loads, so the consent banner never covers the screen. */
export async function declineTelemetry(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
}

export type MemberWithProject = { email: string; password: string; token: string; ref: string; slug: string }

/**
 * A new member who owns a free organization with one healthy project, signed in through the UI
 * (telemetry declined). `beforeSignIn` runs with the token and ref first (seeding SQL, say).
 */
export async function signInWithNewProject(
  page: Page,
  request: APIRequestContext,
  names: { organization: string; project: string },
  beforeSignIn?: (member: Omit<MemberWithProject, 'email' | 'password'>) => Promise<void>
): Promise<MemberWithProject> {
  const email = uniqueEmail(names.organization.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  const ref = await seedProject(request, token, names)
  const orgs = await request.get('/dashboard/api/platform/organizations', { headers: { Authorization: `Bearer ${token}` } })
  const slug = ((await orgs.json()) as { slug: string }[])[0].slug
  await beforeSignIn?.({ token, ref, slug })
  await declineTelemetry(page)
  await signInThroughUi(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))
  return { email, password, token, ref, slug }
}
