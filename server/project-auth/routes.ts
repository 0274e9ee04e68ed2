import { z } from 'zod'
import { loadUserJson } from '../auth/user-json'
import { bearerToken } from '../auth/caller'
import { findUserByEmail } from '../auth/users'
import { getStore } from '../db/store'
import { ApiError } from '../http/errors'
import { route, type RouteDeclaration } from '../http/route'
import { respond, type ApiRequest } from '../http/types'
import { verifyProjectKey } from '../projects/api-keys'
import { gotrueCoreRoutes, metadata } from '../routes/gotrue'
import { createProjectUser, deleteProjectUser, getProjectUser, listProjectUsers, updateProjectUser } from './admin'
import { getProjectAuthConfig } from './config'
import { projectRealm } from './realm'
import { allowedRedirect, createRecoveryLink, redeemRecoveryToken } from './recovery'

/**
 * `{url}/auth/v1` of a project, below the project API's mount (`/:ref/auth/v1/...`): the GoTrue
 * endpoints auth-js uses (the platform's own implementation, in the project's realm), the
 * recovery link's `/verify`, and the admin endpoints `supabase.auth.admin` calls with the service
 * key. The `apikey` is checked before routing (handler.ts).
 */

const PREFIX = '/:ref/auth/v1'
const resolve = (req: ApiRequest) => projectRealm(req.params.ref, req.headers)
const anyone = { scope: 'public' } as const

/** The realm of an admin endpoint, which needs the service key as bearer token, as GoTrue's do. */
async function adminRealm(req: ApiRequest) {
  const token = bearerToken(req)
  if (!token) throw new ApiError(401, 'This endpoint requires a Bearer token', 'no_authorization')
  const key = await verifyProjectKey(await getStore(), req.params.ref, token)
  if (key?.role !== 'service_role') throw new ApiError(403, 'User not allowed', 'not_admin')
  return resolve(req)
}

const userAttributes = z.strictObject({
  email: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  email_confirm: z.boolean().optional(),
  phone: z.string().max(32).optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  ban_duration: z.string().max(16).optional(),
  role: z.string().max(64).optional(),
  nonce: z.string().max(64).optional(),
})
/** A new user's attributes: GoTrue's admin create also takes the user's `id`, to keep the one an import or another system gave them. */
const newUserAttributes = userAttributes.extend({ id: z.uuid('must be a user id (uuid)').optional() })
const userParams = z.strictObject({ ref: z.string(), id: z.uuid('must be a user id (uuid)') })
const refParams = z.strictObject({ ref: z.string() })
// auth-js sends `page=&per_page=` when none is given: empty means the default.
const pageNumber = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).default(fallback))
const listQuery = z.strictObject({ page: pageNumber(1, 1_000_000), per_page: pageNumber(50, 1000) })
const deleteBody = z.strictObject({ should_soft_delete: z.boolean().optional() })
const linkBody = z.strictObject({
  type: z.string().max(32),
  email: z.string().max(320),
  password: z.string().max(1024).optional(),
  data: metadata.optional(),
  redirect_to: z.string().max(2048).optional(),
  new_email: z.string().max(320).optional(),
})
const verifyQuery = z.strictObject({ token: z.string().max(256), type: z.string().max(32), redirect_to: z.string().max(2048).optional() })

function attributes<T extends z.infer<typeof userAttributes>>(body: T) {
  if (body.phone !== undefined) throw new ApiError(422, 'Phone numbers are not supported by the embedded auth service', 'phone_provider_disabled')
  if (body.role !== undefined && body.role !== 'authenticated') throw new ApiError(422, 'Only the authenticated role is supported', 'validation_failed')
  const { phone: _p, phone_confirm: _pc, role: _r, nonce: _n, ...changes } = body
  return changes
}

/** A URL's fragment carrying a session, or an error, as GoTrue redirects after /verify. */
function withFragment(target: string, values: Record<string, string>): string {
  const url = new URL(target)
  url.hash = new URLSearchParams(values).toString()
  return url.toString()
}

