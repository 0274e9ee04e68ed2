import { expect, test, type Page } from '@playwright/test'
import { runProjectSql, signInWithNewProject } from './project-helpers'

/**
 * Issue 26: a screenshot tour of the main screens of each area at 1440×900 and 390×844
 * (e2e/screenshots/tour-*.png, kept as CI artifacts), checking what a newcomer tripped over: no
 * page wider than the window; at 900 px tall the navigation scrolls on its own and the editors keep
 * the window (no page-level scroll, no blank band).
 */

const SCREENS: [name: string, path: (ref: string) => string, heading: RegExp | string][] = [
  ['home', (ref) => `/project/${ref}`, /./],
  ['table-editor', (ref) => `/project/${ref}/editor`, /./],
  ['sql-editor', (ref) => `/project/${ref}/sql/new`, /./],
  ['auth-users', (ref) => `/project/${ref}/auth/users`, 'Users'],
  ['auth-policies', (ref) => `/project/${ref}/auth/policies`, /Policies/],
  ['storage-buckets', (ref) => `/project/${ref}/storage/buckets`, 'Buckets'],
  ['storage-files', (ref) => `/project/${ref}/storage/buckets/avatars`, /avatars/],
  ['functions', (ref) => `/project/${ref}/functions`, /Functions/],
  ['function-test', (ref) => `/project/${ref}/functions/tour-hello/test`, /tour-hello/],
  ['realtime', (ref) => `/project/${ref}/realtime/inspector`, /./],
  ['logs', (ref) => `/project/${ref}/logs`, 'Logs'],
  ['database-tables', (ref) => `/project/${ref}/database/tables`, /Tables/],
  ['settings-api', (ref) => `/project/${ref}/settings/api`, /./],
]

/** Editors sized to the window: the page itself must not scroll at 900 px tall. */
const EDITORS = new Set(['table-editor', 'sql-editor', 'logs'])

async function pageOverflow(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => ({
    x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
  }))
}

/** What a newcomer saw break on a phone (issue 26, item 7), checked at both sizes. */
async function checkWrapping(page: Page, name: string) {
  if (name === 'auth-users') {
    // The address wraps only after its @: at most two lines, each part whole.
    const address = page.getByRole('button', { name: 'a.very.long.address.for.wrapping@example-company.com' })
    const parts = await address.locator('span').evaluateAll((spans) => spans.map((s) => s.getClientRects().length))
    expect(parts).toEqual([1, 1])
  }
  if (name === 'auth-policies') {
    // Each role stays whole.
    const role = page.getByRole('region', { name: 'Table public.customers' }).getByText('authenticated', { exact: true })
    expect(await role.evaluate((el) => el.getClientRects().length)).toBe(1)
  }
  if (name === 'storage-files') {
    // The toolbar's buttons keep one row: the main one is not alone under the search field.
    const top = async (label: string) => (await page.getByRole('button', { name: label, exact: true }).boundingBox())!.y
    expect(await top('Upload files')).toBe(await top('New folder'))
  }
  if (name === 'function-test') {
    // The path field is in view and wide enough to type in.
    const field = (await page.getByLabel('Path').boundingBox())!
    const width = page.viewportSize()!.width
    expect(field.x + field.width).toBeLessThanOrEqual(width)
    expect(field.width).toBeGreaterThan(120)
  }
}

test('a tour of the main screens at 1440×900 and 390×844: nothing wider than the window, the editors keep it', async ({ page, request }) => {
  test.setTimeout(240_000)
  const { ref, token } = await signInWithNewProject(page, request, { organization: 'Tour', project: 'Tour' })
  await runProjectSql(request, token, ref, `create table public.customers (id bigint generated always as identity primary key, email text not null, note text);
    insert into public.customers (email, note) values ('a.very.long.address.for.wrapping@example-company.com', 'first');
    create policy "Customers read their rows" on public.customers for select to authenticated using (true);
    alter table public.customers enable row level security;`)
  // A user with a long address and a bucket, so the lists have rows to lay out.
  const auth = { Authorization: `Bearer ${token}` }
  const settings = (await (await request.get(`/dashboard/api/platform/projects/${ref}/settings`, { headers: auth })).json()) as { app_config: { endpoint: string } }
  const keys = (await (await request.get(`/dashboard/api/platform/projects/${ref}/api-keys`, { headers: auth })).json()) as { name: string; api_key: string }[]
  const service = keys.find((k) => k.name === 'service_role')!.api_key
  const headers = { apikey: service, Authorization: `Bearer ${service}` }
  const user = await request.post(`${settings.app_config.endpoint}/auth/v1/admin/users`, { headers, data: { email: 'a.very.long.address.for.wrapping@example-company.com', password: 'tour password 12345', email_confirm: true } })
  expect(user.status(), await user.text()).toBe(200)
  const bucket = await request.post(`${settings.app_config.endpoint}/storage/v1/bucket`, { headers, data: { name: 'avatars', public: false } })
  expect(bucket.status(), await bucket.text()).toBe(200)
  const fn = await request.post(`/dashboard/api/platform/projects/${ref}/functions`, { headers: auth, data: { slug: 'tour-hello', body: "Deno.serve(() => new Response('hello'))" } })
  expect(fn.status(), await fn.text()).toBe(201)

  for (const [width, height, size] of [[1440, 900, 'desktop'], [390, 844, 'mobile']] as const) {
    await page.setViewportSize({ width, height })
    for (const [name, path, heading] of SCREENS) {
      await page.goto(`/dashboard${path(ref)}`)
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 30_000 })
      await page.waitForLoadState('networkidle').catch(() => {})
      await page.screenshot({ path: `e2e/screenshots/tour-${size}-${name}.png` })
      const overflow = await pageOverflow(page)
      expect(overflow.x, `${name} at ${width} px is wider than the window`).toBeLessThanOrEqual(0)
      if (size === 'desktop' && EDITORS.has(name)) expect(overflow.y, `${name} at ${height} px tall scrolls the page`).toBeLessThanOrEqual(0)
      await checkWrapping(page, name)
    }
    if (size === 'desktop') {
      // The navigation is taller than 900 px: it scrolls on its own, and the page does not.
      const nav = page.getByRole('navigation', { name: 'Project' })
      const { scrollable, top } = await nav.evaluate((el) => {
        el.scrollTop = el.scrollHeight
        return { scrollable: el.scrollHeight > el.clientHeight, top: el.scrollTop }
      })
      expect(scrollable).toBe(true)
      expect(top).toBeGreaterThan(0)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    }
  }
})
