import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import { createActiveProject, createOrg, sql } from '../projects-helpers'
import { startTestPlatform, type TestPlatform, type TestResponse } from './platform'

class NoWebSocket {}

/** A platform with a project of a Free organization's Owner, to deploy and call Edge Functions on. */
export type FunctionsProject = {
  platform: TestPlatform
  owner: { id: string; token: string }
  ref: string
  orgSlug: string
  keys: Record<'anon' | 'service_role', string>
  /** `{url}/functions/v1/{slug}{rest}` */
  functionUrl: (slug: string, rest?: string) => string
  client: (key: string) => SupabaseClient
  /** Deploys through the platform; fails the test unless it answers `status`. */
  deploy: (slug: string, body: string, extra?: Record<string, unknown>, status?: number) => Promise<TestResponse>
  run: (query: string) => Promise<void>
}

export async function startFunctionsProject(plan: 'free' | 'pro' = 'free'): Promise<FunctionsProject> {
  const platform = await startTestPlatform({ isPlatform: true })
  const owner = await platform.createUser()
  const org = await createOrg(plan, [[owner.id, 'Owner']])
  const ref = (await createActiveProject(platform, owner.token, org.slug, 'Functions')).ref
  const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key])) as FunctionsProject['keys']
  return {
    platform,
    owner,
    ref,
    orgSlug: org.slug,
    keys,
    functionUrl: (slug, rest = '') => `${platform.projectUrl(ref)}/functions/v1/${slug}${rest}`,
    client: (key) => createClient(`${platform.projectUrl(ref)}`, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } }),
    deploy: async (slug, body, extra = {}, status) => {
      const deployed = await platform.request(`/platform/projects/${ref}/functions`, { token: owner.token, body: { slug, body, ...extra } })
      if (status !== undefined) expect(deployed.status, JSON.stringify(deployed.body)).toBe(status)
      else expect([200, 201], JSON.stringify(deployed.body)).toContain(deployed.status)
      return deployed
    },
    run: async (query) => {
      const made = await sql(platform, owner.token, ref, query)
      expect(made.status, JSON.stringify(made.body)).toBe(200)
    },
  }
}

/** Polls `read` until `done` holds (the log recorder and meters write within a second or two). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
