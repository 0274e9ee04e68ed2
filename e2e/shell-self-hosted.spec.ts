import { expect, test } from '@playwright/test'
import { CONSENT_STORAGE_KEY, horizontalOverflow } from './demo-helpers'

// The shell in self-hosted mode (the same build, started with IS_PLATFORM=false): no sign-in, no
// consent prompt (no telemetry, spec §1), previews marked platform-only hidden, the route guard
// and command menu of the one `default` project.

const PLATFORM_ONLY_PREVIEWS = ['New logs interface', 'Branching via dashboard', 'Disable advisor rules']
const SHARED_PREVIEWS = ['Inline editing of database entities', 'Project API documentation', 'Column-level privileges']

test('no consent toast, ever', async ({ page }) => {
  await page.goto('/dashboard/project/default')
  await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
  await page.waitForTimeout(1_000)
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
  expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)).toBeNull()
})

// Meaningful whatever the remote flags: even when FLAG_GITLESS_BRANCHING etc. release a
// platform-only preview on the platform, self-hosted mode leaves it out.
test('feature previews hide the platform-only ones', async ({ page }) => {
  await page.goto('/dashboard/project/default?featurePreviewModal=dashboard-preview-inline-editor')
  const modal = page.getByRole('dialog', { name: 'Dashboard feature previews' })
  await expect(modal).toBeVisible()
  await expect(modal.getByRole('heading', { level: 3, name: 'Inline editing of database entities' })).toBeVisible()
  const list = modal.getByRole('navigation', { name: 'Feature previews' })
  for (const name of SHARED_PREVIEWS) await expect(list.getByRole('button', { name: new RegExp(name) })).toBeVisible()
  for (const name of PLATFORM_ONLY_PREVIEWS) await expect(modal.getByText(name)).toHaveCount(0)
  await modal.getByRole('button', { name: 'Enable feature' }).click()
  await expect(modal.getByRole('button', { name: 'Disable feature' })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/feature-previews-self-hosted.png' })

  // A platform-only key in the URL does not show that preview.
  await page.goto('/dashboard/project/default?featurePreviewModal=dashboard-preview-unified-logs')
  await expect(modal).toBeVisible()
  for (const name of PLATFORM_ONLY_PREVIEWS) await expect(modal.getByText(name)).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(page).not.toHaveURL(/featurePreviewModal/)
})

test('an unknown project ref toasts and returns to the default project', async ({ page }) => {
  await page.goto('/dashboard/project/nope')
  await expect(page.getByText('This project does not exist', { exact: true })).toBeVisible()
  await page.waitForURL((url) => url.pathname === '/dashboard/project/default')
  await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
})

test('command menu: no organizations, the project areas, theme switch', async ({ page }) => {
  await page.goto('/dashboard/project/default')
  await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
  await page.keyboard.press('Control+K')
  const menu = page.getByRole('dialog', { name: 'Command menu' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('option', { name: 'All organizations' })).toHaveCount(0)
  await expect(menu.getByRole('option', { name: 'Sign out' })).toHaveCount(0)
  await menu.getByRole('combobox').fill('Table editor')
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/project/default/editor'))

  await page.keyboard.press('Control+K')
  await menu.getByRole('combobox').fill('Switch theme to dark')
  await expect(menu.locator('[cmdk-item][aria-selected="true"]')).toHaveText('Switch theme to dark')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('AI assistant panel opens from the query on the default project', async ({ page }) => {
  await page.goto('/dashboard/project/default?aiAssistantPanelOpen=true')
  const panel = page.getByRole('complementary', { name: 'AI assistant' })
  await expect(panel).toBeVisible()
  await panel.getByRole('button', { name: 'Close AI assistant' }).click()
  await expect(panel).toHaveCount(0)
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  test('the default project fits the screen, with the project menu', async ({ page }) => {
    await page.goto('/dashboard/project/default')
    await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Project menu' })).toBeVisible()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'e2e/screenshots/mobile-project-self-hosted.png', fullPage: true })
  })
})
