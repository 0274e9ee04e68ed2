import { expect, test } from '@playwright/test'
import { demoProject, horizontalOverflow, signInAsDemo } from './demo-helpers'

// The app shell on the hosted server, signed in as the seeded demo account: route guard (spec §2,
// §8), command menu (spec §1), themes (spec §1), the mobile layout (spec §9: 639 px), and the
// support form as the error screen links to it (spec §2 /support/new).

test.describe('route guard', () => {
  test('an unknown organization slug toasts and lands on the list with the notice', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.goto('/dashboard/org/does-not-exist')
    await expect(page.getByText("We couldn't find that organization", { exact: true })).toBeVisible()
    await page.waitForURL((url) => url.pathname === '/dashboard/organizations' && url.search === '?error=org_not_found&org=does-not-exist')
    const notice = page.getByRole('alert').filter({ hasText: 'Organization not found' })
    await expect(notice).toContainText('does-not-exist')
    // The list is still there to pick from.
    await expect(page.getByRole('heading', { level: 1, name: 'Your organizations' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Demo Pro/ }).first()).toBeVisible()
  })

  test('an unknown project ref toasts and goes to the default landing', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.goto('/dashboard/project/nope')
    await expect(page.getByText('This project does not exist', { exact: true })).toBeVisible()
    await page.waitForURL((url) => url.pathname === '/dashboard/organizations')
    await expect(page.getByRole('heading', { level: 1, name: 'Your organizations' })).toBeVisible()
  })

  test('an organization requiring MFA sends a user without MFA to its home, with a way to set it up', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.goto('/dashboard/org/demo-mfa-required/billing')
    await page.waitForURL((url) => url.pathname === '/dashboard/org/demo-mfa-required')
    const notice = page.getByRole('status').filter({ hasText: 'This organization requires multi-factor authentication' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('link', { name: 'Set up MFA' })).toHaveAttribute('href', '/dashboard/account/security')
    // The home itself is allowed: it stays there.
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe('/dashboard/org/demo-mfa-required')
  })
})

test.describe('command menu', () => {
  test('ctrl+K opens it, an organization is reached by name, the theme switches, Escape closes', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.goto('/dashboard/org/demo-free')
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Free' })).toBeVisible()

    await page.keyboard.press('Control+K')
    const menu = page.getByRole('dialog', { name: 'Command menu' })
    await expect(menu).toBeVisible()
    const input = menu.getByRole('combobox')
    await expect(input).toBeFocused()
    await expect(menu.getByRole('option', { name: 'Demo Team', exact: true })).toBeVisible()
    await input.fill('Demo Team')
    await expect(menu.locator('[cmdk-item][aria-selected="true"]')).toHaveText('Demo Team')
    await page.screenshot({ path: 'e2e/screenshots/command-menu.png' })
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/dashboard/org/demo-team')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Team' })).toBeVisible()

    // Theme through the menu.
    await page.keyboard.press('Control+K')
    await expect(menu).toBeVisible()
    await menu.getByRole('combobox').fill('Switch theme to classic-dark')
    await expect(menu.locator('[cmdk-item][aria-selected="true"]')).toHaveText('Switch theme to classic-dark')
    await page.keyboard.press('Enter')
    await expect(menu).toBeHidden()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic-dark')

    await page.keyboard.press('Control+K')
    await expect(menu).toBeVisible()
    await menu.getByRole('combobox').fill('Switch theme to light')
    await page.keyboard.press('Enter')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')

    // Escape closes without doing anything.
    await page.keyboard.press('Control+K')
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    expect(new URL(page.url()).pathname).toBe('/dashboard/org/demo-team')
  })
})

test.describe('themes', () => {
  test('the user menu switches to dark and classic-dark, and the choice survives a reload', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/dashboard/org/demo-pro')
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Pro' })).toBeVisible()
    // spec §1: the default follows the system.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('radio', { name: 'Dark', exact: true }).check()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Pro' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.screenshot({ path: 'e2e/screenshots/theme-dark.png' })

    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked()
    await page.getByRole('radio', { name: 'Classic dark' }).check()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic-dark')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Pro' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic-dark')
    await page.screenshot({ path: 'e2e/screenshots/theme-classic-dark.png' })

    // Back to the system choice: it follows the colour scheme again.
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('radio', { name: 'System' }).check()
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})

test.describe('mobile layout at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('organization and project pages fit the screen and the project menu opens', async ({ page, request }) => {
    const session = await signInAsDemo(page, request)
    const storefront = await demoProject(request, session, 'Storefront')

    await page.goto('/dashboard/org/demo-pro')
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Pro' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Billing' })).toBeVisible()
    await expect(page.getByText('Storefront').first()).toBeVisible()
    // The header keeps the command menu and the account menu; feature previews move to the command menu.
    await expect(page.getByRole('button', { name: 'Open command menu' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Feature previews' })).toBeHidden()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'e2e/screenshots/mobile-organization.png', fullPage: true })

    await page.goto(`/dashboard/project/${storefront.ref}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible()
    const projectNav = page.getByRole('navigation', { name: 'Project' })
    await expect(projectNav).toBeHidden()
    const menuButton = page.getByRole('button', { name: 'Project menu' })
    await expect(menuButton).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'e2e/screenshots/mobile-project.png', fullPage: true })

    await menuButton.click()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    await expect(projectNav).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/mobile-project-menu.png' })
    await projectNav.getByRole('link', { name: 'Table editor' }).click()
    await page.waitForURL((url) => url.pathname.startsWith(`/dashboard/project/${storefront.ref}/editor`))
    await expect(projectNav).toBeHidden()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  })
})

test.describe('support form from the error screen', () => {
  test('a dashboard_bug link prefills the form, which sends and confirms', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.goto('/dashboard/support/new?category=dashboard_bug&sid=0f3c9a7e2b&subject=X&message=Y')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact support' })).toBeVisible()
    await expect(page.getByLabel('Category')).toHaveValue('dashboard_bug')
    await expect(page.getByLabel('Subject')).toHaveValue('X')
    await expect(page.getByLabel('Message')).toHaveValue('Y')
    await expect(page.getByText('Error report id:')).toContainText('0f3c9a7e2b')
    await page.getByRole('button', { name: 'Send support request' }).click()
    const sent = page.getByRole('status').filter({ hasText: 'Support request sent' })
    await expect(sent).toBeVisible()
    await expect(sent).toContainText('Your ticket id is')
  })
})
