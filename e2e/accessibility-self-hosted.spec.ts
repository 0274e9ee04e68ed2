import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations, settled } from './demo-helpers'

// Issue 4 "Done when": the axe pass on the self-hosted screens (no sign-in, the one default project).

test('default project, table editor, support and the overlays', async ({ page }) => {
  await page.goto('/dashboard/project/default')
  await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'self-hosted project home')

  await page.goto('/dashboard/project/default/editor')
  await expect(page.getByRole('navigation', { name: 'Project' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'self-hosted table editor')

  await page.goto('/dashboard/project/default?aiAssistantPanelOpen=true&featurePreviewModal=dashboard-preview-inline-editor')
  await expect(page.getByRole('dialog', { name: 'Dashboard feature previews' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'self-hosted feature previews modal')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('complementary', { name: 'AI assistant' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'self-hosted AI assistant panel')

  await page.keyboard.press('Control+K')
  await expect(page.getByRole('dialog', { name: 'Command menu' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'self-hosted command menu')
  await page.keyboard.press('Escape')

  await page.goto('/dashboard/support/new?category=dashboard_bug&subject=X&message=Y')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact support' })).toBeVisible()
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'self-hosted support form')
})

test('dark theme on the default project', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/dashboard/project/default')
  await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await settled(page)
  await expectNoSeriousA11yViolations(page, 'self-hosted project home (dark, from the system)')
})
