import { expect, test } from '@playwright/test'
import { seedUser, signInThroughUi, strongPassword, submitSignIn, uniqueEmail } from './auth-helpers'

// Hosted mode (the file name keeps it out of the self-hosted project).

test('sign up through the UI with live strength, sign out, fail and then succeed to sign in', async ({ page }) => {
  const email = uniqueEmail('signup')
  const password = strongPassword()

  await page.goto('/dashboard/sign-up')
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  const passwordInput = page.getByLabel('Password', { exact: true })
  const submit = page.getByRole('button', { name: 'Sign up' })

  // spec §5: a weak password is scored by the server, explained, and blocks the sign-up.
  await passwordInput.fill('password')
  await expect(page.getByText(/You need a stronger password\./)).toBeVisible()
  await expect(page.getByText(/^This password is not (acceptable|secure enough)\./)).toBeVisible()
  await expect(submit).toBeDisabled()
  await page.screenshot({ path: 'e2e/screenshots/auth-sign-up-weak.png', fullPage: true })

  await passwordInput.fill(password)
  await expect(page.getByText('This password is strong.')).toBeVisible()
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4')
  await expect(submit).toBeEnabled()
  await page.screenshot({ path: 'e2e/screenshots/auth-sign-up-strong.png', fullPage: true })

  await submit.click()
  // The first write of a fresh embedded platform opens its database: allow it time.
  await expect(page).toHaveURL(/\/dashboard\/organizations$/, { timeout: 30_000 })

  // The first signed-in page creates the profile (spec §4).
  await expect
    .poll(async () => {
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('dashboard-auth-token') ?? 'null')?.access_token)
      if (!token) return 0
      const res = await page.request.get('/dashboard/api/platform/profile', { headers: { Authorization: `Bearer ${token}`, Version: '2' } })
      return res.status()
    })
    .toBe(200)

  // Sign out (spec §2 /logout) lands on /sign-in with the session gone.
  await page.goto('/dashboard/logout')
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/)
  expect(await page.evaluate(() => localStorage.getItem('dashboard-auth-token'))).toBeNull()

  // A wrong password: the auth error's message in a toast (spec §8), still on /sign-in.
  await submitSignIn(page, email, `${password}-wrong`)
  await expect(page.getByText('Invalid login credentials')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/)
  await page.screenshot({ path: 'e2e/screenshots/auth-sign-in-error.png', fullPage: true })

  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard\/organizations$/)
})

test('a signed-out visit to a page comes back to it after sign-in (returnTo)', async ({ page, request }) => {
  const email = uniqueEmail('return')
  const password = strongPassword()
  await seedUser(request, email, password)

  await page.goto('/dashboard/account/me')
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?returnTo=/)
  await submitSignIn(page, email, password)
  await expect(page).toHaveURL(/\/dashboard\/account\/me$/)
  await expect(page.getByLabel('Email')).toHaveValue(email)
})

test('returnTo is validated: the base path is stripped, query merged; hostile values fall back', async ({ page, request }) => {
  const email = uniqueEmail('hostile')
  const password = strongPassword()
  await seedUser(request, email, password)

  await signInThroughUi(page, email, password, '?returnTo=%2Fdashboard%2Faccount%2Faudit&from=mail')
  await expect(page).toHaveURL(/\/dashboard\/account\/audit\?from=mail$/)

  await page.goto('/dashboard/logout')
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/)

  for (const hostile of ['//evil.example.com', 'https://evil.example.com/x', '/%2F%2Fevil.example.com']) {
    await signInThroughUi(page, email, password, `?returnTo=${encodeURIComponent(hostile)}`)
    await expect(page).toHaveURL(/\/dashboard\/organizations$/)
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host)
    await page.goto('/dashboard/logout')
    await expect(page).toHaveURL(/\/dashboard\/sign-in$/)
  }
})

test('sign-in page looks right and links to sign-up and forgot password', async ({ page }) => {
  await page.goto('/dashboard/sign-in')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/auth-sign-in.png', fullPage: true })

  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/dashboard\/forgot-password$/)
  await page.getByLabel('Email').fill(uniqueEmail('nobody'))
  await page.getByRole('button', { name: 'Send reset email' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this email address, you will receive an email with a link to reset your password.'
  )

  await page.getByRole('link', { name: 'Back to sign in' }).click()
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/dashboard\/sign-up$/)
})

test('a failed third-party sign-in comes back with its reason in a toast (spec §8), and the page stays usable', async ({ page }) => {
  await page.goto('/dashboard/sign-in?returnTo=%2Forganizations&error=server_error&error_description=Unverified+email+with+github')
  await expect(
    page.getByText(
      'Please verify your email on the code-hosting service first, then reach out to us at support@example.com to log into the dashboard.'
    )
  ).toBeVisible()
  // The reason is shown once: the return parameters leave the address, returnTo stays.
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?returnTo=%2Forganizations$/)
  // The embedded auth service offers e-mail sign-in only, so no GitHub button.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toHaveCount(0)
})

test('a signed-in visitor to /sign-in goes straight on', async ({ page, request }) => {
  const email = uniqueEmail('already')
  const password = strongPassword()
  await seedUser(request, email, password)
  await signInThroughUi(page, email, password)
  await expect(page).toHaveURL(/\/dashboard\/organizations$/)

  await page.goto('/dashboard/sign-in?returnTo=/account/me')
  await expect(page).toHaveURL(/\/dashboard\/account\/me$/)
})

test('self-hosted has no sign-in: the signed-out pages lead to the landing', async ({ request }) => {
  const selfHosted = `http://127.0.0.1:${process.env.E2E_SELF_PORT ?? 8094}`
  for (const path of ['/dashboard/sign-in', '/dashboard/sign-up', '/dashboard/forgot-password']) {
    const res = await request.get(`${selfHosted}${path}`, { maxRedirects: 0 })
    expect(res.status(), path).toBe(307)
    expect(res.headers().location, path).toBe('/dashboard/project/default')
  }
})
