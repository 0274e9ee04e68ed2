import { expect, test } from '@playwright/test'

// Self-hosted mode: no sign-in, the landing is the home of the one project, "default".
test('the dashboard lands on the default project, healthy', async ({ page }) => {
  await page.goto('/dashboard')
  await page.waitForURL(/\/dashboard\/project\/default$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Default Project' })).toBeVisible()
  const status = page.locator('[data-status]').first()
  await expect(status).toHaveAttribute('data-status', 'ACTIVE_HEALTHY', { timeout: 30_000 })
  await expect(status).toHaveText('Healthy')
  await expect(page.getByTestId('connection-string')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Client libraries' })).toBeVisible()
  // No pausing the only project of a self-hosted install.
  await expect(page.getByRole('button', { name: 'Pause project' })).toHaveCount(0)
  await page.screenshot({ path: 'e2e/screenshots/project-default-self-hosted.png', fullPage: true })
})
