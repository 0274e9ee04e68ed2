import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import { createActiveProject, createOrg, sql } from '../projects-helpers'
import { startTestPlatform, type TestPlatform } from './platform'

// Node 20 has no WebSocket; realtime is not used by the REST tests, so any constructor stands in for it.
class NoWebSocket {}

/** A platform with one active project of an Owner's, its keys, and ways to call its REST API. */
export type RestProject = {
  platform: TestPlatform
  owner: { id: string; token: string }
  ref: string
  keys: Record<'anon' | 'service_role', string>
  /** supabase-js on the project's URL with that key. */
  client: (key: string) => SupabaseClient
  /** A raw request to `{url}/rest/v1/{path}`. */
  rest: (path: string, init?: RequestInit) => Promise<Response>
  /** Runs SQL as the owner through pg-meta; fails the test unless it answers 200. */
  run: (query: string) => Promise<void>
}

/** Starts a platform with a project named `name` (a Pro organization) and reads its API keys. */
export async function startRestProject(name: string): Promise<RestProject> {
  const platform = await startTestPlatform({ isPlatform: true })
  const owner = await platform.createUser()
  const org = await createOrg('pro', [[owner.id, 'Owner']])
  const ref = (await createActiveProject(platform, owner.token, org.slug, name)).ref
  const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key])) as RestProject['keys']
  return {
    platform, owner, ref, keys,
    client: (key) => createClient(`${platform.projectUrl(ref)}`, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as never },
    }),
    rest: (path, init = {}) => fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, init),
    run: async (query) => {
      const made = await sql(platform, owner.token, ref, query)
      expect(made.status, JSON.stringify(made.body)).toBe(200)
    },
  }
}
