import crypto from 'node:crypto'
import { expect } from 'vitest'
import { roleAtLeast, type Role } from '@/server/access'
import type { Db } from '@/server/db/types'
import type { TestPlatform, TestResponse } from './platform'

/**
 * Every endpoint of the embedded platform (`createPlatformRouter()`) and of its GoTrue-compatible
 * auth service (`createAuthRouter()`), described once for the cross-cutting suites:
 * `authorization.test.ts` walks each one as every kind of caller, `bad-input.test.ts` feeds each
 * write endpoint broken bodies. A route without an entry here (or in an area's
 * `endpoints-*.ts`, combined in `all-endpoints.ts`) fails both suites.
 */

/** The callers of the authorization walk. */
export const ACTORS = ['anonymous', 'crossTenant', 'readOnly', 'developer', 'admin', 'owner'] as const
export type Actor = (typeof ACTORS)[number]
/** The actors with an account: a member of organization B only, and the four roles of organization A. */
export type UserActor = Exclude<Actor, 'anonymous'>

export const ROLE_OF: Record<Exclude<UserActor, 'crossTenant'>, Role> = {
  readOnly: 'Read-only',
  developer: 'Developer',
  admin: 'Admin',
  owner: 'Owner',
}

/**
 * public: anyone, signed in or not. user: any signed-in user, about their own things.
 * org / project: a member of the organization (named in the path or the body) with `minRole`.
 */
export type Scope = 'public' | 'user' | 'org' | 'project'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Params = Record<string, string>
type User = { id: string; email: string; token: string }

/** What one request of the walk sends. */
export type Call = { params?: Params; body?: unknown; token?: string; headers?: Record<string, string>; query?: string; rawBody?: string }

/** How the walks call one route. Who may call it is not written here: it comes from the route's declaration. */
export type EndpointEntry = {
  method: Method
  pattern: string
  mode: 'read' | 'write'
  /** Query string sent with every call, e.g. `?grant_type=password`. */
  query?: string
  /** Builds the call for an actor: A's real rows for callers who must be refused, fresh ones for those who may act. */
  prepare: (w: World, actor: Actor) => Promise<Call> | Call
  /** The body is a file (a table import's CSV), not JSON: the bad-input suite leaves it to its own tests. */
  fileBody?: boolean
  /** The endpoint reads a JSON body (the bad-input suite feeds it broken ones). */
  takesBody?: boolean
  /** Body fields (dotted paths) to send with a wrong type; default: the top-level keys of the valid body. */
  fields?: string[]
  /** Fields an empty body lacks: the 400 names each. */
  required?: string[]
  /** No field is required but an empty body is refused ("give at least one of ..."). */
  needsSome?: boolean
  /** Status of an allowed call; default GET 200, POST 201, PUT/PATCH 200, DELETE 204. */
  success?: number
  /** Overrides the derived expectation for some actors. */
  expect?: (actor: Actor) => number | undefined
  /** Further assertions on an answer. */
  check?: (res: TestResponse, w: World, actor: Actor) => void | Promise<void>
}

/** An entry joined with its route's declaration (`all-endpoints.ts`). */
export type Endpoint = EndpointEntry & {
  /** platform: `{API_URL}/platform/...`; auth: the GoTrue service at `/auth/v1`. */
  service: 'platform' | 'auth'
  scope: Scope
  minRole?: Role
}

/** Fixtures the table fills its calls from (built by `buildWorld`). */
export type World = {
  platform: TestPlatform
  db: Db
  users: Record<UserActor, User>
  orgA: { id: number; slug: string; name: string }
  orgB: { id: number; slug: string; name: string }
  /**
   * A's main project (ACTIVE_HEALTHY throughout), B's project ('' when not built), and A's project
   * for lifecycle calls (A's main project when not built: calls then aim at it without waiting).
   */
  projectA: string
  projectB: string
  lifecycleRef: string
  /** A branch row of projectA (no database of its own). */
  branchA: string
  invoiceA: { id: number; number: string }
  taxIdA: { id: number; value: string }
  paymentMethodA: number
  snippetA: { id: string; name: string }
  invitationA: { id: number; token: string; email: string }
  factorA: string
  customerNameA: string
  /** Strings that belong to A and must never reach a caller outside A. */
  secretsOfA: string[]
  unique: (prefix: string) => string
  freshUser: () => Promise<User>
  freshToken: (userId: string) => Promise<string>
  freshMember: (role: Role) => Promise<string>
  cloneOrgA: () => Promise<string>
  freshTaxId: () => Promise<number>
  freshPaymentMethod: () => Promise<number>
  invitationFor: (email: string) => Promise<{ id: number; token: string }>
  freshProjectRow: (opts: { parent?: string; status: string }) => Promise<string>
  snippetOf: (actor: UserActor) => Promise<string>
  enrollFactor: (token: string) => Promise<{ id: string; secret: string }>
  /** Waits until no job runs on the project and it is in `status`. */
  settled: (ref: string, status: string) => Promise<void>
}

