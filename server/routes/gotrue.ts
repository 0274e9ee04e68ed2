import { z } from 'zod'
import { challengeFactor, enrollTotpFactor, unenrollFactor, verifyFactor } from '../auth/mfa'
import { changePassword, refreshSession, requestRecovery, signInWithPassword, signUp, type ClientInfo } from '../auth/password-auth'
import { inTransaction, platformRealm, type AuthRealm } from '../auth/realm'
import { revokeUserSessions } from '../auth/sessions'
import { loadUserJson } from '../auth/user-json'
import { findUserById, mergeUserMetadata } from '../auth/users'
import { ApiError } from '../http/errors'
import { route, type RouteDeclaration } from '../http/route'
import { respond, type ApiRequest } from '../http/types'
import { parseBody } from '../http/validate'
import type { AuthSettings } from '@/lib/api-types/auth'
import { getStore } from '../db/store'

// What @supabase/auth-js sends beside the credentials (captcha, PKCE), accepted and unused:
// the embedded service has no captcha and signs in with passwords only.
const metaSecurity = z.strictObject({ captcha_token: z.string().max(4096).nullish() }).optional()
const pkce = { code_challenge: z.string().max(256).nullish(), code_challenge_method: z.string().max(16).nullish() }
const redirectQuery = z.strictObject({ redirect_to: z.string().max(2048).optional() })
/** User (or app) metadata as GoTrue takes it: a JSON object of at most 16 KiB. */
export const metadata = z
  .record(z.string(), z.unknown())
  .refine((data) => JSON.stringify(data).length <= 16_384, 'metadata is limited to 16384 bytes of JSON')

const signUpBody = z.strictObject({
  email: z.string().max(320).optional(),
  phone: z.string().max(32).optional(),
  channel: z.string().max(16).optional(),
  password: z.string().max(1024),
  data: metadata.optional(),
  gotrue_meta_security: metaSecurity,
  ...pkce,
})
const passwordGrantBody = z.strictObject({
  email: z.string().max(320).optional(),
  phone: z.string().max(32).optional(),
  password: z.string().max(1024),
  gotrue_meta_security: metaSecurity,
})
const refreshGrantBody = z.strictObject({ refresh_token: z.string().min(1).max(512) })
const tokenQuery = z.strictObject({ grant_type: z.string().max(64) })
const logoutQuery = z.strictObject({ scope: z.enum(['global', 'local', 'others']).default('global') })
const updateUserBody = z.strictObject({
  email: z.string().max(320).optional(),
  phone: z.string().max(32).optional(),
  password: z.string().max(1024).optional(),
  current_password: z.string().max(1024).optional(),
  nonce: z.string().max(64).optional(),
  data: metadata.optional(),
  ...pkce,
})
const recoverBody = z.strictObject({ email: z.string().max(320), gotrue_meta_security: metaSecurity, ...pkce })
const enrollBody = z.strictObject({
  factor_type: z.string().max(32),
  friendly_name: z.string().max(128).optional(),
  issuer: z.string().max(128).optional(),
  phone: z.string().max(32).optional(),
})
// auth-js posts its whole parameter object to /challenge, factorId included.
const challengeBody = z.strictObject({ factorId: z.string().max(64).optional(), channel: z.string().max(16).optional() })
const verifyBody = z.strictObject({ challenge_id: z.uuid(), code: z.string().max(16) })
const factorParams = z.strictObject({ id: z.uuid() })
// auth-js sends these without a body; anything else sent is refused rather than ignored.
const noBody = z.strictObject({})

export function clientInfo(req: ApiRequest): ClientInfo {
  const agent = req.headers['user-agent']
  return { ip: req.ip, userAgent: typeof agent === 'string' ? agent : undefined }
}

function noPhone(phone: string | undefined, email: string | undefined): asserts email is string {
  if (phone !== undefined && email === undefined) throw new ApiError(422, 'Phone logins are disabled', 'phone_provider_disabled')
  if (email === undefined) throw new ApiError(400, 'An email address is required', 'validation_failed')
}

const anyone = { scope: 'public' } as const

/** Finds the realm a request is for (the platform's, or the project's the path names). */
export type RealmResolver = (req: ApiRequest) => Promise<AuthRealm>

/**
 * The GoTrue-compatible endpoints auth-js uses, for one realm: the platform's at `GOTRUE_URL`
 * (with MFA), a project's at `{url}/auth/v1` (`prefix` `/:ref/auth/v1`).
 */
