#!/usr/bin/env node
// The code editor without its CDN (issue 26): ms from navigation to the Edge Functions editor's
// Monaco drawn (its `.monaco-editor` with the file's text): the first visit, then medians of 5
// page loads and of 5 in-app navigations (Overview tab → Code tab),
// hosted with the CDN unresolvable (the browser resolves no host but loopback, so the first visit
// falls back to this server's copy and later visits go there at once) and self-hosted (always the
// copy). Aim: under 500 ms after the first visit, in the app. `npm run build` first.   node bench/code-editor.mjs
// @bench
import { chromium } from '@playwright/test'
import { figure, reportFigures } from './bench-result.mjs'
import { CHROMIUM_ARGS, startServer } from './server.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 8236)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function json(res) {
  const body = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`)
  return body
}

/** A signed-up user with an organization and a project that is up: its token and ref. */
async function hostedProject(api) {
  const email = `editor-${Date.now().toString(36)}@example.com`
  const password = `Vq7!mZ2#pL9$wR4x-${Math.random().toString(36).slice(2, 10)}`
  const session = await json(await fetch(`${api}/auth/v1/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) }))
  const auth = { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' }
  await fetch(`${api}/platform/profile`, { method: 'POST', headers: auth })
  const org = await json(await fetch(`${api}/platform/organizations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Editor', plan: 'pro' }) }))
  const project = await json(
    await fetch(`${api}/platform/projects`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Editor', organization_slug: org.slug, region: 'eu-west-1', db_pass: 'Quartz-lantern-orbit-91-velvet!' }) })
  )
  for (let i = 0; i < 240; i++) {
    if ((await json(await fetch(`${api}/platform/projects/${project.ref}`, { headers: auth }))).status === 'ACTIVE_HEALTHY') return { email, password, ref: project.ref, auth }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the project did not come up')
}

async function measure(mode, port) {
  const { origin, stop } = await startServer({ port, env: mode === 'hosted' ? { IS_PLATFORM: 'true', TRUST_PROXY: 'false' } : { IS_PLATFORM: 'false' } })
  const api = `${origin}/dashboard/api`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    let ref = 'default'
    let auth = { 'Content-Type': 'application/json' }
    if (mode === 'hosted') {
      const made = await hostedProject(api)
      ;({ ref, auth } = made)
      await page.goto(`${origin}/dashboard/sign-in`)
      await page.getByLabel('Email').fill(made.email)
      await page.getByLabel('Password', { exact: true }).fill(made.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 60_000 })
    }
    const slug = `bench-${Date.now().toString(36)}`
    await json(await fetch(`${api}/platform/projects/${ref}/functions`, { method: 'POST', headers: auth, body: JSON.stringify({ slug, body: "Deno.serve(() => new Response('editor bench'))" }) }))
    const url = `${origin}/dashboard/project/${ref}/functions/${slug}/code`
    const visit = async () => {
      const start = Date.now()
      await page.goto(url, { waitUntil: 'commit' })
      await page.locator('.monaco-editor .view-lines', { hasText: 'editor bench' }).first().waitFor({ timeout: 60_000 })
      return Date.now() - start
    }
    const first = await visit()
    const later = []
    for (let i = 0; i < RUNS; i++) later.push(await visit())
    // In-app navigation: from the function's overview back to its code, as a person clicks the tab.
    const tabs = page.getByRole('navigation', { name: 'Function' })
    const navigations = []
    for (let i = 0; i < RUNS; i++) {
      await tabs.getByRole('link', { name: 'Overview' }).click()
      await page.waitForURL((u) => !u.pathname.endsWith('/code'))
      await page.locator('.monaco-editor').first().waitFor({ state: 'detached', timeout: 30_000 })
      const start = Date.now()
      await tabs.getByRole('link', { name: 'Code' }).click()
      await page.locator('.monaco-editor .view-lines', { hasText: 'editor bench' }).first().waitFor({ timeout: 60_000 })
      navigations.push(Date.now() - start)
    }
    const origins = await page.evaluate(() => localStorage.getItem('dashboard-monaco-local-since'))
    return { mode, first, later: median(later), navigate: median(navigations), remembered: origins !== null }
  } finally {
    await browser.close()
    stop()
  }
}

const rows = [await measure('hosted', PORT), await measure('self-hosted', PORT + 2)]
for (const r of rows) console.log(`${r.mode.padEnd(12)} first visit ${r.first} ms, later page loads ${r.later} ms, in-app navigation ${r.navigate} ms (medians of ${RUNS})${r.mode === 'hosted' ? `, local copy remembered: ${r.remembered}` : ''}`)
reportFigures(
  rows.flatMap((r) => [
    figure(`code-editor.first.${r.mode}`, `code editor (Edge Functions, no CDN) ${r.mode}: first visit`, r.first, 'ms'),
    // A page load evaluates Monaco again (about 3.7 MB of script, from the browser's cache).
    figure(`code-editor.later.${r.mode}`, `code editor (Edge Functions, no CDN) ${r.mode}: later page loads, median`, r.later, 'ms'),
    figure(`code-editor.navigate.${r.mode}`, `code editor (Edge Functions, no CDN) ${r.mode}: in-app navigation back to it, median`, r.navigate, 'ms', { max: 500 }),
  ])
)
process.exit(0)
