import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { signInThroughUi } from './auth-helpers'

/** Runs SQL on a project through the platform as the token's member; the last statement's rows. */
export function sqlRunner(request: APIRequestContext, token: string, ref: string) {
  return async (query: string): Promise<Record<string, unknown>[]> => {
    const res = await request.post(`/dashboard/api/platform/pg-meta/${ref}/query`, {
      headers: { Authorization: `Bearer ${token}`, 'x-connection-encrypted': 'e2e' },
      data: { query },
    })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { rows: Record<string, unknown>[] }).rows
  }
}

/** Signs in through the UI with telemetry declined, and waits to leave the sign-in page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('dashboard-telemetry-consent')) {
      localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} }))
    }
  })
  await signInThroughUi(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/sign-in'))
}
