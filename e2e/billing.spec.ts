import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { seedingAddress } from './auth-helpers'

// /org/{slug}/billing on the hosted platform: plan, address (and the missing-billing banner),
// plan changes, invoices at #invoices. Everything is seeded through the embedded platform API.

type Session = { access_token: string; refresh_token: string; expires_at: number; user: { email: string } }

async function signUp(request: APIRequestContext): Promise<Session> {
  const email = `billing-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`
  const res = await request.post('/dashboard/api/auth/v1/signup', { data: { email, password: 'Billing-e2e-Passw0rd!' }, headers: seedingAddress() })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as Session
}

async function createOrganization(request: APIRequestContext, session: Session, plan: 'free' | 'pro' | 'team') {
  const res = await request.post('/dashboard/api/platform/organizations', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: { name: `Billing E2E ${plan}`, plan },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { slug: string }
}

/** Signs the browser in with the session and settles the consent prompt (it would cover the page). */
async function signIn(page: Page, session: Session) {
  await page.addInitScript(
    ([auth, consent]) => {
      if (!localStorage.getItem('dashboard-auth-token')) localStorage.setItem('dashboard-auth-token', auth)
      if (!localStorage.getItem('dashboard-telemetry-consent')) localStorage.setItem('dashboard-telemetry-consent', consent)
    },
    [JSON.stringify(session), JSON.stringify({ decision: 'opted_out', services: {} })] as const
  )
}

test.describe('organization billing', () => {
  test('plan, billing address, plan changes and invoices of a Pro organization', async ({ page, request }) => {
    const session = await signUp(request)
    const { slug } = await createOrganization(request, session, 'pro')
    await signIn(page, session)

    await page.goto(`/dashboard/org/${slug}/billing`)
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
    const plan = page.getByTestId('current-plan')
    await expect(plan.getByText('Pro', { exact: true })).toBeVisible()
    await expect(plan.getByText('$25')).toBeVisible()
    await expect(plan.getByText('Managed by')).toBeVisible()
    // spec §5: a paid plan without an address line 1 and without a partner warns.
    const missingBanner = page.getByText('Missing Billing Information')
    await expect(missingBanner).toBeVisible()
    await expect(page.getByRole('list', { name: 'Usage against quota' }).getByRole('progressbar').first()).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/billing-desktop.png', fullPage: true })

    // Billing address at #address: validation first, then a valid save.
    const address = page.getByRole('form', { name: 'Billing address' })
    await address.getByRole('button', { name: 'Save address' }).click()
    await expect(address.getByText('Address line 1 is required')).toBeVisible()
    await address.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main Street')
    await address.getByRole('textbox', { name: /City/ }).fill('Berlin')
    await address.getByRole('textbox', { name: /Postal code/ }).fill('10115')
    await address.getByRole('textbox', { name: 'Country' }).fill('DE')
    await address.getByRole('button', { name: 'Save address' }).click()
    await expect(page.getByText('Billing address saved')).toBeVisible()
    await expect(missingBanner).toBeHidden()

    // Pro → Team, with the preview in the confirmation.
    await page.getByRole('button', { name: 'Upgrade to Team' }).click()
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to the Team plan' })
    await expect(upgrade.getByText('$599.00 / month')).toBeVisible()
    await expect(upgrade.getByText('Due today', { exact: true })).toBeVisible()
    await upgrade.getByRole('button', { name: 'Confirm upgrade' }).click()
    await expect(page.getByText('Your organization is now on the Team plan')).toBeVisible()
    await expect(upgrade).toBeHidden()
    await expect(plan.getByText('Team', { exact: true })).toBeVisible()
    await expect(plan.getByText('$599')).toBeVisible()

    // Team → Pro.
    await page.getByRole('button', { name: 'Downgrade to Pro' }).click()
    const downgrade = page.getByRole('dialog', { name: 'Downgrade to the Pro plan' })
    await expect(downgrade.getByText('Due today', { exact: true })).toBeVisible()
    await downgrade.getByRole('button', { name: 'Confirm downgrade' }).click()
    await expect(page.getByText('Your organization is now on the Pro plan')).toBeVisible()
    await expect(plan.getByText('Pro', { exact: true })).toBeVisible()
    await expect(plan.getByText('$25')).toBeVisible()

    // Invoices at #invoices: the upgrade recorded a paid, prorated invoice.
    const invoices = page.locator('section#invoices')
    await expect(invoices).toBeVisible()
    await expect(invoices.getByRole('heading', { name: 'Upcoming invoice' })).toBeVisible()
    const table = invoices.getByRole('table', { name: 'Invoices' })
    await expect(table.getByRole('row').nth(1)).toContainText('Paid')
    await expect(invoices.getByText(/Showing 1–1 of 1 invoices/)).toBeVisible()
  })

  test('opens at #invoices and #address, and fits a 390 px screen', async ({ page, request }) => {
    const session = await signUp(request)
    const { slug } = await createOrganization(request, session, 'pro')
    await signIn(page, session)

    await page.goto(`/dashboard/org/${slug}/billing#invoices`)
    await expect(page.getByRole('heading', { name: 'Upcoming invoice' })).toBeVisible()
    await expect(page.locator('#invoices-title')).toBeInViewport()

    await page.goto(`/dashboard/org/${slug}/billing#address`)
    await expect(page.getByRole('form', { name: 'Billing address' })).toBeVisible()
    await expect(page.locator('#address-title')).toBeInViewport()

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/dashboard/org/${slug}/billing`)
    await expect(page.getByTestId('current-plan')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Plans' })).toBeVisible()
    // Nothing may be wider than the screen (tables scroll inside their own box).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'e2e/screenshots/billing-mobile.png', fullPage: true })
  })
})
