import { expect, vi } from 'vitest'
import type { TestPlatform } from './helpers/platform'

/** A database password zxcvbn scores 4. */
export const STRONG_DB_PASS = 'Quartz-lantern-orbit-91-velvet!'

type Role = 'Owner' | 'Admin' | 'Developer' | 'Read-only'

/** Creates an organization straight in the store, with members and roles. */
export async function createOrg(
  plan: 'free' | 'pro' | 'team' | 'enterprise',
  members: [string, Role][]
): Promise<{ id: number; slug: string }> {
  const { getStore } = await import('@/server/db/store')
  const db = await getStore()
  const slug = `org-${Math.random().toString(36).slice(2, 10)}`
  const { rows } = await db.query<{ id: number }>(
    'insert into platform.organizations (slug, name, plan_id) values ($1, $2, $3) returning id',
    [slug, `Org ${slug}`, plan]
  )
  for (const [userId, role] of members) {
    await db.query('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [rows[0].id, userId, role])
  }
  return { id: Number(rows[0].id), slug }
}

/** Polls the project detail until its status is `status` (provisioning runs in the background). */
export async function waitForStatus(platform: TestPlatform, token: string | undefined, ref: string, status: string, timeout = 30_000) {
  return vi.waitFor(
    async () => {
      const res = await platform.request(`/platform/projects/${ref}`, { token })
      expect(res.body?.status).toBe(status)
      return res.body
    },
    { timeout, interval: 100 }
  )
}

/** Creates a project and waits until it is ACTIVE_HEALTHY. */
export async function createActiveProject(platform: TestPlatform, token: string, orgSlug: string, name = 'Project') {
  const res = await platform.request('/platform/projects', {
    token,
    body: { name, organization_slug: orgSlug, region: 'eu-west-1', db_pass: STRONG_DB_PASS },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return waitForStatus(platform, token, res.body.ref, 'ACTIVE_HEALTHY')
}

/** Runs SQL through pg-meta with the connection header the hosted platform requires. */
export function sql(platform: TestPlatform, token: string | undefined, ref: string, query: string, parameters?: unknown[]) {
  return platform.request(`/platform/pg-meta/${ref}/query`, {
    token,
    headers: { 'x-connection-encrypted': 'test-connection' },
    body: parameters ? { query, parameters } : { query },
  })
}

export type TeamMember = { id: string; email: string; token: string }

/**
 * A Team organization with an Owner, a Developer and a Read-only member, and one active project
 * of theirs named `name`: the cast of every test of members' SQL.
 */
export async function createTeamProject(platform: TestPlatform, name: string) {
  const owner = await platform.createUser()
  const developer = await platform.createUser()
  const reader = await platform.createUser()
  const org = await createOrg('team', [
    [owner.id, 'Owner'],
    [developer.id, 'Developer'],
    [reader.id, 'Read-only'],
  ])
  const ref = (await createActiveProject(platform, owner.token, org.slug, name)).ref
  return { owner, developer, reader, org, ref }
}

/** A new user who owns a `plan` organization and one active project of it named `name`. */
export async function createOwnedProject(platform: TestPlatform, name = 'Project', plan: 'free' | 'pro' | 'team' | 'enterprise' = 'pro') {
  const owner = await platform.createUser()
  const org = await createOrg(plan, [[owner.id, 'Owner']])
  const ref = (await createActiveProject(platform, owner.token, org.slug, name)).ref
  return { owner, org, ref }
}
