import type { z } from 'zod'
import { getServerConfig } from '@/lib/config'
import { getOrgAccess, getProjectAccess, type OrganizationRow, type ProjectRow } from '../access'
import type { Role } from '@/lib/api-types/roles'
import { requireAuthSession, type AuthContext } from '../auth/auth-session'
import type { Caller } from '../auth/caller'
import type { AuthRealm } from '../auth/realm'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import type { Db } from '../db/types'
import { notFound } from './errors'
import type { ApiRequest, Method } from './types'
import { parseBody, parseParams, parseQuery } from './validate'

/**
 * Who may call a route, checked by the router before the handler runs:
 * - `public`: anyone, signed in or not;
 * - `user`: any signed-in user (self-hosted: the one local user), about their own things;
 * - `session`: the auth service's signed-in user (GoTrue's statuses: 401 without a token, 403 for
 *   a bad one or a signed-out session), with the session itself, in the platform's realm or the
 *   one `realm` finds (a project's users);
 * - `organization`: a member of the organization with at least `minimum` (404 for non-members,
 *   403 below the minimum); the slug comes from `:slug`, or from `slug(input)`;
 * - `project`: the same for the project's organization; the ref comes from `:ref`, or `ref(input)`.
 */
export type RouteAccess =
  | { scope: 'public' }
  | { scope: 'user' }
  | { scope: 'session'; realm?: (req: ApiRequest) => Promise<AuthRealm> }
  | { scope: 'organization'; minimum: Role; slug?: (input: RouteInput) => string }
  | { scope: 'project'; minimum: Role; ref?: (input: RouteInput) => string }

/** What the router has parsed before access is decided (a body only when access reads it). */
export type RouteInput = { params: any; query: any; body: any }

type Infer<S> = S extends z.ZodType ? z.infer<S> : Record<string, never>

/** What a handler receives: the request and everything the declaration promised. */
export type RouteContext<P = unknown, Q = unknown, B = unknown, A extends RouteAccess = RouteAccess> = {
  req: ApiRequest
  params: P
  query: Q
  body: B
} & AccessContext<A>

type AccessContext<A extends RouteAccess> = A extends { scope: 'public' }
  ? { caller: Caller | null; db: Db }
  : A extends { scope: 'user' }
    ? { caller: Caller; db: Db }
    : A extends { scope: 'session' }
      ? { session: AuthContext; db: Db }
    : A extends { scope: 'organization' }
      ? { caller: Caller; db: Db; org: OrganizationRow; role: Role }
      : A extends { scope: 'project' }
        ? { caller: Caller; db: Db; org: OrganizationRow; project: ProjectRow; role: Role }
        : never

/** One route: everything the router, the route table and the authorization walk need. */
export type RouteDeclaration = {
  method: Method
  path: string
  /** One line for `npm run routes`. */
  summary: string
  access: RouteAccess
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** Body size limit in bytes, below the mount's (413 past it). */
  maxBodyBytes?: number
  /** A route of the hosted platform only: self-hosted, it answers 404 with this message before anything else. */
  hostedOnly?: string
  /** Runs once the caller is known, before anything else is read (e.g. billing's availability: 404 when off). */
  available?: (caller: Caller) => void
  handler: (ctx: any) => Promise<unknown>
}

/**
 * Declares a route. The router authenticates, validates `params`, decides `access`, then
 * validates `query` and `body`, and calls `handler` with the result; a handler holds no SQL
 * (it calls its domain's module) and returns a body (200, or 204 when undefined) or `respond(...)`.
 */
export function route<
  A extends RouteAccess,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(declaration: {
  method: Method
  path: string
  summary: string
  access: A
  params?: P
  query?: Q
  body?: B
  maxBodyBytes?: number
  hostedOnly?: string
  available?: (caller: Caller) => void
  handler: (ctx: RouteContext<Infer<P>, Infer<Q>, Infer<B>, A>) => Promise<unknown>
}): RouteDeclaration {
  return declaration as RouteDeclaration
}

/** Runs a declaration against a matched request: authentication, validation, access, handler. */
export async function runRoute(
  declaration: RouteDeclaration,
  req: ApiRequest,
  authenticate: (req: ApiRequest) => Promise<Caller> = requireCaller
): Promise<unknown> {
  const { access } = declaration
  if (declaration.hostedOnly && !getServerConfig().isPlatform) throw notFound(declaration.hostedOnly)
  const caller = access.scope === 'public' || access.scope === 'session' ? null : await authenticate(req)
  if (caller && declaration.available) declaration.available(caller)
  const input: RouteInput = {
    params: declaration.params ? parseParams(req, declaration.params) : {},
    query: {},
    body: {},
  }
  const bodyFirst = (access.scope === 'organization' && access.slug) || (access.scope === 'project' && access.ref)
  if (bodyFirst && declaration.body) input.body = await parseBody(req, declaration.body, { maxBytes: declaration.maxBodyBytes })
  const db = await getStore()
  let scoped: Record<string, unknown> = {}
  if (access.scope === 'session') {
    scoped = { session: await requireAuthSession(access.realm ? await access.realm(req) : db, req) }
  } else if (access.scope === 'organization') {
    const slug = access.slug ? access.slug(input) : String(input.params.slug)
    scoped = await getOrgAccess(db, caller!, slug, access.minimum)
  } else if (access.scope === 'project') {
    const ref = access.ref ? access.ref(input) : String(input.params.ref)
    scoped = await getProjectAccess(db, caller!, ref, access.minimum)
  }
  if (declaration.query) input.query = parseQuery(req, declaration.query)
  if (!bodyFirst && declaration.body) input.body = await parseBody(req, declaration.body, { maxBytes: declaration.maxBodyBytes })
  return declaration.handler({ req, caller, db, ...input, ...scoped })
}

/** `Owner`, `Developer+`, `signed in`, `public`: the role column of the route table. */
export function describeAccess(access: RouteAccess): string {
  switch (access.scope) {
    case 'public':
      return 'public'
    case 'user':
      return 'signed in'
    case 'session':
      return 'signed in (session)'
    case 'organization':
      return `organization ${access.minimum === 'Owner' ? 'Owner' : `${access.minimum}+`}`
    case 'project':
      return `project ${access.minimum === 'Owner' ? 'Owner' : `${access.minimum}+`}`
  }
}
