import crypto from 'node:crypto'
import type { Caller } from '../auth/caller'
import { findUserByEmail, hashPassword, insertUser } from '../auth/users'
import { insertInvoice } from '../billing/invoices'
import { setUsage, type UsageMetric } from '../billing/usage'
import type { Db } from '../db/types'
import { createOrganization } from '../organizations/organizations'
import { setOrganizationRestriction } from '../organizations/restriction'
import { createProfile } from '../profile/profiles'
import { createBranch, createProject } from '../projects/create'
import { waitForProjectJobs } from '../projects/jobs'
import { requestProjectAction } from '../projects/lifecycle'
import { seedDemoApp } from './demo-app'
import { seedDemoFunction } from './demo-functions'
import { DEMO_EMAIL, DEMO_ORGANIZATIONS, type DemoOrganization } from './demo-plan'

const DAY = 24 * 3600 * 1000

/** A password the checker scores 4: four random words' worth of entropy, never a known one. */
export function generateDemoPassword(): string {
  return `demo-${crypto.randomBytes(12).toString('base64url')}`
}

export type SeedResult = { email: string; password: string; created: boolean }

/**
 * Seeds the demo account and its organizations (idempotent: a second run only sets a new
 * password, since a generated one is printed once and not kept).
 */
export async function seedDemo(db: Db, options: { password?: string | null } = {}): Promise<SeedResult> {
  const password = options.password ?? generateDemoPassword()
  const existing = await findUserByEmail(db, DEMO_EMAIL)
  if (existing) {
    await db.query('update platform.users set encrypted_password = $2, updated_at = now() where id = $1', [existing.id, await hashPassword(password)])
    return { email: DEMO_EMAIL, password, created: false }
  }
  const user = await insertUser(db, { email: DEMO_EMAIL, password, metadata: { demo: true } })
  const caller: Caller = { userId: user.id, email: user.email, aal: 'aal1', sessionId: null, selfHosted: false }
  await createProfile(db, caller)
  const paused: string[] = []
  const apps: string[] = []
  for (const spec of DEMO_ORGANIZATIONS) {
    const seeded = await seedOrganization(db, caller, spec)
    paused.push(...seeded.paused)
    apps.push(...seeded.apps)
  }
  // Projects provision in the background; once they are up, the app goes in and some pause.
  await waitForProjectJobs(120_000)
  for (const ref of apps) {
    await seedDemoApp(ref)
    await seedDemoFunction(db, ref)
  }
  for (const ref of paused) await requestProjectAction(db, caller, ref, 'pause')
  await waitForProjectJobs(60_000)
  return { email: DEMO_EMAIL, password, created: true }
}

async function seedOrganization(db: Db, caller: Caller, spec: DemoOrganization): Promise<{ paused: string[]; apps: string[] }> {
  const org = await createOrganization(db, caller, { name: spec.name, plan: spec.plan, billing_email: spec.partner ? undefined : DEMO_EMAIL })
  if (spec.address) {
    await db.query(
      `insert into platform.billing_customers (organization_id, name, address_line1, address_city, address_postal_code, address_country)
       values ($1, $2, $3, 'Singapore', '018989', 'SG')`,
      [org.id, spec.name, spec.address]
    )
  }
  if (spec.partner) {
    // spec §3: the partner id is the slug without its vercel_ prefix.
    await db.query(`update platform.organizations set billing_partner = $2, billing_email = null, slug = 'vercel_' || slug where id = $1`, [org.id, spec.partner])
  }
  if (spec.requiresMfa) await db.query('update platform.organizations set organization_requires_mfa = true where id = $1', [org.id])
  if (spec.restriction) {
    const end = spec.restriction.graceDays ? new Date(Date.now() + spec.restriction.graceDays * DAY) : new Date(Date.now() - 3 * DAY)
    await setOrganizationRestriction(db, org.id, spec.restriction.status, end)
  }
  for (const [metric, usage] of Object.entries(spec.usage ?? {})) await setUsage(db, org.id, metric as UsageMetric, Math.round(usage))
  if (spec.overdueInvoice) {
    const now = Date.now()
    await insertInvoice(db, {
      organizationId: org.id,
      status: 'paid',
      number: 'DEMO-0001',
      lines: [{ description: 'Team plan', amount: 59_900 }],
      periodStart: new Date(now - 60 * DAY),
      periodEnd: new Date(now - 30 * DAY),
      createdAt: new Date(now - 30 * DAY),
    })
    await insertInvoice(db, {
      organizationId: org.id,
      status: 'open',
      number: 'DEMO-0002',
      lines: [{ description: 'Team plan', amount: 59_900 }, { description: 'Egress over quota (60 GB)', amount: 540 }],
      periodStart: new Date(now - 30 * DAY),
      periodEnd: new Date(now - 1 * DAY),
      dueDate: new Date(now - 5 * DAY),
      createdAt: new Date(now - 1 * DAY),
    })
  }

  const { rows } = await db.query<{ slug: string }>('select slug from platform.organizations where id = $1', [org.id])
  const slug = rows[0].slug
  const toPause: string[] = []
  const apps: string[] = []
  for (const project of spec.projects ?? []) {
    if (project.state === 'failed') {
      await db.query(
        `insert into platform.projects (ref, name, organization_id, status, postgrest_status, region, init_error, created_by)
         values ($1, $2, $3, 'INIT_FAILED', 'OFFLINE', 'ap-southeast-1', $4, $5)`,
        [`demo${crypto.randomBytes(8).toString('hex')}`, project.name, org.id, 'The initial import was cancelled: the source dump was truncated', caller.userId]
      )
      continue
    }
    const created = await createProject(db, caller, {
      name: project.name,
      organization_slug: slug,
      region: 'ap-southeast-1',
      db_pass: `${generateDemoPassword()}-${generateDemoPassword()}`,
    })
    if (project.state === 'paused') toPause.push(created.ref)
    if (project.app) apps.push(created.ref)
    if (project.branch) {
      await waitForProjectJobs(120_000)
      await createBranch(db, caller, created.ref, project.branch)
    }
  }
  return { paused: toPause, apps }
}
