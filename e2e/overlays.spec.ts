import { expect, test } from '@playwright/test'
import { CONSENT_STORAGE_KEY, demoProject, signInAsDemo } from './demo-helpers'

// The overlays of spec §2 on the hosted server, signed in as the seeded demo account: feature
// previews modal (item 1, §3), privacy settings and consent toast (items 2–3, §4), AI assistant
// panel (item 5, §4, §7: IndexedDB). Self-hosted behaviour is in shell-self-hosted.spec.ts.

const CLS_KEY = 'dashboard-preview-column-level-security'

test.describe('feature previews modal', () => {
  test('opens from ?featurePreviewModal on that preview; Enable feature is remembered; closing drops the parameter', async ({ page, request }) => {
    await signInAsDemo(page, request)
    await page.goto(`/dashboard/org/demo-pro?featurePreviewModal=${CLS_KEY}`)
    const modal = page.getByRole('dialog', { name: 'Dashboard feature previews' })
    await expect(modal).toBeVisible()
    await expect(modal.getByRole('heading', { level: 3, name: 'Column-level privileges' })).toBeVisible()

    // spec §2: the list is 280 × 550 px.
    const list = modal.getByRole('navigation', { name: 'Feature previews' })
    const box = await list.boundingBox()
    expect(box).not.toBeNull()
    expect(Math.round(box!.width)).toBe(280)
    expect(Math.round(box!.height)).toBe(550)
    const current = list.getByRole('button', { name: /Column-level privileges/ })
    await expect(current).toHaveAttribute('aria-current', 'true')
    await expect(current.locator('[data-state]')).toHaveAttribute('data-state', 'off')
    // Give feedback only with a discussions URL: column-level privileges has one, the API docs preview none.
    await expect(modal.getByRole('link', { name: 'Give feedback' })).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/feature-previews.png' })
    // Platform-only previews are listed on the platform once their remote flag releases them (spec §3).
    const flags = await page.evaluate(() => window.__DASHBOARD_CONFIG__?.remoteFlags)
    const branching = list.getByRole('button', { name: /Branching via dashboard/ })
    if (flags?.gitlessBranching) await expect(branching).toBeVisible()
    else await expect(branching).toHaveCount(0)

    await modal.getByRole('button', { name: 'Enable feature' }).click()
    await expect(modal.getByRole('button', { name: 'Disable feature' })).toBeVisible()
    await expect(current.locator('[data-state]')).toHaveAttribute('data-state', 'on')
    await expect(current).toContainText('(enabled)')
    expect(await page.evaluate((key) => localStorage.getItem(key), CLS_KEY)).toBe('true')

    await list.getByRole('button', { name: /Project API documentation/ }).click()
    await expect(page).toHaveURL(/featurePreviewModal=dashboard-preview-api-side-panel/)
    await expect(modal.getByRole('heading', { level: 3, name: 'Project API documentation' })).toBeVisible()
    await expect(modal.getByRole('link', { name: 'Give feedback' })).toHaveCount(0)
    await expect(modal.getByRole('button', { name: 'Enable feature' })).toBeVisible()

    // Reload: the flag is kept (local storage) and the modal reopens from the URL.
    await page.goto(`/dashboard/org/demo-pro?featurePreviewModal=${CLS_KEY}`)
    await expect(modal.getByRole('button', { name: 'Disable feature' })).toBeVisible()
    await expect(list.getByRole('button', { name: /Column-level privileges/ }).locator('[data-state]')).toHaveAttribute('data-state', 'on')

    await modal.getByRole('button', { name: 'Disable feature' }).click()
    await expect(modal.getByRole('button', { name: 'Enable feature' })).toBeVisible()
    expect(await page.evaluate((key) => localStorage.getItem(key), CLS_KEY)).toBe('false')

    await modal.getByRole('button', { name: 'Close' }).click()
    await expect(modal).toBeHidden()
    await expect(page).not.toHaveURL(/featurePreviewModal/)
    expect(new URL(page.url()).pathname).toBe('/dashboard/org/demo-pro')

    // The header button opens it again (on the first preview).
    await page.getByRole('button', { name: 'Feature previews' }).click()
    await expect(modal).toBeVisible()
    await expect(page).toHaveURL(/featurePreviewModal=/)
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(page).not.toHaveURL(/featurePreviewModal/)
  })
})