export const projectAuthRoutes: RouteDeclaration[] = [
  ...gotrueCoreRoutes(resolve, PREFIX),
  route({
    method: 'GET',
    path: `${PREFIX}/verify`,
    summary: 'Open a recovery link: signs in and redirects with the session in the fragment',
    access: anyone,
    query: verifyQuery,
    handler: async ({ req, query }) => {
      const { SITE_URL } = await getProjectAuthConfig(await getStore(), req.params.ref)
      const target = allowedRedirect(SITE_URL, query.redirect_to)
      if (query.type !== 'recovery') {
        return respond(303, undefined, { Location: withFragment(target, { error: 'unsupported_type', error_description: `Links of type ${query.type} are not supported` }) })
      }
      try {
        const session = await redeemRecoveryToken(await resolve(req), query.token)
        const fragment = {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: 'recovery',
        }
        return respond(303, undefined, { Location: withFragment(target, fragment), 'Cache-Control': 'no-store' })
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error
        const fragment = { error: 'access_denied', error_code: error.errorCode ?? 'otp_expired', error_description: error.message }
        return respond(303, undefined, { Location: withFragment(target, fragment) })
      }
    },
  }),
  route({
    method: 'GET',
    path: `${PREFIX}/admin/users`,
    summary: 'List users, newest first (service key)',
    access: anyone,
    params: refParams,
    query: listQuery,
    handler: async ({ req, query }) => {
      const realm = await adminRealm(req)
      const { users, total } = await listProjectUsers(realm, { page: query.page, perPage: query.per_page })
      const body = { users: await Promise.all(users.map((u) => loadUserJson(realm, u))), aud: 'authenticated' }
      const last = Math.max(1, Math.ceil(total / query.per_page))
      const links = [`</admin/users?page=${last}&per_page=${query.per_page}>; rel="last"`]
      if (query.page < last) links.unshift(`</admin/users?page=${query.page + 1}&per_page=${query.per_page}>; rel="next"`)
      return respond(200, body, { 'X-Total-Count': String(total), Link: links.join(', ') })
    },
  }),
  route({
    method: 'POST',
    path: `${PREFIX}/admin/users`,
    summary: 'Create a user (service key)',
    access: anyone,
    params: refParams,
    body: newUserAttributes,
    handler: async ({ req, body }) => {
      const realm = await adminRealm(req)
      return loadUserJson(realm, await createProjectUser(realm, attributes(body)))
    },
  }),
  route({
    method: 'GET',
    path: `${PREFIX}/admin/users/:id`,
    summary: 'A user (service key)',
    access: anyone,
    params: userParams,
    handler: async ({ req, params }) => {
      const realm = await adminRealm(req)
      return loadUserJson(realm, await getProjectUser(realm, params.id))
    },
  }),
  route({
    method: 'PUT',
    path: `${PREFIX}/admin/users/:id`,
    summary: 'Change a user: address, password, confirmation, metadata, ban (service key)',
    access: anyone,
    params: userParams,
    body: userAttributes,
    handler: async ({ req, params, body }) => {
      const realm = await adminRealm(req)
      return loadUserJson(realm, await updateProjectUser(realm, params.id, attributes(body), { replaceMetadata: false }))
    },
  }),
  route({
    method: 'DELETE',
    path: `${PREFIX}/admin/users/:id`,
    summary: 'Delete a user and their sessions (service key)',
    access: anyone,
    params: userParams,
    body: deleteBody,
    handler: async ({ req, params, body }) => {
      const realm = await adminRealm(req)
      if (body.should_soft_delete) throw new ApiError(422, 'Soft deletion is not supported by the embedded auth service', 'validation_failed')
      return loadUserJson(realm, await deleteProjectUser(realm, params.id))
    },
  }),
  route({
    method: 'POST',
    path: `${PREFIX}/admin/generate_link`,
    summary: 'Make a recovery link for a user (service key; no mail is sent)',
    access: anyone,
    params: refParams,
    body: linkBody,
    handler: async ({ req, body }) => {
      const realm = await adminRealm(req)
      if (body.type !== 'recovery') throw new ApiError(422, `Links of type ${body.type} are not supported: use recovery`, 'validation_failed')
      const user = await findUserByEmail(realm, body.email)
      if (!user) throw new ApiError(404, 'User with this email not found', 'user_not_found')
      const { SITE_URL } = await getProjectAuthConfig(await getStore(), req.params.ref)
      const link = await createRecoveryLink(realm, user, allowedRedirect(SITE_URL, body.redirect_to))
      return {
        ...(await loadUserJson(realm, user)),
        action_link: link.action_link,
        email_otp: '',
        hashed_token: link.hashed_token,
        verification_type: 'recovery',
        redirect_to: link.redirect_to,
      }
    },
  }),
]