export function gotrueCoreRoutes(resolve: RealmResolver, prefix = ''): RouteDeclaration[] {
  const session = { scope: 'session', realm: resolve } as const
  return [
  route({
    method: 'GET',
    path: `${prefix}/settings`,
    summary: "The auth service's settings (email sign-up on, phone off)",
    access: anyone,
    handler: async ({ req }) => {
      const realm = await resolve(req)
      return {
        external: { email: true, phone: false },
        disable_signup: realm.disableSignup,
        mailer_autoconfirm: realm.autoconfirm, // no mail is sent: confirmation is the service's or the dashboard's
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
        anonymous_users: false,
      } satisfies AuthSettings
    },
  }),
  route({
    method: 'GET',
    path: `${prefix}/health`,
    summary: 'Health check',
    access: anyone,
    handler: async () => ({ name: 'embedded-auth', description: 'GoTrue-compatible auth of the embedded platform' }),
  }),
  route({
    method: 'POST',
    path: `${prefix}/signup`,
    summary: 'Sign up with email and password (rate-limited per address)',
    access: anyone,
    query: redirectQuery,
    body: signUpBody,
    handler: async ({ req, body }) => {
      noPhone(body.phone, body.email)
      return signUp(await resolve(req), { email: body.email, password: body.password, data: body.data }, clientInfo(req))
    },
  }),
  // One path, two grants with bodies of their own: the handler reads the body the grant names.
  route({
    method: 'POST',
    path: `${prefix}/token`,
    summary: 'Sign in with a password, or refresh a session (?grant_type=)',
    access: anyone,
    query: tokenQuery,
    handler: async ({ req, query: { grant_type } }) => {
      if (grant_type === 'password') {
        const body = await parseBody(req, passwordGrantBody)
        noPhone(body.phone, body.email)
        return signInWithPassword(await resolve(req), { email: body.email, password: body.password }, clientInfo(req))
      }
      if (grant_type === 'refresh_token') {
        const { refresh_token } = await parseBody(req, refreshGrantBody)
        return refreshSession(await resolve(req), refresh_token)
      }
      throw new ApiError(400, `Unsupported grant_type "${grant_type}": use password or refresh_token`, 'unsupported_grant_type')
    },
  }),
  route({
    method: 'GET',
    path: `${prefix}/user`,
    summary: 'The signed-in user',
    access: session,
    handler: async ({ session: ctx }) => loadUserJson(ctx.realm, ctx.user),
  }),
  route({
    method: 'PUT',
    path: `${prefix}/user`,
    summary: "Change the user's password or metadata",
    access: session,
    query: redirectQuery,
    body: updateUserBody,
    handler: async ({ session: ctx, body }) => {
      const { realm } = ctx
      if (body.email !== undefined && body.email.trim().toLowerCase() !== ctx.user.email.toLowerCase()) {
        throw new ApiError(422, 'Changing the email address is not supported by the embedded auth service', 'email_change_not_supported')
      }
      if (body.phone) throw new ApiError(422, 'Phone numbers are not supported by the embedded auth service', 'phone_provider_disabled')
      // Checked before anything is written, so a refused password leaves the metadata as it was.
      if (body.password !== undefined) await changePassword(ctx, { password: body.password, currentPassword: body.current_password })
      if (body.data !== undefined) {
        await realm.db.transaction(async (db) => {
          await mergeUserMetadata(inTransaction(realm, db), ctx.user.id, body.data!)
          await realm.audit(db, { action: 'user_modified', userId: ctx.user.id, email: ctx.user.email })
        })
      }
      const user = (await findUserById(realm, ctx.user.id)) ?? ctx.user
      return loadUserJson(realm, user)
    },
  }),
  route({
    method: 'POST',
    path: `${prefix}/logout`,
    summary: 'Sign out this session, the others, or all (?scope=)',
    access: session,
    query: logoutQuery,
    body: noBody,
    handler: async ({ session: ctx, query: { scope } }) => {
      const { realm } = ctx
      await realm.db.transaction(async (db) => {
        await revokeUserSessions(inTransaction(realm, db), ctx.user.id, scope, ctx.session.id)
        await realm.audit(db, { action: 'logout', userId: ctx.user.id, email: ctx.user.email, metadata: { scope } })
      })
      return respond(204)
    },
  }),
  route({
    method: 'POST',
    path: `${prefix}/recover`,
    summary: 'Ask for a password recovery (answers alike for unknown addresses)',
    access: anyone,
    query: redirectQuery,
    body: recoverBody,
    handler: async ({ req, body }) => {
      await requestRecovery(await resolve(req), { email: body.email }, clientInfo(req))
      return {}
    },
  }),
  ]
}

const platformSession = { scope: 'session' } as const

/** The GoTrue-compatible auth service (mounted at `GOTRUE_URL`), the subset auth-js uses here. */
export const gotrueRoutes = [
  ...gotrueCoreRoutes(async () => platformRealm(await getStore())),
  route({
    method: 'POST',
    path: '/factors',
    summary: 'Enrol a TOTP factor',
    access: platformSession,
    body: enrollBody,
    handler: async ({ db, session: ctx, body }) => {
      if (body.factor_type === 'phone' || body.factor_type === 'webauthn') {
        throw new ApiError(422, `Enrolling ${body.factor_type} factors is not enabled: use totp`, `mfa_${body.factor_type}_enroll_not_enabled`)
      }
      if (body.factor_type !== 'totp') throw new ApiError(400, 'factor_type must be totp', 'validation_failed')
      return enrollTotpFactor(db, ctx, { friendlyName: body.friendly_name, issuer: body.issuer })
    },
  }),
  route({
    method: 'POST',
    path: '/factors/:id/challenge',
    summary: 'Challenge a factor',
    access: platformSession,
    params: factorParams,
    body: challengeBody,
    handler: async ({ req, db, session: ctx, params: { id }, body }) => {
      if (body.factorId !== undefined && body.factorId !== id) throw new ApiError(400, 'factorId does not match the factor in the path', 'validation_failed')
      return challengeFactor(db, ctx, id, req.ip)
    },
  }),
  route({
    method: 'POST',
    path: '/factors/:id/verify',
    summary: 'Verify a challenge: the session reaches aal2',
    access: platformSession,
    params: factorParams,
    body: verifyBody,
    handler: async ({ db, session: ctx, params: { id }, body }) => {
      const tokens = await verifyFactor(db, ctx, id, { challengeId: body.challenge_id, code: body.code.trim() })
      return { ...tokens, user: await loadUserJson(db, ctx.user) }
    },
  }),
  route({
    method: 'DELETE',
    path: '/factors/:id',
    summary: 'Remove a factor',
    access: platformSession,
    params: factorParams,
    body: noBody,
    handler: async ({ db, session: ctx, params: { id } }) => unenrollFactor(db, ctx, id),
  }),
]
