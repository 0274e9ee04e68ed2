import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { seedUser, signInThroughUi, strongPassword, uniqueEmail } from './auth-helpers'

// Organizations, organization home, team invitations and /join on the hosted platform.
// Users are seeded through the embedded auth API; everything else happens in the UI.

/** Settles the consent prompt before any page loads, so it does not cover the screens. */
async function decideConsent(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
}

async function newUser(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag)
  const password = strongPassword()
  const token = await seedUser(request, email, password)
  return { email, password, token }
}

/** Signs in through the UI and waits until the sign-in page has handed over to the app. */
async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await decideConsent(page)
  await signInThroughUi(page, user.email, user.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))
}

async function signedInPage(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, user)
  return page
}

async function createOrganizationInUi(page: Page, name: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Create a new organization' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('radio', { name: /Free/ }).check()
  await dialog.getByRole('button', { name: 'Create organization' }).click()
  await page.waitForURL(/\/dashboard\/org\/[^/]+$/)
  return new URL(page.url()).pathname.split('/').pop() as string
}

test.describe('organizations', () => {
  test('create an organization from the empty list, land on it, and come back to it later', async ({ browser, request }) => {
    const user = await newUser(request, 'orgs')
    const page = await signedInPage(browser, user)

    await page.goto('/dashboard/organizations')
    await expect(page.getByText('You are not part of any organization yet')).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/organizations-empty.png', fullPage: true })
    await page.getByRole('button', { name: 'Create an organization' }).click()
    await expect(page.getByRole('dialog', { name: 'Create a new organization' })).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/organizations-create.png' })
    const name = `E2E Org ${Date.now().toString(36)}`
    const slug = await createOrganizationInUi(page, name)

    await expect(page.getByRole('heading', { level: 1, name: name })).toBeVisible()
    await expect(page.getByText('No projects yet')).toBeVisible()
    await expect(page.getByRole('link', { name: 'New project' })).toHaveAttribute('href', `/dashboard/new/${slug}`)

    // The list shows it with its plan and role.
    await page.goto('/dashboard/organizations')
    const card = page.getByRole('list', { name: 'Organizations' }).getByRole('link', { name: new RegExp(name) })
    await expect(card).toContainText('Free plan')
    await expect(card).toContainText('Owner')
    await expect(card).toContainText('0 projects')
    await page.screenshot({ path: 'e2e/screenshots/organizations-list.png', fullPage: true })

    // A new tab lands on the last visited organization (spec §3 stored preferences).
    const tab = await page.context().newPage()
    await tab.goto('/dashboard/organizations')
    await tab.waitForURL(new RegExp(`/dashboard/org/${slug}$`))
    await tab.close()

    // Settings: rename, then delete (type-to-confirm) back to an empty list.
    await page.goto(`/dashboard/org/${slug}/general`)
    const renamed = `${name} Renamed`
    await page.getByLabel('Organization name').fill(renamed)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Organization settings saved')).toBeVisible()
    await expect(page.getByRole('switch', { name: 'Require MFA' })).toHaveAttribute('aria-checked', 'false')
    await page.screenshot({ path: 'e2e/screenshots/organization-settings.png', fullPage: true })
    await page.getByRole('button', { name: 'Delete organization' }).click()
    const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` })
    const confirm = dialog.getByRole('button', { name: 'I understand, delete this organization' })
    await expect(confirm).toBeDisabled()
    await dialog.getByLabel(/to confirm/).fill(slug)
    await confirm.click()
    await page.waitForURL(/\/dashboard\/organizations$/)
    await expect(page.getByText('You are not part of any organization yet')).toBeVisible()
    await page.context().close()
  })

  test('an unknown organization sends back to the list with a notice', async ({ browser, request }) => {
    const user = await newUser(request, 'orgs-404')
    const page = await signedInPage(browser, user)
    await page.goto('/dashboard/org/no-such-org-e2e')
    await page.waitForURL(/\/dashboard\/organizations\?error=org_not_found&org=no-such-org-e2e/)
    await expect(page.getByText("We couldn't find that organization")).toBeVisible()
    const notice = page.getByRole('alert').filter({ hasText: 'Organization not found' })
    await expect(notice).toContainText('The organization no-such-org-e2e was not found')
    await page.screenshot({ path: 'e2e/screenshots/organizations-not-found.png', fullPage: true })
    await page.context().close()
  })

  test('the organization page on a phone', async ({ browser, request }) => {
    const user = await newUser(request, 'orgs-mobile')
    const res = await request.post('/dashboard/api/platform/organizations', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { name: 'Mobile Org', plan: 'pro' },
    })
    expect(res.status(), await res.text()).toBe(201)
    const { slug } = (await res.json()) as { slug: string }
    const created = await request.post('/dashboard/api/platform/projects', {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { name: 'Phone Shop', organization_slug: slug, region: 'eu-west-2', db_pass: strongPassword() },
    })
    expect(created.status(), await created.text()).toBe(201)
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await signIn(page, user)
    await page.goto(`/dashboard/org/${slug}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile Org' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'New project' })).toBeVisible()
    const card = page.getByRole('article').filter({ hasText: 'Phone Shop' })
    await expect(card).toContainText('West Europe (London)')
    await expect(card.locator('[data-status]')).toBeVisible()
    // Nothing runs off the side of the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'e2e/screenshots/organization-home-mobile.png', fullPage: true })
    await context.close()
  })

  test('invite a member by link and join as that member in another browser', async ({ browser, request }) => {
    const owner = await newUser(request, 'owner')
    const invitee = await newUser(request, 'invitee')
    const ownerPage = await signedInPage(browser, owner)

    await ownerPage.goto('/dashboard/organizations')
    await ownerPage.getByRole('button', { name: 'Create an organization' }).click()
    const orgName = `Team ${Date.now().toString(36)}`
    const slug = await createOrganizationInUi(ownerPage, orgName)

    await ownerPage.getByRole('link', { name: 'Team' }).click()
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
    const form = ownerPage.getByRole('form', { name: 'Invite a member' })
    await form.getByLabel('E-mail address').fill(invitee.email)
    await form.getByLabel('Role').selectOption('Developer')
    await form.getByRole('button', { name: 'Invite' }).click()
    await expect(ownerPage.getByText(/No e-mail is sent by this platform/)).toBeVisible()
    const link = await ownerPage.getByLabel('Invitation link').inputValue()
    expect(link).toMatch(new RegExp(`/dashboard/join\\?token=[A-Za-z0-9_-]+&slug=${slug}$`))
    const pending = ownerPage.getByRole('table', { name: 'Pending invitations' })
    await expect(pending.getByRole('cell', { name: invitee.email, exact: true })).toBeVisible()
    await ownerPage.screenshot({ path: 'e2e/screenshots/team-invited.png', fullPage: true })

    // The invitee opens the link in a browser of their own.
    const inviteePage = await signedInPage(browser, invitee)
    await inviteePage.goto(link)
    await expect(inviteePage.getByRole('heading', { name: `Join ${orgName}` })).toBeVisible()
    await expect(inviteePage.getByText(/invited you to join/)).toContainText(`as Developer`)
    await inviteePage.screenshot({ path: 'e2e/screenshots/join.png', fullPage: true })
    await inviteePage.getByRole('button', { name: 'Accept invitation' }).click()
    await inviteePage.waitForURL(new RegExp(`/dashboard/org/${slug}$`))
    await expect(inviteePage.getByRole('heading', { level: 1, name: orgName })).toBeVisible()

    // The link works once.
    await inviteePage.goto(link)
    await expect(inviteePage.getByRole('alert').filter({ hasText: 'This invitation cannot be used' })).toBeVisible()

    // The owner sees the new member and no pending invitation.
    await ownerPage.reload()
    const members = ownerPage.getByRole('table', { name: 'Members' })
    await expect(members.getByText(invitee.email)).toBeVisible()
    await expect(members.getByRole('combobox', { name: `Role of ${invitee.email}` })).toHaveValue('Developer')
    await expect(ownerPage.getByText('No pending invitations.')).toBeVisible()

    await ownerPage.context().close()
    await inviteePage.context().close()
  })
})
