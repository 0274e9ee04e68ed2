import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '@/lib/password-strength'
import { getCaller } from '../auth/caller'
import { badRequest } from '../http/errors'
import { route } from '../http/route'
import { respond, type ApiRequest } from '../http/types'
import { listUserAuditLogs } from '../profile/audit-log'
import { limitPasswordChecks, scorePassword } from '../profile/password-check'
import { listCallerPermissions } from '../profile/permissions'
import { createProfile, getProfile, profileJson, updateProfile } from '../profile/profiles'
import type { AuditEntry, AuditLogs } from '@/lib/api-types/audit'
import { passwordCheckBody, updateProfileBody, type PasswordCheckResponse } from '@/lib/api-types/profile'

const isoInstant = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'must be an ISO 8601 date or date-time, e.g. 2025-05-16T22:00:00Z',
})
const auditQuery = z.strictObject({ date_start: isoInstant.optional(), date_end: isoInstant.optional() })

/** Default window of the audit log when no dates are given. */
const DEFAULT_AUDIT_DAYS = 7

/** spec §7: the profile is read with header `Version: 2`. */
function requireVersion2(req: ApiRequest): void {
  const version = req.headers.version
  if (version !== '2') {
    throw badRequest(
      version === undefined
        ? 'Missing Version header: send "Version: 2" to read the profile'
        : `Unsupported Version header "${String(version)}": this endpoint speaks version 2`
    )
  }
}

const user = { scope: 'user' } as const

export const profileRoutes = [
  route({
    method: 'GET',
    path: '/platform/profile',
    summary: "The caller's profile (send `Version: 2`)",
    access: user,
    handler: async ({ req, db, caller }) => {
      requireVersion2(req)
      return profileJson(await getProfile(db, caller), caller)
    },
  }),
  route({
    method: 'POST',
    path: '/platform/profile',
    summary: "Create the caller's profile on first sign-in",
    access: user,
    body: z.strictObject({}),
    handler: async ({ db, caller }) => respond(201, profileJson(await createProfile(db, caller), caller)),
  }),
  route({
    method: 'PATCH',
    path: '/platform/profile',
    summary: "Change the caller's names or username",
    access: user,
    body: updateProfileBody,
    handler: async ({ db, caller, body }) => profileJson(await updateProfile(db, caller, body), caller),
  }),
  route({
    method: 'GET',
    path: '/platform/profile/permissions',
    summary: "The caller's permissions in every organization and project",
    access: user,
    handler: async ({ db, caller }) => listCallerPermissions(db, caller),
  }),
  // Open to anonymous callers: the sign-up screen scores a password before any account exists.
  route({
    method: 'POST',
    path: '/platform/profile/password-check',
    summary: 'Score a password (zxcvbn); anyone, rate-limited',
    access: { scope: 'public' },
    body: passwordCheckBody,
    handler: async ({ req, db, body: { password } }) => {
      // spec §5, §9: the client refuses longer passwords itself; the server says why too.
      if (password.length > MAX_PASSWORD_LENGTH) {
        throw badRequest(`Password should be less than ${MAX_PASSWORD_LENGTH + 1} characters: the maximum length is ${MAX_PASSWORD_LENGTH}`)
      }
      const caller = await getCaller(req)
      await limitPasswordChecks(db, caller, req.ip)
      const userInputs = caller ? [caller.email, caller.email.split('@')[0]] : []
      return { result: await scorePassword(password, userInputs) } satisfies PasswordCheckResponse
    },
  }),
  route({
    method: 'GET',
    path: '/platform/profile/audit',
    summary: "The caller's own audit log for a date range (default: the last 7 days)",
    access: user,
    query: auditQuery,
    handler: async ({ db, caller, query }) => {
      const end = query.date_end ? new Date(query.date_end) : new Date()
      const start = query.date_start ? new Date(query.date_start) : new Date(end.getTime() - DEFAULT_AUDIT_DAYS * 86_400_000)
      if (query.date_end && /^\d{4}-\d{2}-\d{2}$/.test(query.date_end)) end.setUTCHours(23, 59, 59, 999) // a date ends at its last instant
      if (start > end) throw badRequest('date_start must not be after date_end')
      const result = await listUserAuditLogs(db, caller.userId, { start, end })
      return { result, date_start: start.toISOString(), date_end: end.toISOString() } satisfies AuditLogs<AuditEntry>
    },
  }),
]