export const STRONG_PASSWORD = 'Quartz-lantern-orbit-91-velvet!'
/** The password `platform.createUser()` gives its users. */
export const HARNESS_PASSWORD = 'correct horse battery staple 42!'
const CONNECTION_HEADER = { 'x-connection-encrypted': 'walk-connection' }

const inA = (actor: Actor): actor is keyof typeof ROLE_OF => actor in ROLE_OF
/** True when the actor may call an endpoint needing `minimum` in organization A. */
export const allowedInA = (actor: Actor, minimum: Role) => inA(actor) && roleAtLeast(ROLE_OF[actor], minimum)
const tokenOf = (w: World, actor: Actor) => (actor === 'anonymous' ? undefined : w.users[actor].token)

/** The status a call should get, from the entry's scope and role. */
export function expectedStatus(ep: Endpoint, actor: Actor): number {
  const special = ep.expect?.(actor)
  if (special !== undefined) return special
  const success = ep.success ?? { GET: 200, POST: 201, PUT: 200, PATCH: 200, DELETE: 204 }[ep.method]
  if (ep.scope === 'public') return success
  if (actor === 'anonymous') return 401
  if (ep.scope === 'user') return success
  if (actor === 'crossTenant') return 404
  return allowedInA(actor, ep.minRole!) ? success : 403
}

/** `/organizations/:slug` with `{slug: 'x'}` → `/organizations/x`, prefixed for its service. */
export function fillPath(ep: Endpoint, params: Params = {}): string {
  const path = ep.pattern.replace(/:(\w+)/g, (_, key: string) => {
    if (params[key] === undefined) throw new Error(`${ep.method} ${ep.pattern}: no value for :${key}`)
    return encodeURIComponent(params[key])
  })
  return `${ep.service === 'auth' ? '/auth/v1' : ''}${path}${ep.query ?? ''}`
}

export const endpointKey = (ep: { method: string; pattern: string }) => `${ep.method} ${ep.pattern}`

const ORG = '/platform/organizations/:slug'
const slugA = (w: World) => ({ slug: w.orgA.slug })
const refA = (w: World) => ({ ref: w.projectA })
/** Outsiders and refused roles aim at A's real row; allowed roles get a disposable one. */
const target = async <T>(actor: Actor, minimum: Role, real: T, fresh: () => Promise<T>): Promise<T> =>
  allowedInA(actor, minimum) ? fresh() : real
const nextYear = new Date().getUTCFullYear() + 1

/** The lifecycle project for an allowed caller once it reached `status`; A's main project otherwise. */
const lifecycle = async (w: World, actor: Actor, minimum: Role, status: string) => {
  if (!allowedInA(actor, minimum) || w.lifecycleRef === w.projectA) return { ref: w.projectA }
  await w.settled(w.lifecycleRef, status)
  return { ref: w.lifecycleRef }
}

const listsOnly = (field: 'slug' | 'ref', mine: (w: World) => string, theirs: (w: World) => string) => (res: TestResponse, w: World, actor: Actor) => {
  const values = (res.body as Record<string, string>[]).map((row) => row[field])
  if (actor === 'crossTenant') {
    expect(values, 'B sees its own').toContain(theirs(w))
    expect(values, 'B never sees A').not.toContain(mine(w))
  } else if (inA(actor)) {
    expect(values, 'A members see A').toContain(mine(w))
    expect(values, 'A members never see B').not.toContain(theirs(w))
  }
}

/** A read of organization A. */
const orgRead = (rest: string, extra: Partial<EndpointEntry> = {}): EndpointEntry => ({
  method: 'GET',
  pattern: `${ORG}${rest}`,
  mode: 'read',
  prepare: (w) => ({ params: slugA(w) }),
  ...extra,
})

