/**
 * Shared steps of the shell, banner, overlay and accessibility specs: the seeded demo account of
 * the hosted e2e server (playwright.config.ts starts it with SEED_DEMO and E2E_DEMO_PASSWORD;
 * server/seed/demo-plan.ts lists its organizations), signing a page in with its
 * session, the consent choice, and the axe check every screen goes through.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_DEMO_PASSWORD } from '../playwright.config'

export const DEMO_EMAIL = 'demo@example.com'

/** Local-storage keys of the browser state the specs set or read. */
export const AUTH_STORAGE_KEY = 'dashboard-auth-token'
export const CONSENT_STORAGE_KEY = 'dashboard-telemetry-consent'
export const THEME_STORAGE_KEY = 'dashboard-theme'

export type Session = { access_token: string; refresh_token: string; expires_at: number; user: { email: string } }

export type DemoOrganization = {
  id: number
  slug: string
  name: string
  plan: { id: string; name: string }
  billing_partner: string | null
  restriction_status: string | null
  restriction_data: { grace_period_end: string } | null
  organization_requires_mfa: boolean
}

export type DemoProject = { ref: string; name: string; status: string; organization_id: number; parent_project_ref?: string | null }

/** A fresh session of the demo account, through the embedded auth service. */
export async function demoSession(request: APIRequestContext): Promise<Session> {
  const res = await request.post('/dashboard/api/auth/v1/token?grant_type=password', {
    data: { email: DEMO_EMAIL, password: E2E_DEMO_PASSWORD },
  })
  expect(res.ok(), `demo sign-in: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as Session
}

function authHeaders(session: Session) {
  return { Authorization: `Bearer ${session.access_token}` }
}

export async function demoOrganizations(request: APIRequestContext, session: Session): Promise<DemoOrganization[]> {
  const res = await request.get('/dashboard/api/platform/organizations', { headers: authHeaders(session) })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as DemoOrganization[]
}

export async function demoOrganization(request: APIRequestContext, session: Session, slug: string): Promise<DemoOrganization> {
  const org = (await demoOrganizations(request, session)).find((o) => o.slug === slug)
  expect(org, `demo organization ${slug}`).toBeDefined()
  return org as DemoOrganization
}

/** The demo project of that name (top-level projects only, not branches). */
export async function demoProject(request: APIRequestContext, session: Session, name: string): Promise<DemoProject> {
  const res = await request.get('/dashboard/api/platform/projects', { headers: authHeaders(session) })
  expect(res.ok(), await res.text()).toBe(true)
  const projects = (await res.json()) as DemoProject[]
  const project = projects.find((p) => p.name === name && !p.parent_project_ref)
  expect(project, `demo project ${name}`).toBeDefined()
  return project as DemoProject
}

type SignInOptions = {
  /** Leave the consent prompt undecided (it is settled as "opted out" by default: it would cover the page). */
  consentUndecided?: boolean
}

/**
 * Signs the page's browser context in as the demo account: the session goes to local storage
 * before any page script runs (only when absent, so a sign-out within the test holds).
 */
export async function signInAsDemo(page: Page, request: APIRequestContext, options: SignInOptions = {}): Promise<Session> {
  const session = await demoSession(request)
  await page.addInitScript(
    ([authKey, auth, consentKey, consent]) => {
      if (!localStorage.getItem(authKey)) localStorage.setItem(authKey, auth)
      if (consent && !localStorage.getItem(consentKey)) localStorage.setItem(consentKey, consent)
    },
    [
      AUTH_STORAGE_KEY,
      JSON.stringify(session),
      CONSENT_STORAGE_KEY,
      options.consentUndecided ? '' : JSON.stringify({ decision: 'opted_out', services: {} }),
    ] as const
  )
  return session
}

/** Settles the consent prompt (self-hosted pages never show it; hosted pages without a session do). */
export async function settleConsent(page: Page): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value)
    },
    [CONSENT_STORAGE_KEY, JSON.stringify({ decision: 'opted_out', services: {} })] as const
  )
}

/** spec §8 banners render as status/alert regions; this finds one by its title or text. */
export function banner(page: Page, text: string) {
  return page.locator('[role="status"], [role="alert"]').filter({ hasText: text })
}

/** The DD MMM, YYYY date of spec §8's grace period banner, in the browser's (= this machine's) zone. */
export function bannerDate(iso: string): string {
  const date = new Date(iso)
  const month = date.toLocaleString('en-US', { month: 'short' })
  return `${String(date.getDate()).padStart(2, '0')} ${month}, ${date.getFullYear()}`
}

/** Horizontal overflow of the document, in px (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/** Waits until nothing on the page is still loading (skeletons and busy regions gone). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.locator('.skeleton')).toHaveCount(0)
}

/**
 * Runs axe on the page (or a part of it) and reports every serious or critical violation, with
 * the offending nodes, as a soft failure: one run lists the findings of every screen.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page })
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n')
    )
    .join('\n')
  expect.soft(serious.length, `axe on ${screen}:\n${report}`).toBe(0)
}
