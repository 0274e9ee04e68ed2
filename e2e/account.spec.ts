import { expect, test, type Page } from '@playwright/test'
import { TOTP, Secret } from 'otpauth'
import { seedUser, signInThroughUi, strongPassword, submitSignIn, uniqueEmail } from './auth-helpers'

/** The code an authenticator app would show, `offsetSteps` 30-second steps from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSteps * 30_000,
  })
}

async function signedIn(page: Page, request: Parameters<typeof seedUser>[0]) {
  const email = uniqueEmail('account')
  const password = strongPassword()
  await seedUser(request, email, password)
  await signInThroughUi(page, email, password)
  await expect(page).toHaveURL(/\/dashboard\/organizations$/)
  return { email, password }
}

test('the account page shows the profile, saves it, and switches the theme', async ({ page, request }) => {
  const { email } = await signedIn(page, request)
  await page.goto('/dashboard/account/me')

  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Username')).not.toHaveValue('')

  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile updated')).toBeVisible()

  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Ada')
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace')

  await page.getByRole('radio', { name: /Dark/ }).first().check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.screenshot({ path: 'e2e/screenshots/account-me-dark.png', fullPage: true })
  await page.getByRole('radio', { name: /Light/ }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await page.screenshot({ path: 'e2e/screenshots/account-me.png', fullPage: true })
})

test('MFA: enrol an authenticator app with a real TOTP code, then sign in with it', async ({ page, request }) => {
  const { email, password } = await signedIn(page, request)
  await page.goto('/dashboard/account/security')
  await expect(page.getByText('No authenticator apps yet')).toBeVisible()

  await page.getByRole('button', { name: 'Add authenticator app' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' })
  await dialog.getByLabel('Name (optional)').fill('E2E phone')
  await dialog.getByRole('button', { name: 'Generate QR code' }).click()
  await expect(dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
  const secret = (await dialog.getByTestId('mfa-secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]+=*$/)
  await page.screenshot({ path: 'e2e/screenshots/account-mfa-enroll.png', fullPage: true })

  await dialog.getByLabel('Code from the app').fill(totpCode(secret))
  await dialog.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Authenticator app added')).toBeVisible()
  const list = page.getByRole('list', { name: 'Authenticator apps' })
  await expect(list.getByText('E2E phone')).toBeVisible()
  await expect(list.getByText('Verified')).toBeVisible()
  await expect(page.getByText(/This session is verified with MFA/)).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/account-mfa.png', fullPage: true })

  // The next sign-in asks for a code; a code is never accepted twice, so use the next step's.
  await page.goto('/dashboard/logout')
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/)
  await submitSignIn(page, email, password)
  const code = page.getByLabel('Authentication code')
  await expect(code).toBeVisible()
  await code.fill(totpCode(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard\/organizations$/)

  const aal = await page.evaluate(() => {
    const token = JSON.parse(localStorage.getItem('dashboard-auth-token') ?? 'null')?.access_token as string
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).aal
  })
  expect(aal).toBe('aal2')
})

test('the audit log lists the account\'s own events for a date range', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/account/audit')

  const table = page.getByRole('table', { name: 'Audit logs' })
  await expect(table.getByText('user.signed_up')).toBeVisible()
  await expect(table.getByText('user.signed_in').first()).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/account-audit.png', fullPage: true })

  // A range in the past holds nothing.
  await page.getByLabel('From').fill('2020-01-01')
  await page.getByLabel('To').fill('2020-01-31')
  await expect(page.getByText('No audit logs in this period')).toBeVisible()
})
