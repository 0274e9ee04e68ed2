/**
 * Shared steps of the auth and account end-to-end tests: fresh addresses, strong passwords,
 * seeding a user through the embedded auth service, and signing in through the UI.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'

let counter = 0

/** An address no earlier run has used. */
export function uniqueEmail(tag: string): string {
  counter += 1
  return `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** A password the server's scorer rates 4 (long, random, mixed). */
export function strongPassword(): string {
  return `Vq7!mZ2#pL9$wR4x-${Math.random().toString(36).slice(2, 10)}`
}

/**
 * Headers that make a seeding request come from an address of its own. The hosted e2e server
 * trusts X-Forwarded-For (playwright.config.ts), so the many accounts the specs seed do not add
 * up against one address's sign-up limit (SIGN_UP_ADDRESS_LIMIT), as they would from 127.0.0.1.
 */
export function seedingAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 254) + 1
  return { 'X-Forwarded-For': `10.${byte()}.${byte()}.${byte()}` }
}

/** Signs a user up through the auth API and creates the profile; returns the access token. */
export async function seedUser(request: APIRequestContext, email: string, password: string): Promise<string> {
  const signup = await request.post('/dashboard/api/auth/v1/signup', { data: { email, password }, headers: seedingAddress() })
  expect(signup.ok(), await signup.text()).toBe(true)
  const { access_token } = (await signup.json()) as { access_token: string }
  const profile = await request.post('/dashboard/api/platform/profile', { headers: { Authorization: `Bearer ${access_token}` } })
  expect([201, 409]).toContain(profile.status())
  return access_token
}

/** Fills the sign-in form of the current page and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Opens /sign-in (optionally with a query string) and signs in. */
export async function signInThroughUi(page: Page, email: string, password: string, search = ''): Promise<void> {
  await page.goto(`/dashboard/sign-in${search}`)
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await submitSignIn(page, email, password)
}
