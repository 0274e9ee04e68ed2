import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '@/lib/password-strength'
import { getCaller, requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import { badRequest } from '../http/errors'
import type { Router } from '../http/router'
import { respond, type ApiRequest } from '../http/types'
import { parseBody, parseQuery } from '../http/validate'
import { listUserAuditLogs } from '../profile/audit-log'
import { limitPasswordChecks, scorePassword } from '../profile/password-check'
import { listCallerPermissions } from '../profile/permissions'
import { createProfile, getProfile, profileJson, updateProfile } from '../profile/profiles'

const name = z.string().trim().max(100).nullable().optional()
const updateBody = z.strictObject({
  first_name: name,
  last_name: name,
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,32}$/, 'a username has 3 to 32 letters, digits, ".", "_" or "-"')
    .optional(),
})
const passwordCheckBody = z.strictObject({ password: z.string().max(10_000) })
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

export function registerProfileRoutes(router: Router): void {
  router.get('/platform/profile', async (req) => {
    requireVersion2(req)
    const caller = await requireCaller(req)
    const db = await getStore()
    return profileJson(await getProfile(db, caller), caller)
  })

  router.post('/platform/profile', async (req) => {
    await parseBody(req, z.strictObject({}))
    const caller = await requireCaller(req)
    const db = await getStore()
    return respond(201, profileJson(await createProfile(db, caller), caller))
  })

  router.patch('/platform/profile', async (req) => {
    const changes = await parseBody(req, updateBody)
    const caller = await requireCaller(req)
    const db = await getStore()
    return profileJson(await updateProfile(db, caller, changes), caller)
  })

  router.get('/platform/profile/permissions', async (req) => {
    const caller = await requireCaller(req)
    return listCallerPermissions(await getStore(), caller)
  })

  // Open to anonymous callers: the sign-up screen scores a password before any account exists.
  router.post('/platform/profile/password-check', async (req) => {
    const { password } = await parseBody(req, passwordCheckBody)
    // spec §5, §9: the client refuses longer passwords itself; the server says why too.
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw badRequest(`Password should be less than ${MAX_PASSWORD_LENGTH + 1} characters: the maximum length is ${MAX_PASSWORD_LENGTH}`)
    }
    const caller = await getCaller(req)
    await limitPasswordChecks(await getStore(), caller, req.ip)
    const userInputs = caller ? [caller.email, caller.email.split('@')[0]] : []
    return { result: await scorePassword(password, userInputs) }
  })

  router.get('/platform/profile/audit', async (req) => {
    const query = parseQuery(req, auditQuery)
    const caller = await requireCaller(req)
    const end = query.date_end ? new Date(query.date_end) : new Date()
    const start = query.date_start ? new Date(query.date_start) : new Date(end.getTime() - DEFAULT_AUDIT_DAYS * 86_400_000)
    if (query.date_end && /^\d{4}-\d{2}-\d{2}$/.test(query.date_end)) end.setUTCHours(23, 59, 59, 999) // a date ends at its last instant
    if (start > end) throw badRequest('date_start must not be after date_end')
    const result = await listUserAuditLogs(await getStore(), caller.userId, { start, end })
    return { result, date_start: start.toISOString(), date_end: end.toISOString() }
  })
}
