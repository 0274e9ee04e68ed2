import { z } from 'zod'
import { audit } from '../access'
import { challengeFactor, enrollTotpFactor, unenrollFactor, verifyFactor } from '../auth/mfa'
import { changePassword, requestRecovery, signInWithPassword, signUp, type ClientInfo } from '../auth/password-auth'
import { revokeUserSessions, rotateRefreshToken } from '../auth/sessions'
import { loadUserJson } from '../auth/user-json'
import { findUserById, mergeUserMetadata } from '../auth/users'
import { ApiError } from '../http/errors'
import { route } from '../http/route'
import { respond, type ApiRequest } from '../http/types'
import { parseBody } from '../http/validate'
import type { AuthSettings } from '@/lib/api-types/auth'

// What @supabase/auth-js sends beside the credentials (captcha, PKCE), accepted and unused:
// the embedded service has no captcha and signs in with passwords only.
const metaSecurity = z.strictObject({ captcha_token: z.string().max(4096).nullish() }).optional()
const pkce = { code_challenge: z.string().max(256).nullish(), code_challenge_method: z.string().max(16).nullish() }
const redirectQuery = z.strictObject({ redirect_to: z.string().max(2048).optional() })
const metadata = z
  .record(z.string(), z.unknown())
  .refine((data) => JSON.stringify(data).length <= 16_384, 'user metadata is limited to 16384 bytes of JSON')

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

function clientInfo(req: ApiRequest): ClientInfo {
  const agent = req.headers['user-agent']
  return { ip: req.ip, userAgent: typeof agent === 'string' ? agent : undefined }
}

function noPhone(phone: string | undefined, email: string | undefined): asserts email is string {
  if (phone !== undefined && email === undefined) throw new ApiError(422, 'Phone logins are disabled', 'phone_provider_disabled')
  if (email === undefined) throw new ApiError(400, 'An email address is required', 'validation_failed')
}

const anyone = { scope: 'public' } as const
const session = { scope: 'session' } as const

/** The GoTrue-compatible auth service (mounted at `GOTRUE_URL`), the subset auth-js uses here. */
export const gotrueRoutes = [
  route({
    method: 'GET',
    path: '/settings',
    summary: "The auth service's settings (email sign-up on, phone off)",
    access: anyone,
    handler: async () => ({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true, // no mail is sent: addresses count as confirmed at sign-up
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      anonymous_users: false,
    }) satisfies AuthSettings,
  }),
  route({
    method: 'GET',
    path: '/health',
    summary: 'Health check',
    access: anyone,
    handler: async () => ({ name: 'embedded-auth', description: 'GoTrue-compatible auth of the embedded platform' }),
  }),
  route({
    method: 'POST',
    path: '/signup',
    summary: 'Sign up with email and password (rate-limited per address)',
    access: anyone,
    query: redirectQuery,
    body: signUpBody,
    handler: async ({ req, db, body }) => {
      noPhone(body.phone, body.email)
      return signUp(db, { email: body.email, password: body.password, data: body.data }, clientInfo(req))
    },
  }),
  // One path, two grants with bodies of their own: the handler reads the body the grant names.
  route({
    method: 'POST',
    path: '/token',
    summary: 'Sign in with a password, or refresh a session (?grant_type=)',
    access: anyone,
    query: tokenQuery,
    handler: async ({ req, db, query: { grant_type } }) => {
      if (grant_type === 'password') {
        const body = await parseBody(req, passwordGrantBody)
        noPhone(body.phone, body.email)
        return signInWithPassword(db, { email: body.email, password: body.password }, clientInfo(req))
      }
      if (grant_type === 'refresh_token') {
        const { refresh_token } = await parseBody(req, refreshGrantBody)
        const outcome = await rotateRefreshToken(db, refresh_token)
        if (outcome.kind === 'not_found') throw new ApiError(400, 'Invalid Refresh Token: Refresh Token Not Found', 'refresh_token_not_found')
        if (outcome.kind === 'reused') throw new ApiError(400, 'Invalid Refresh Token: Already Used', 'refresh_token_already_used')
        return { ...outcome.tokens, user: await loadUserJson(db, outcome.user) }
      }
      throw new ApiError(400, `Unsupported grant_type "${grant_type}": use password or refresh_token`, 'unsupported_grant_type')
    },
  }),
  route({ method: 'GET', path: '/user', summary: 'The signed-in user', access: session, handler: async ({ db, session }) => loadUserJson(db, session.user) }),
  route({
    method: 'PUT',
    path: '/user',
    summary: "Change the user's password or metadata",
    access: session,
    query: redirectQuery,
    body: updateUserBody,
    handler: async ({ db, session: ctx, body }) => {
      if (body.email !== undefined && body.email.trim().toLowerCase() !== ctx.user.email.toLowerCase()) {
        throw new ApiError(422, 'Changing the email address is not supported by the embedded auth service', 'email_change_not_supported')
      }
      if (body.phone) throw new ApiError(422, 'Phone numbers are not supported by the embedded auth service', 'phone_provider_disabled')
      // Checked before anything is written, so a refused password leaves the metadata as it was.
      if (body.password !== undefined) await changePassword(db, ctx, { password: body.password, currentPassword: body.current_password })
      if (body.data !== undefined) {
        await db.transaction(async (tx) => {
          await mergeUserMetadata(tx, ctx.user.id, body.data!)
          await audit(tx, { userId: ctx.user.id, action: 'user.metadata_updated' })
        })
      }
      const user = (await findUserById(db, ctx.user.id)) ?? ctx.user
      return loadUserJson(db, user)
    },
  }),
  route({
    method: 'POST',
    path: '/logout',
    summary: 'Sign out this session, the others, or all (?scope=)',
    access: session,
    query: logoutQuery,
    body: noBody,
    handler: async ({ db, session: ctx, query: { scope } }) => {
      await db.transaction(async (tx) => {
        await revokeUserSessions(tx, ctx.user.id, scope, ctx.session.id)
        await audit(tx, { userId: ctx.user.id, action: 'user.signed_out', metadata: { scope } })
      })
      return respond(204)
    },
  }),
  route({
    method: 'POST',
    path: '/recover',
    summary: 'Ask for a password recovery (answers alike for unknown addresses)',
    access: anyone,
    query: redirectQuery,
    body: recoverBody,
    handler: async ({ req, db, body }) => {
      await requestRecovery(db, { email: body.email }, clientInfo(req))
      return {}
    },
  }),
  route({
    method: 'POST',
    path: '/factors',
    summary: 'Enrol a TOTP factor',
    access: session,
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
    access: session,
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
    access: session,
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
    access: session,
    params: factorParams,
    body: noBody,
    handler: async ({ db, session: ctx, params: { id } }) => unenrollFactor(db, ctx, id),
  }),
]