test.describe('consent toast and privacy settings', () => {
  test('shown once while undecided; Accept hides it for good', async ({ page, request }) => {
    await signInAsDemo(page, request, { consentUndecided: true })
    await page.goto('/dashboard/org/demo-free')
    const toast = page.getByRole('region', { name: 'Cookie consent' })
    await expect(toast).toBeVisible()
    await expect(toast).toHaveCount(1)
    await expect(toast).toContainText('cookies')
    for (const name of ['Accept', 'Opt out', 'Privacy settings']) await expect(toast.getByRole('button', { name })).toBeVisible()
    // Never dismissed by a timer.
    await page.waitForTimeout(4_500)
    await expect(toast).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/consent-toast.png' })

    await toast.getByRole('button', { name: 'Accept' }).click()
    await expect(toast).toBeHidden()
    const stored = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)
    expect(JSON.parse(stored ?? '{}').decision).toBe('accepted')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Free' })).toBeVisible()
    await page.waitForTimeout(300)
    await expect(toast).toHaveCount(0)
  })

  test('Opt out hides it too', async ({ page, request }) => {
    await signInAsDemo(page, request, { consentUndecided: true })
    await page.goto('/dashboard/org/demo-free')
    const toast = page.getByRole('region', { name: 'Cookie consent' })
    await toast.getByRole('button', { name: 'Opt out' }).click()
    await expect(toast).toBeHidden()
    const stored = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)
    expect(JSON.parse(stored ?? '{}').decision).toBe('opted_out')
  })

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } })
    test('the toast spans the full width', async ({ page, request }) => {
      await signInAsDemo(page, request, { consentUndecided: true })
      await page.goto('/dashboard/org/demo-free')
      const toast = page.getByRole('region', { name: 'Cookie consent' })
      await expect(toast).toBeVisible()
      const box = await toast.boundingBox()
      expect(box).not.toBeNull()
      expect(Math.round(box!.x)).toBe(0)
      expect(Math.round(box!.width)).toBe(390)
      expect(Math.round(box!.y + box!.height)).toBe(844)
      await page.screenshot({ path: 'e2e/screenshots/consent-toast-mobile.png' })
    })
  })

  test('privacy settings: essential category locked, Confirm saves per service', async ({ page, request }) => {
    await signInAsDemo(page, request, { consentUndecided: true })
    await page.goto('/dashboard/org/demo-free')
    const toast = page.getByRole('region', { name: 'Cookie consent' })
    await toast.getByRole('button', { name: 'Privacy settings' }).click()
    const modal = page.getByRole('dialog', { name: 'Privacy settings' })
    await expect(modal).toBeVisible()
    const essential = modal.getByRole('switch', { name: 'Strictly necessary' })
    await expect(essential).toBeDisabled()
    await expect(essential).toHaveAttribute('aria-checked', 'true')
    const analytics = modal.getByRole('switch', { name: 'Analytics' })
    await expect(analytics).toBeEnabled()
    await expect(analytics).toHaveAttribute('aria-checked', 'false')
    await expect(modal.getByRole('link', { name: 'Learn more' })).toBeVisible()
    await page.screenshot({ path: 'e2e/screenshots/privacy-settings.png' })

    await analytics.click()
    await expect(analytics).toHaveAttribute('aria-checked', 'true')
    await modal.getByRole('button', { name: 'Confirm' }).click()
    await expect(modal).toBeHidden()
    await expect(toast).toBeHidden()
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)) ?? '{}') as {
      decision: string
      services: Record<string, string>
    }
    expect(stored.decision).toBe('custom')
    expect(Object.values(stored.services)).toContain('granted')
    expect(stored.services['dashboard-telemetry']).toBe('granted')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Free' })).toBeVisible()
    await expect(toast).toHaveCount(0)
  })
})

test.describe('AI assistant panel', () => {
  test('?aiAssistantPanelOpen opens or keeps it closed; a sent message survives a reload', async ({ page, request }) => {
    const session = await signInAsDemo(page, request)
    const { ref } = await demoProject(request, session, 'Storefront')

    await page.goto(`/dashboard/project/${ref}?aiAssistantPanelOpen=false`)
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible()
    const panel = page.getByRole('complementary', { name: 'AI assistant' })
    await page.waitForTimeout(300)
    await expect(panel).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'AI assistant' })).toHaveAttribute('aria-expanded', 'false')

    await page.goto(`/dashboard/project/${ref}?aiAssistantPanelOpen=true`)
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('heading', { level: 2, name: 'AI assistant' })).toBeVisible()
    const message = `Which tables have no primary key? ${Date.now()}`
    const field = panel.getByRole('textbox', { name: 'Message' })
    await field.fill(message)
    await panel.getByRole('button', { name: 'Send' }).click()
    const log = panel.getByRole('log', { name: 'Messages' })
    await expect(log).toContainText(message)
    await expect(field).toHaveValue('')
    await page.screenshot({ path: 'e2e/screenshots/ai-assistant.png' })
    // Saves are debounced by 500 ms (spec §9); give it time before leaving.
    await page.waitForTimeout(900)

    await page.reload()
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('log', { name: 'Messages' })).toContainText(message)
    // Kept in IndexedDB, keyed by the project ref (spec §7).
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
    expect(databases).toContain('dashboard-ai-assistant')

    // =false closes it on load.
    await page.goto(`/dashboard/project/${ref}?aiAssistantPanelOpen=false`)
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible()
    await page.waitForTimeout(300)
    await expect(panel).toHaveCount(0)
  })
})