/** The platform API, in the order the walk calls it (a profile is created before it is read). */
/** The platform's own endpoints; `all-endpoints.ts` adds the project areas' ones. */
export const CORE_PLATFORM_ENDPOINTS: EndpointEntry[] = [
  // profile (spec §7): per user
  { method: 'POST', pattern: '/platform/profile', mode: 'write', takesBody: true, prepare: () => ({ body: {} }) },
  {
    method: 'GET',
    pattern: '/platform/profile',
    mode: 'read',
    prepare: () => ({ headers: { Version: '2' } }),
    check: (res, w, actor) => {
      if (actor !== 'anonymous') expect(res.body.primary_email).toBe(w.users[actor].email)
    },
  },
  {
    method: 'PATCH',
    pattern: '/platform/profile',
    mode: 'write',
    takesBody: true,
    prepare: () => ({ body: { first_name: 'Walker', last_name: 'Test' } }),
  },
  { method: 'GET', pattern: '/platform/profile/permissions', mode: 'read', prepare: () => ({}) },
  {
    method: 'POST',
    pattern: '/platform/profile/password-check',
    mode: 'read',
    success: 200,
    takesBody: true,
    required: ['password'],
    prepare: () => ({ body: { password: 'hunter2' } }),
  },
  { method: 'GET', pattern: '/platform/profile/audit', mode: 'read', prepare: () => ({}) },

  // organizations
  {
    method: 'GET',
    pattern: '/platform/organizations',
    mode: 'read',
    prepare: () => ({}),
    check: listsOnly('slug', (w) => w.orgA.slug, (w) => w.orgB.slug),
  },
  {
    method: 'POST',
    pattern: '/platform/organizations',
    mode: 'write',
    takesBody: true,
    required: ['name'],
    prepare: (w) => ({ body: { name: w.unique('Walk Org'), plan: 'free' } }),
  },
  orgRead(''),
  {
    method: 'PATCH',
    pattern: ORG,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: (w, actor) => ({ params: slugA(w), body: { billing_email: `billing-${actor.toLowerCase()}@walk.test` } }),
  },
  {
    method: 'DELETE',
    pattern: ORG,
    mode: 'write',
    // Every role of A aims at a copy of A with the same members: A itself must outlive the walk.
    prepare: async (w, actor) => ({ params: { slug: inA(actor) ? await w.cloneOrgA() : w.orgA.slug } }),
  },
  orgRead('/roles'),
  orgRead('/members'),
  orgRead('/members/mfa/enforcement'),
  {
    method: 'PATCH',
    pattern: `${ORG}/members/mfa/enforcement`,
    mode: 'write',
    takesBody: true,
    required: ['enforced'],
    // Requiring MFA needs the Owner to use MFA; the Owner confirms "not required", the others try to require it.
    prepare: (w, actor) => ({ params: slugA(w), body: { enforced: actor !== 'owner' } }),
  },
  orgRead('/members/invitations'),
  {
    method: 'POST',
    pattern: `${ORG}/members/invitations`,
    mode: 'write',
    takesBody: true,
    required: ['email', 'role'],
    prepare: (w) => ({ params: slugA(w), body: { email: `${w.unique('invitee')}@walk.test`, role: 'Developer' } }),
  },
  {
    method: 'DELETE',
    pattern: `${ORG}/members/invitations/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({
      params: {
        slug: w.orgA.slug,
        id: String(await target(actor, 'Admin', w.invitationA.id, async () => (await w.invitationFor(`${w.unique('withdrawn')}@walk.test`)).id)),
      },
    }),
  },
  // The /join flow: the invitee is not a member yet, so these need only sign-in and the token.
  // Outsiders present a token they guessed (404); members of A their own invitation.
  {
    method: 'GET',
    pattern: `${ORG}/members/invitations/:token`,
    mode: 'read',
    expect: (actor) => (actor === 'crossTenant' ? 404 : undefined),
    prepare: async (w, actor) => ({
      params: { slug: w.orgA.slug, token: inA(actor) ? (await w.invitationFor(w.users[actor].email)).token : guessedToken() },
    }),
    check: (res, _w, actor) => {
      if (inA(actor)) expect(res.body).toMatchObject({ email_match: true, already_member: true })
    },
  },
  {
    method: 'POST',
    pattern: `${ORG}/members/invitations/:token`,
    mode: 'write',
    takesBody: true,
    // Members of A hold an invitation to their own address but are members already: 409.
    expect: (actor) => (actor === 'crossTenant' ? 404 : inA(actor) ? 409 : undefined),
    prepare: async (w, actor) => ({
      params: { slug: w.orgA.slug, token: inA(actor) ? (await w.invitationFor(w.users[actor].email)).token : guessedToken() },
      body: {},
    }),
  },
  // Refused callers aim at the Owner (a member removing themselves would be leaving, which any member may).
  {
    method: 'PATCH',
    pattern: `${ORG}/members/:userId`,
    mode: 'write',
    takesBody: true,
    required: ['role'],
    prepare: async (w, actor) => ({
      params: { slug: w.orgA.slug, userId: await target(actor, 'Admin', w.users.owner.id, () => w.freshMember('Developer')) },
      body: { role: 'Read-only' },
    }),
  },
  {
    // Any member may leave; removing someone else (as here) needs Admin.
    method: 'DELETE',
    pattern: `${ORG}/members/:userId`,
    mode: 'write',
    // The route lets any member in (anyone may leave); removing someone else, as here, needs Admin.
    expect: (actor) => (actor === 'readOnly' || actor === 'developer' ? 403 : undefined),
    prepare: async (w, actor) => ({
      params: { slug: w.orgA.slug, userId: await target(actor, 'Admin', w.users.owner.id, () => w.freshMember('Developer')) },
    }),
  },
  orgRead('/audit'),
  orgRead('/available-regions'),
  orgRead('/free-project-limit-check'),

  // billing
  {
    method: 'GET',
    pattern: '/platform/stripe/invoices/overdue',
    mode: 'read',
    prepare: () => ({}),
    // Overdue invoices of the organizations where the caller handles billing (Owner, Admin).
    check: (res, w, actor) => {
      const ids = (res.body as { id: number }[]).map((i) => i.id)
      if (allowedInA(actor, 'Admin')) expect(ids).toContain(w.invoiceA.id)
      else expect(ids).not.toContain(w.invoiceA.id)
    },
  },
  orgRead('/customer'),
  ...(['PUT', 'PATCH'] as const).map(
    (method): EndpointEntry => ({
      method,
      pattern: `${ORG}/customer`,
      mode: 'write',
      takesBody: true,
      needsSome: true,
      fields: ['name', 'address', 'address.line1', 'address.country'],
      prepare: (w, actor) => ({
        params: slugA(w),
        body: { name: `Billing of ${actor}`, address: { line1: `${actor} street 1`, country: 'DE' } },
      }),
    })
  ),
  orgRead('/tax-ids'),
  {
    method: 'POST',
    pattern: `${ORG}/tax-ids`,
    mode: 'write',
    takesBody: true,
    required: ['type', 'value'],
    prepare: (w) => ({ params: slugA(w), body: { type: 'us_ein', value: einValue() } }),
  },
  {
    method: 'DELETE',
    pattern: `${ORG}/tax-ids/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: { slug: w.orgA.slug, id: String(await target(actor, 'Admin', w.taxIdA.id, w.freshTaxId)) } }),
  },
  orgRead('/payment-methods'),
  {
    method: 'POST',
    pattern: `${ORG}/payment-methods`,
    mode: 'write',
    takesBody: true,
    required: ['brand', 'last4', 'exp_month', 'exp_year'],
    prepare: (w) => ({ params: slugA(w), body: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: nextYear } }),
  },
  {
    method: 'PATCH',
    pattern: `${ORG}/payment-methods/:id`,
    mode: 'write',
    takesBody: true,
    required: ['is_default'],
    prepare: async (w, actor) => ({
      params: { slug: w.orgA.slug, id: String(await target(actor, 'Admin', w.paymentMethodA, w.freshPaymentMethod)) },
      body: { is_default: true },
    }),
  },
  {
    method: 'DELETE',
    pattern: `${ORG}/payment-methods/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: { slug: w.orgA.slug, id: String(await target(actor, 'Admin', w.paymentMethodA, w.freshPaymentMethod)) } }),
  },
  orgRead('/billing/plans'),
  orgRead('/billing/subscription'),
  {
    method: 'PUT',
    pattern: `${ORG}/billing/subscription`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    // Allowed callers confirm the current plan (no change); the others try to downgrade A.
    prepare: (w, actor) => ({ params: slugA(w), body: { plan_id: allowedInA(actor, 'Admin') ? 'team' : 'free' } }),
  },
  {
    method: 'POST',
    pattern: `${ORG}/billing/subscription/preview`,
    mode: 'read',
    success: 200,
    takesBody: true,
    needsSome: true,
    prepare: (w) => ({ params: slugA(w), body: { plan_id: 'pro' } }),
  },
  {
    method: 'GET',
    pattern: `${ORG}/billing/invoices`,
    mode: 'read',
    prepare: (w) => ({ params: slugA(w) }),
    check: (res, w, actor) => {
      if (allowedInA(actor, 'Admin')) expect((res.body as { id: number }[]).map((i) => i.id)).toContain(w.invoiceA.id)
    },
  },
  orgRead('/billing/invoices/count'),
  orgRead('/billing/invoices/upcoming'),
  {
    method: 'GET',
    pattern: `${ORG}/billing/invoices/:id`,
    mode: 'read',
    prepare: (w) => ({ params: { slug: w.orgA.slug, id: String(w.invoiceA.id) } }),
  },
  orgRead('/usage'),

  // projects
  {
    method: 'GET',
    pattern: '/platform/projects',
    mode: 'read',
    prepare: () => ({}),
    check: listsOnly('ref', (w) => w.projectA, (w) => w.projectB),
  },
  {
    // Organization named in the body; Owners and Admins create projects.
    method: 'POST',
    pattern: '/platform/projects',
    mode: 'write',
    takesBody: true,
    required: ['name', 'organization_slug', 'region', 'db_pass'],
    prepare: (w) => ({ body: { name: w.unique('Walk project'), organization_slug: w.orgA.slug, region: 'eu-west-1', db_pass: STRONG_PASSWORD } }),
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref',
    mode: 'read',
    prepare: (w) => ({ params: refA(w) }),
    check: (res, w, actor) => {
      if (inA(actor)) expect(res.body).toMatchObject({ ref: w.projectA, organization_id: w.orgA.id, status: 'ACTIVE_HEALTHY' })
    },
  },
  {
    method: 'PATCH',
    pattern: '/platform/projects/:ref',
    mode: 'write',
    takesBody: true,
    required: ['name'],
    prepare: (w, actor) => ({ params: { ref: allowedInA(actor, 'Admin') ? w.lifecycleRef : w.projectA }, body: { name: `Renamed by ${actor}` } }),
  },
  {
    method: 'DELETE',
    pattern: '/platform/projects/:ref',
    mode: 'write',
    success: 200,
    prepare: async (w, actor) => ({
      params: { ref: await target(actor, 'Admin', w.projectA, () => w.freshProjectRow({ status: 'INACTIVE' })) },
    }),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/pause',
    mode: 'write',
    success: 200,
    takesBody: true,
    prepare: async (w, actor) => ({ params: await lifecycle(w, actor, 'Admin', 'ACTIVE_HEALTHY'), body: {} }),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/restore',
    mode: 'write',
    success: 200,
    takesBody: true,
    prepare: async (w, actor) => ({ params: await lifecycle(w, actor, 'Admin', 'INACTIVE'), body: {} }),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/restart',
    mode: 'write',
    success: 200,
    takesBody: true,
    prepare: async (w, actor) => ({ params: await lifecycle(w, actor, 'Developer', 'ACTIVE_HEALTHY'), body: {} }),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/db-password',
    mode: 'write',
    success: 204,
    takesBody: true,
    required: ['password'],
    prepare: (w, actor) => ({ params: refA(w), body: { password: `Walk password of ${actor}` } }),
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/branches',
    mode: 'read',
    prepare: (w) => ({ params: refA(w) }),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/branches',
    mode: 'write',
    takesBody: true,
    required: ['branch_name'],
    prepare: (w) => ({ params: refA(w), body: { branch_name: w.unique('walk-branch').toLowerCase() } }),
  },
  {
    method: 'DELETE',
    pattern: '/platform/branches/:ref',
    mode: 'write',
    success: 200,
    prepare: async (w, actor) => ({
      params: { ref: await target(actor, 'Developer', w.branchA, () => w.freshProjectRow({ parent: w.projectA, status: 'INACTIVE' })) },
    }),
  },
  {
    // Read-only members run read-only statements; outsiders try to write.
    method: 'POST',
    pattern: '/platform/pg-meta/:ref/query',
    mode: 'read',
    success: 200,
    takesBody: true,
    required: ['query'],
    fields: ['query', 'parameters', 'name'],
    prepare: (w, actor) => ({
      params: refA(w),
      headers: CONNECTION_HEADER,
      body: inA(actor) ? { query: 'select $1::int as one', parameters: [1] } : { query: 'create table hijacked (id int)', parameters: [] },
    }),
  },

  // telemetry, consent, support: open to signed-out visitors
  {
    method: 'POST',
    pattern: '/platform/telemetry/event',
    mode: 'write',
    success: 204,
    takesBody: true,
    required: ['action'],
    prepare: () => ({ body: { action: 'walk_event', properties: { page: '/walk' }, groups: { project: 'walk' } } }),
  },
  { method: 'GET', pattern: '/platform/telemetry/consent-categories', mode: 'read', prepare: () => ({}) },
  {
    method: 'POST',
    pattern: '/platform/feedback/send',
    mode: 'write',
    takesBody: true,
    required: ['category', 'subject', 'message'],
    prepare: () => ({ body: { category: 'problem', subject: 'Walk', message: 'The authorization walk says hello', allowSupportAccess: false } }),
  },

  // snippets: every member keeps their own; nobody reaches another user's
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/snippets',
    mode: 'read',
    prepare: (w) => ({ params: refA(w) }),
    check: (res, w, actor) => {
      const ids = (res.body as { id: string }[]).map((s) => s.id)
      if (actor === 'owner') expect(ids).toContain(w.snippetA.id)
      else expect(ids).not.toContain(w.snippetA.id)
    },
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/snippets',
    mode: 'write',
    takesBody: true,
    required: ['name'],
    prepare: (w, actor) => ({ params: refA(w), body: { name: `Snippet of ${actor}`, sql: 'select 1' } }),
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/snippets/:id',
    mode: 'read',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: inA(actor) ? await w.snippetOf(actor) : w.snippetA.id } }),
  },
  {
    method: 'PATCH',
    pattern: '/platform/projects/:ref/snippets/:id',
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: async (w, actor) => ({
      params: { ref: w.projectA, id: inA(actor) ? await w.snippetOf(actor) : w.snippetA.id },
      body: { name: `Renamed by ${actor}`, sql: 'select 2', favorite: true },
    }),
  },
  {
    method: 'DELETE',
    pattern: '/platform/projects/:ref/snippets/:id',
    mode: 'write',
    prepare: async (w, actor) => ({ params: { ref: w.projectA, id: inA(actor) ? await w.snippetOf(actor) : w.snippetA.id } }),
  },
]

/**
 * The GoTrue-compatible service. Outsiders (the member of B) aim at A's Owner's factor; each
 * member of A at their own. Logging out uses a session of its own so the walk keeps its tokens.
 */
export const AUTH_ENDPOINTS: EndpointEntry[] = [
  { method: 'GET', pattern: '/settings', mode: 'read', prepare: () => ({}) },
  { method: 'GET', pattern: '/health', mode: 'read', prepare: () => ({}) },
  {
    method: 'POST',
    pattern: '/signup',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['password'],
    fields: ['email', 'password', 'data'],
    prepare: (w) => ({ body: { email: `${w.unique('signup')}@walk.test`, password: STRONG_PASSWORD, data: { walked: true } } }),
  },
  {
    method: 'POST',
    pattern: '/token',
    query: '?grant_type=password',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['password'],
    prepare: async (w, actor) => ({
      body: { email: actor === 'anonymous' ? (await w.freshUser()).email : w.users[actor].email, password: HARNESS_PASSWORD },
    }),
  },
  {
    method: 'POST',
    pattern: '/token',
    query: '?grant_type=refresh_token',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['refresh_token'],
    prepare: async (w) => {
      const res = await w.platform.request('/auth/v1/token?grant_type=password', {
        body: { email: (await w.freshUser()).email, password: HARNESS_PASSWORD },
      })
      expect(res.status, 'sign-in for a refresh token').toBe(200)
      return { body: { refresh_token: res.body.refresh_token } }
    },
  },
  {
    method: 'GET',
    pattern: '/user',
    mode: 'read',
    prepare: () => ({}),
    check: (res, w, actor) => {
      if (actor !== 'anonymous') expect(res.body).toMatchObject({ id: w.users[actor].id, email: w.users[actor].email })
    },
  },
  {
    method: 'PUT',
    pattern: '/user',
    mode: 'write',
    takesBody: true,
    fields: ['data', 'password', 'email'],
    prepare: (_w, actor) => ({ body: { data: { walked_by: actor } } }),
  },
  {
    method: 'POST',
    pattern: '/logout',
    query: '?scope=local',
    mode: 'write',
    success: 204,
    takesBody: true,
    prepare: async (w, actor) => ({ body: {}, token: actor === 'anonymous' ? undefined : await w.freshToken(w.users[actor].id) }),
  },
  {
    method: 'POST',
    pattern: '/recover',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['email'],
    prepare: (w, actor) => ({ body: { email: actor === 'anonymous' ? `${w.unique('nobody')}@walk.test` : w.users[actor].email } }),
  },
  {
    method: 'POST',
    pattern: '/factors',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['factor_type'],
    prepare: (w) => ({ body: { factor_type: 'totp', friendly_name: w.unique('walk factor') } }),
  },
  {
    method: 'POST',
    pattern: '/factors/:id/challenge',
    mode: 'write',
    success: 200,
    takesBody: true,
    expect: (actor) => (actor === 'crossTenant' ? 404 : undefined),
    prepare: async (w, actor) => {
      if (!inA(actor)) return { params: { id: w.factorA }, body: {} }
      return { params: { id: (await w.enrollFactor(w.users[actor].token)).id }, body: {} }
    },
  },
  {
    // A real code on a session of its own (raised to aal2); the factor is removed again afterwards.
    method: 'POST',
    pattern: '/factors/:id/verify',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['challenge_id', 'code'],
    expect: (actor) => (actor === 'crossTenant' ? 404 : undefined),
    prepare: async (w, actor) => {
      const token = actor === 'anonymous' ? undefined : await w.freshToken(w.users[actor].id)
      if (!inA(actor)) return { params: { id: w.factorA }, token, body: { challenge_id: crypto.randomUUID(), code: '000000' } }
      const factor = await w.enrollFactor(token!)
      const challenge = await w.platform.request(`/auth/v1/factors/${factor.id}/challenge`, { token, body: {} })
      expect(challenge.status, 'challenge for the walk').toBe(200)
      const { currentTotpCode } = await import('@/server/auth/totp')
      return { params: { id: factor.id }, token, body: { challenge_id: challenge.body.id, code: currentTotpCode(factor.secret) } }
    },
    check: async (res, w, actor) => {
      if (!inA(actor)) return
      // Leave no verified factor behind: it would make the user's aal1 tokens insufficient for MFA calls.
      const { rows } = await w.db.query<{ id: string }>(`select id from platform.mfa_factors where user_id = $1 and status = 'verified'`, [
        w.users[actor].id,
      ])
      for (const row of rows) {
        const del = await w.platform.request(`/auth/v1/factors/${row.id}`, { method: 'DELETE', token: res.body.access_token, body: {} })
        expect(del.status, 'unenrolling the verified walk factor').toBe(200)
      }
    },
  },
  {
    method: 'DELETE',
    pattern: '/factors/:id',
    mode: 'write',
    success: 200,
    takesBody: true,
    expect: (actor) => (actor === 'crossTenant' ? 404 : undefined),
    prepare: async (w, actor) => ({ params: { id: inA(actor) ? (await w.enrollFactor(w.users[actor].token)).id : w.factorA }, body: {} }),
  },
]


/** A well-formed invitation token nobody was sent. */
function guessedToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

let einCounter = 0
/** A fresh US EIN (tax ids are unique per organization). */
function einValue(): string {
  return String(100_000_000 + ((Date.now() % 1_000_000) * 100 + einCounter++) % 899_999_999)
}

/** Sends one call of the walk. */
export async function send(w: World, ep: Endpoint, actor: Actor, call: Call): Promise<TestResponse> {
  return w.platform.request(fillPath(ep, call.params) + (call.query ?? ''), {
    method: ep.method,
    token: call.token ?? tokenOf(w, actor),
    body: call.body,
    rawBody: call.rawBody,
    headers: call.headers,
  })
}

/**
 * Two organizations: A (team plan) with an Owner, Admin, Developer and Read-only member, and B
 * (pro) whose Owner is the cross-tenant caller; a project in each (ACTIVE_HEALTHY), a second
 * project in A for lifecycle calls, a branch row, and A's billing customer, tax id, payment
 * method, overdue invoice, snippet, pending invitation and MFA factor.
 */
export async function buildWorld(
  platform: TestPlatform,
  options: { crossTenantProject?: boolean; lifecycleProject?: boolean } = {}
): Promise<World> {
  const { getStore } = await import('@/server/db/store')
  const { insertInvoice } = await import('@/server/billing/invoices')
  const { hashInvitationToken } = await import('@/server/organizations/invitations')
  const { generateProjectRef, projectTarget } = await import('@/server/projects/targets')
  const { startSession } = await import('@/server/auth/sessions')
  const { createActiveProject } = await import('../projects-helpers')
  const db = await getStore()
  const tag = crypto.randomBytes(3).toString('hex')
  let n = 0
  const unique = (prefix: string) => `${prefix}-${tag}-${++n}`

  const ok = (res: TestResponse, status: number, what: string) => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status)
    return res.body
  }
  const [owner, admin, developer, readOnly, crossTenant] = await Promise.all(
    ['alpha-owner', 'alpha-admin', 'alpha-developer', 'alpha-read-only', 'bravo-owner'].map((who) => platform.createUser(`${who}-${tag}@walk.example.com`))
  )
  const users = { owner, admin, developer, readOnly, crossTenant }
  const createOrg = async (user: User, name: string, plan: string) =>
    ok(await platform.request('/platform/organizations', { token: user.token, body: { name, plan } }), 201, `creating ${name}`) as World['orgA']
  const orgA = await createOrg(owner, `Alpha Org ${tag}`, 'team')
  const orgB = await createOrg(crossTenant, `Bravo Org ${tag}`, 'pro')
  const addMember = (orgId: number, userId: string, role: Role) =>
    db.query('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [orgId, userId, role])
  await addMember(orgA.id, admin.id, 'Admin')
  await addMember(orgA.id, developer.id, 'Developer')
  await addMember(orgA.id, readOnly.id, 'Read-only')

  const projectNameA = `Alpha Secret Project ${tag}`
  const none = Promise.resolve(null)
  const [projectA, projectB, lifecycle] = (
    await Promise.all([
      createActiveProject(platform, owner.token, orgA.slug, projectNameA),
      options.crossTenantProject === false ? none : createActiveProject(platform, crossTenant.token, orgB.slug, `Bravo Project ${tag}`),
      options.lifecycleProject === false ? none : createActiveProject(platform, owner.token, orgA.slug, `Alpha Lifecycle ${tag}`),
    ])
  ).map((p: { ref: string } | null) => p?.ref ?? '')
  const lifecycleRef = lifecycle || projectA

  const freshProjectRow = async ({ parent, status }: { parent?: string; status: string }) => {
    const ref = generateProjectRef()
    await db.query(
      `insert into platform.projects (ref, name, organization_id, status, region, parent_project_ref, created_by, database_name)
       values ($1, $2, $3, $4, 'eu-west-1', $5, $6, $7)`,
      [ref, unique(parent ? 'alpha-branch' : 'Alpha Disposable'), orgA.id, status, parent ?? null, owner.id, projectTarget(ref).databaseName]
    )
    return ref
  }
  const branchA = await freshProjectRow({ parent: projectA, status: 'INACTIVE' })

  const slugPath = (rest: string) => `/platform/organizations/${orgA.slug}/${rest}`
  const customerNameA = `Alpha Billing GmbH ${tag}`
  ok(
    await platform.request(slugPath('customer'), {
      method: 'PUT',
      token: owner.token,
      body: { name: customerNameA, address: { line1: '1 Alpha Street', country: 'DE' } },
    }),
    200,
    'billing customer'
  )
  const taxId = ok(await platform.request(slugPath('tax-ids'), { token: owner.token, body: { type: 'eu_vat', value: 'DE123456789' } }), 201, 'tax id')
  const freshTaxId = async () =>
    (ok(await platform.request(slugPath('tax-ids'), { token: owner.token, body: { type: 'us_ein', value: einValue() } }), 201, 'tax id') as { id: number }).id
  const freshPaymentMethod = async () =>
    (
      ok(
        await platform.request(slugPath('payment-methods'), { token: owner.token, body: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: nextYear } }),
        201,
        'payment method'
      ) as { id: number }
    ).id
  const paymentMethodA = await freshPaymentMethod()
  const invoiceNumber = `INV-ALPHA-${tag}`
  const now = Date.now()
  const invoiceId = await insertInvoice(db, {
    organizationId: orgA.id,
    status: 'open',
    lines: [{ description: 'Alpha usage', amount: 4200 }],
    periodStart: new Date(now - 40 * 86_400_000),
    periodEnd: new Date(now - 10 * 86_400_000),
    dueDate: new Date(now - 3 * 86_400_000),
    number: invoiceNumber,
  })
  const snippetName = `alpha-secret-snippet-${tag}`
  const snippet = ok(
    await platform.request(`/platform/projects/${projectA}/snippets`, { token: owner.token, body: { name: snippetName, sql: 'select 42' } }),
    201,
    'snippet'
  )
  const invitationEmail = `alpha-invitee-${tag}@walk.example.com`
  const invitation = ok(
    await platform.request(slugPath('members/invitations'), { token: owner.token, body: { email: invitationEmail, role: 'Developer' } }),
    201,
    'invitation'
  )
  const enrollFactor = async (token: string) => {
    const body = ok(await platform.request('/auth/v1/factors', { token, body: { factor_type: 'totp', friendly_name: unique('walk factor') } }), 200, 'factor')
    return { id: body.id as string, secret: body.totp.secret as string }
  }
  const factorA = (await enrollFactor(owner.token)).id

  const world: World = {
    platform,
    db,
    users,
    orgA,
    orgB,
    projectA,
    projectB,
    lifecycleRef,
    branchA,
    invoiceA: { id: invoiceId, number: invoiceNumber },
    taxIdA: { id: taxId.id, value: taxId.value },
    paymentMethodA,
    snippetA: { id: snippet.id, name: snippetName },
    invitationA: { id: invitation.id, token: invitation.token, email: invitationEmail },
    factorA,
    customerNameA,
    secretsOfA: [
      orgA.slug,
      orgA.name,
      projectA,
      projectNameA,
      lifecycleRef,
      branchA,
      owner.email,
      admin.email,
      developer.email,
      readOnly.email,
      customerNameA,
      taxId.value,
      invoiceNumber,
      snippetName,
      invitationEmail,
      factorA,
    ],
    unique,
    freshUser: () => platform.createUser(`${unique('spare')}@walk.example.com`),
    async freshToken(userId) {
      const { rows } = await db.query<{ id: string; email: string }>('select id, email from platform.users where id = $1', [userId])
      return (await startSession(db, rows[0])).access_token
    },
    async freshMember(role) {
      const user = await platform.createUser(`${unique('member')}@walk.example.com`)
      await addMember(orgA.id, user.id, role)
      return user.id
    },
    async cloneOrgA() {
      const slug = unique('alpha-clone')
      const { rows } = await db.query<{ id: number }>(
        `insert into platform.organizations (slug, name, plan_id) values ($1, $2, 'team') returning id`,
        [slug, `Alpha clone ${slug}`]
      )
      for (const actor of Object.keys(ROLE_OF) as (keyof typeof ROLE_OF)[]) await addMember(rows[0].id, users[actor].id, ROLE_OF[actor])
      return slug
    },
    freshTaxId,
    freshPaymentMethod,
    async invitationFor(email) {
      const token = crypto.randomBytes(32).toString('base64url')
      const { rows } = await db.query<{ id: number }>(
        `insert into platform.org_invitations (organization_id, email, role, token_hash, invited_by, expires_at)
         values ($1, $2, 'Developer', $3, $4, now() + interval '7 days') returning id`,
        [orgA.id, email, hashInvitationToken(token), owner.id]
      )
      return { id: Number(rows[0].id), token }
    },
    freshProjectRow,
    async snippetOf(actor) {
      const res = await platform.request(`/platform/projects/${projectA}/snippets`, {
        token: users[actor].token,
        body: { name: unique(`own snippet of ${actor}`), sql: 'select 1' },
      })
      return (ok(res, 201, `snippet of ${actor}`) as { id: string }).id
    },
    enrollFactor,
    async settled(ref, status) {
      const { vi } = await import('vitest')
      await vi.waitFor(
        async () => {
          const { rows } = await db.query<{ status: string }>('select status from platform.projects where ref = $1', [ref])
          expect(rows[0]?.status, `project ${ref}`).toBe(status)
        },
        { timeout: 30_000, interval: 50 }
      )
    },
  }
  return world
}
