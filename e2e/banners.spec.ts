import { expect, test, type Page } from '@playwright/test'
import { banner, bannerDate, demoOrganization, signInAsDemo } from './demo-helpers'

// spec §2 "Banners", §4 restriction states and clock skew, §5 missing billing rule, §8 texts: the
// banners of the seeded demo organizations on the hosted server. The incident, outage-notice and
// middleware-outage banners hang on server flags (ONGOING_INCIDENT, SHOW_NOTICE_BANNER) the e2e
// servers do not set: the component tests cover them.

const TEXT = {
  graceTitle: 'Organization plan has exceeded its quota',
  graceOverTitle: 'Grace period is over',
  graceOverText: 'Your Projects will not be able to serve requests when you used up your quota.',
  restrictedTitle: 'Services Restricted',
  restrictedText: 'Your Projects are unable to serve any requests as your Organization plan has used up its quota.',
  overdueTitle: 'Outstanding Invoices',
  overdueText: 'Please pay invoices to avoid service disruption.',
  overdueElsewhereTitle: 'Outstanding Invoices in other Organization',
  overdueElsewhereText: 'Please pay invoices for other Organization to avoid service disruption.',
  missingBillingTitle: 'Missing Billing Information',
  missingBillingText: 'Please add a billing address. If you are a registered business, please add a tax ID too.',
  clock: "Your computer's clock appears to be inaccurate. This can cause issues with certain features.",
} as const

/** Opens an organization home and waits until its banners' data (overdue invoices, billing customer) has come back. */
async function openOrganization(page: Page, slug: string) {
  const overdue = page.waitForResponse((r) => r.url().includes('/platform/stripe/invoices/overdue'))
  const customer = page.waitForResponse((r) => r.url().includes(`/platform/organizations/${slug}/customer`))
  await page.goto(`/dashboard/org/${slug}`)
  await Promise.all([overdue, customer])
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

const bannerTitle = (page: Page, title: string) => page.locator('.admonition-title').getByText(title, { exact: true })

test.describe('organization banners of the demo account', () => {
  test('grace period, grace period over and restricted', async ({ page, request }) => {
    const session = await signInAsDemo(page, request)
    const grace = await demoOrganization(request, session, 'demo-grace-period')
    expect(grace.restriction_status).toBe('grace_period')
    const end = grace.restriction_data?.grace_period_end
    expect(end).toBeTruthy()

    await openOrganization(page, 'demo-grace-period')
    const graceBanner = banner(page, TEXT.graceTitle)
    await expect(bannerTitle(page, TEXT.graceTitle)).toBeVisible()
    // spec §8: "You are given a grace period until {date}" with the date as DD MMM, YYYY.
    await expect(graceBanner).toContainText(`You are given a grace period until ${bannerDate(end as string)}`)
    expect(bannerDate(end as string)).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/)
    await expect(graceBanner).toHaveClass(/admonition-warning/)
    await expect(bannerTitle(page, TEXT.graceOverTitle)).toHaveCount(0)
    await expect(bannerTitle(page, TEXT.restrictedTitle)).toHaveCount(0)
    await page.screenshot({ path: 'e2e/screenshots/banner-grace-period.png' })

    await openOrganization(page, 'demo-grace-period-over')
    await expect(bannerTitle(page, TEXT.graceOverTitle)).toBeVisible()
    await expect(banner(page, TEXT.graceOverTitle)).toContainText(TEXT.graceOverText)
    await expect(banner(page, TEXT.graceOverTitle)).toHaveClass(/admonition-warning/)
    await expect(bannerTitle(page, TEXT.graceTitle)).toHaveCount(0)
    await page.screenshot({ path: 'e2e/screenshots/banner-grace-period-over.png' })

    await openOrganization(page, 'demo-restricted')
    await expect(bannerTitle(page, TEXT.restrictedTitle)).toBeVisible()
    const restricted = page.getByRole('alert').filter({ hasText: TEXT.restrictedTitle })
    await expect(restricted).toContainText(TEXT.restrictedText)
    await expect(restricted).toHaveClass(/admonition-danger/)
    await page.screenshot({ path: 'e2e/screenshots/banner-restricted.png' })

    // A healthy organization has no restriction banner at all.
    await openOrganization(page, 'demo-pro')
    for (const title of [TEXT.graceTitle, TEXT.graceOverTitle, TEXT.restrictedTitle]) {
      await expect(bannerTitle(page, title)).toHaveCount(0)
    }
  })

  test('outstanding invoices in their organization, and outside every organization; never in another one', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await openOrganization(page, 'demo-team')
    await expect(bannerTitle(page, TEXT.overdueTitle)).toBeVisible()
    const overdue = page.getByRole('alert').filter({ hasText: TEXT.overdueTitle })
    await expect(overdue).toContainText(TEXT.overdueText)
    await expect(overdue).toHaveClass(/admonition-danger/)
    await expect(bannerTitle(page, TEXT.overdueElsewhereTitle)).toHaveCount(0)
    await expect(overdue.getByRole('link', { name: 'View invoices' })).toHaveAttribute('href', '/dashboard/org/demo-team/billing#invoices')
    await page.screenshot({ path: 'e2e/screenshots/banner-overdue.png' })

    // Issue 26: another organization's pages say nothing of it (the demo's invoice used to warn on
    // every page of every organization, new ones included).
    await openOrganization(page, 'demo-free')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(bannerTitle(page, TEXT.overdueElsewhereTitle)).toHaveCount(0)
    await expect(bannerTitle(page, TEXT.overdueTitle)).toHaveCount(0)

    // The organizations list, outside every organization, warns and links to the invoices.
    await page.goto('/dashboard/organizations')
    const elsewhere = banner(page, TEXT.overdueElsewhereTitle)
    await expect(elsewhere).toBeVisible()
    await expect(elsewhere).toContainText(TEXT.overdueElsewhereText)
    await expect(elsewhere).toHaveClass(/admonition-warning/)
    await expect(elsewhere.getByRole('link', { name: 'View invoices' })).toHaveAttribute('href', '/dashboard/org/demo-team/billing#invoices')
    await page.screenshot({ path: 'e2e/screenshots/banner-overdue-elsewhere.png' })
  })

  test('missing billing information only for a paid plan without address or partner', async ({ page, request }) => {
    const session = await signInAsDemo(page, request)
    const marketplace = await demoOrganization(request, session, 'vercel_demo-marketplace')
    expect(marketplace.billing_partner).toBe('vercel_marketplace')

    await openOrganization(page, 'demo-missing-billing')
    await expect(bannerTitle(page, TEXT.missingBillingTitle)).toBeVisible()
    const missing = banner(page, TEXT.missingBillingTitle)
    await expect(missing).toContainText(TEXT.missingBillingText)
    await expect(missing).toHaveClass(/admonition-warning/)
    await expect(missing.getByRole('link', { name: 'Add billing address' })).toHaveAttribute(
      'href',
      '/dashboard/org/demo-missing-billing/billing#address'
    )
    await page.screenshot({ path: 'e2e/screenshots/banner-missing-billing.png' })

    // spec §5: a billing partner, or the free plan, never warns.
    await openOrganization(page, 'vercel_demo-marketplace')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(bannerTitle(page, TEXT.missingBillingTitle)).toHaveCount(0)

    await openOrganization(page, 'demo-free')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(bannerTitle(page, TEXT.missingBillingTitle)).toHaveCount(0)
  })
})

test.describe('clock skew banner', () => {
  test('shown when the computer clock is 5 minutes ahead of the server', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.clock.install({ time: new Date(Date.now() + 5 * 60_000) })
    const time = page.waitForResponse((r) => r.url().includes('/dashboard/api/get-utc-time'))
    await page.goto('/dashboard/org/demo-pro')
    await time
    const clock = banner(page, TEXT.clock)
    await expect(clock).toBeVisible()
    await expect(clock).toHaveClass(/admonition-warning/)
    await expect(clock.getByRole('link', { name: 'More information' })).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/banner-clock-skew.png' })
  })

  test('not shown when the clock is right', async ({ page, request }) => {
    await signInAsDemo(page, request)
    const time = page.waitForResponse((r) => r.url().includes('/dashboard/api/get-utc-time'))
    await page.goto('/dashboard/org/demo-pro')
    await time
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(TEXT.clock)).toHaveCount(0)
  })
})
