import type { KeyedCaller, ProjectCaller, ProjectResponse } from './project-api-world'

/**
 * What each caller gets from each path and method of a project's public API (`{url}/rest/v1`,
 * `{url}/auth/v1`, `{url}/storage/v1`, `{url}/realtime/v1` over HTTP, `{url}/functions/v1`), written down by hand: `status` or `status error-code`. The walk
 * (tests/api/project-api-walk.test.ts) fails for a project-auth route, or a method the REST
 * preflight advertises, that has no line here, and for a line no walk entry calls.
 *
 * Callers without a valid key of the project (none, a malformed key, another project's anon
 * key, the anon key from before a rotation, a user's token without `apikey`) are refused the same
 * way everywhere (KEYLESS), except on `open` lines: the preflight and the recovery link, whose
 * one-time token is the credential.
 */
export type ProjectApiExpectation = Record<KeyedCaller, string> & { open?: true }

const everyone = (outcome: string): ProjectApiExpectation => ({ anon: outcome, user: outcome, service: outcome })
/** RLS decides: anon refused (42501 is 401 for anon, as PostgREST), a user and the service key allowed. */
const rlsWrite = (success: string): ProjectApiExpectation => ({ anon: '401 42501', user: success, service: success })
const sessionOnly = (success: string): ProjectApiExpectation => ({ anon: '403 bad_jwt', user: success, service: '403 bad_jwt' })
const adminOnly: ProjectApiExpectation = { anon: '403 not_admin', user: '403 not_admin', service: '200' }
const preflight: ProjectApiExpectation = { ...everyone('200'), open: true }
const notAllowed = everyone('405 PGRST117')

export const EXPECTED_PROJECT_API: Record<string, ProjectApiExpectation> = {
  'GET /rest/v1/:table': everyone('200'),
  'HEAD /rest/v1/:table': everyone('200'),
  'POST /rest/v1/:table': rlsWrite('201'),
  'POST /rest/v1/:table?on_conflict=id': rlsWrite('200'), // an upsert that updated its row, inserting none (PostgREST 12+)
  // Without an update or delete policy for anon, RLS leaves it no rows: 204 with nothing changed.
  'PATCH /rest/v1/:table': everyone('204'),
  'DELETE /rest/v1/:table': everyone('204'),
  'PUT /rest/v1/:table': notAllowed,
  'OPTIONS /rest/v1/:table': preflight,
  // walk_private is not executable by anon; walk_role by everyone.
  'POST /rest/v1/rpc/:fn': rlsWrite('200'),
  'GET /rest/v1/rpc/:fn': everyone('200'),
  'HEAD /rest/v1/rpc/:fn': everyone('200'),
  'PUT /rest/v1/rpc/:fn': notAllowed,
  'PATCH /rest/v1/rpc/:fn': notAllowed,
  'DELETE /rest/v1/rpc/:fn': notAllowed,
  'OPTIONS /rest/v1/rpc/:fn': preflight,

  'GET /auth/v1/settings': everyone('200'),
  'GET /auth/v1/health': everyone('200'),
  'POST /auth/v1/signup': everyone('200'),
  'POST /auth/v1/token?grant_type=password': everyone('200'),
  'POST /auth/v1/token?grant_type=refresh_token': everyone('200'),
  // A key is no session: GoTrue answers a bearer token naming none 403 bad_jwt.
  'GET /auth/v1/user': sessionOnly('200'),
  'PUT /auth/v1/user': sessionOnly('200'),
  'POST /auth/v1/logout': sessionOnly('204'),
  'POST /auth/v1/recover': everyone('200'),
  'GET /auth/v1/verify': { ...everyone('303'), open: true },
  'GET /auth/v1/admin/users': adminOnly,
  'POST /auth/v1/admin/users': adminOnly,
  'GET /auth/v1/admin/users/:id': adminOnly,
  'PUT /auth/v1/admin/users/:id': adminOnly,
  'DELETE /auth/v1/admin/users/:id': adminOnly,
  'POST /auth/v1/admin/generate_link': adminOnly,
  'OPTIONS /auth/v1/user': preflight,

  // Storage: the policies of project-api-world.ts decide. Anyone reads buckets and walk-public's
  // objects; a user writes their own objects; nobody but the service key writes buckets (a write
  // RLS hides is 404, one its check refuses 403, as Supabase Storage answers).
  'GET /storage/v1/bucket': everyone('200'),
  'GET /storage/v1/bucket/:id': everyone('200'),
  'POST /storage/v1/bucket': { anon: '403 AccessDenied', user: '403 AccessDenied', service: '200' },
  'PUT /storage/v1/bucket/:id': { anon: '404 NoSuchBucket', user: '404 NoSuchBucket', service: '200' },
  // Emptying deletes what the caller may delete: for anon nothing, for a user their own objects.
  'POST /storage/v1/bucket/:id/empty': everyone('200'),
  'DELETE /storage/v1/bucket/:id': { anon: '404 NoSuchBucket', user: '404 NoSuchBucket', service: '200' },
  'POST /storage/v1/object/sign/:bucket/*path': everyone('200'),
  'POST /storage/v1/object/sign/:bucket': everyone('200'),
  'GET /storage/v1/object/sign/:bucket/*path': { ...everyone('200'), open: true },
  'POST /storage/v1/object/upload/sign/:bucket/*path': { anon: '403 AccessDenied', user: '200', service: '200' },
  'PUT /storage/v1/object/upload/sign/:bucket/*path': { ...everyone('200'), open: true },
  'GET /storage/v1/object/public/:bucket/*path': { ...everyone('200'), open: true },
  'POST /storage/v1/object/list/:bucket': everyone('200'),
  'POST /storage/v1/object/list-v2/:bucket': everyone('200'),
  'POST /storage/v1/object/move': { anon: '404 NoSuchKey', user: '200', service: '200' },
  'POST /storage/v1/object/copy': { anon: '403 AccessDenied', user: '200', service: '200' },
  'GET /storage/v1/object/info/:bucket/*path': everyone('200'),
  'GET /storage/v1/object/authenticated/:bucket/*path': everyone('200'),
  'GET /storage/v1/object/:bucket/*path': everyone('200'),
  'POST /storage/v1/object/:bucket/*path': { anon: '403 AccessDenied', user: '200', service: '200' },
  'PUT /storage/v1/object/:bucket/*path': { anon: '404 NoSuchKey', user: '200', service: '200' },
  'DELETE /storage/v1/object/:bucket/*path': { anon: '404 NoSuchKey', user: '200', service: '200' },
  'DELETE /storage/v1/object/:bucket': everyone('200'),
  // HEAD is every download's GET without its body.
  'HEAD /storage/v1/object/authenticated/:bucket/*path': everyone('200'),
  // Resumable uploads (tus): policies decide at creation; an upload answers only who created it (anon meets the service key's: 404).
  'POST /storage/v1/upload/resumable': { anon: '403 AccessDenied', user: '201', service: '201' },
  'HEAD /storage/v1/upload/resumable/:id': { anon: '404', user: '200', service: '200' },
  'PATCH /storage/v1/upload/resumable/:id': { anon: '404 NoSuchUpload', user: '204', service: '204' },
  'DELETE /storage/v1/upload/resumable/:id': { anon: '404 NoSuchUpload', user: '204', service: '204' },
  'OPTIONS /storage/v1/upload/resumable': { ...everyone('204'), open: true },
  'OPTIONS /storage/v1/bucket': preflight,
  // Image transformations (endpoints-project-transform.ts): walk-public's image, readable by everyone.
  'GET /storage/v1/render/image/authenticated/:bucket/*path': everyone('200'),
  'GET /storage/v1/render/image/public/:bucket/*path': { ...everyone('200'), open: true },
  'GET /storage/v1/render/image/sign/:bucket/*path': { ...everyone('200'), open: true },
  // The socket is an upgrade (tests/api/realtime.test.ts); over plain HTTP a valid key hears 426.
  'GET /realtime/v1/websocket': everyone('426 upgrade_required'),
  'POST /realtime/v1/api/broadcast': everyone('202'),
  'OPTIONS /realtime/v1/websocket': preflight,
  // Edge Functions (endpoints-project-functions.ts): any valid JWT of the project calls one that verifies JWTs
  // (a user's token needs no apikey there); one with verification off answers anyone.
  'GET /functions/v1/:slug': everyone('200'),
  'HEAD /functions/v1/:slug': everyone('200'),
  'POST /functions/v1/:slug': everyone('200'),
  'PUT /functions/v1/:slug': everyone('200'),
  'PATCH /functions/v1/:slug': everyone('200'),
  'DELETE /functions/v1/:slug': everyone('200'),
  'POST /functions/v1/:slug?verify_jwt=false': { ...everyone('200'), open: true },
  'OPTIONS /functions/v1/:slug': preflight,
}

/** How a caller without a valid project key is refused: PostgREST's PGRST301, Storage's InvalidJWT, GoTrue's no_api_key / invalid_api_key. */
export function keylessOutcome(key: string, caller: Exclude<ProjectCaller, KeyedCaller>): string {
  if (key.includes(' /rest/v1/')) return '401 PGRST301'
  if (key.includes(' /storage/v1/')) return '401 InvalidJWT'
  if (key.includes(' /functions/v1/')) {
    // The gateway checks the bearer JWT alone: a user's token is enough.
    if (caller === 'userNoKey') return '200'
    return caller === 'none' ? '401 UNAUTHORIZED_NO_AUTH_HEADER' : '401 UNAUTHORIZED_INVALID_JWT'
  }
  return caller === 'none' || caller === 'userNoKey' ? '401 no_api_key' : '401 invalid_api_key'
}

/** The outcome `caller` must get from the line `key`. */
export function expectedOutcome(key: string, caller: ProjectCaller): string {
  const line = EXPECTED_PROJECT_API[key]
  if (!line) throw new Error(`no expectation for ${key} in tests/api/helpers/expected-project-api.ts`)
  if (caller === 'anon' || caller === 'user' || caller === 'service') return line[caller]
  return line.open ? line.anon : keylessOutcome(key, caller)
}

/** What is wrong with an error answer's shape: PostgREST's code/message/details/hint, Storage's statusCode/code/error/message, GoTrue's code/error_code/msg. */
export function errorShapeProblems(key: string, res: ProjectResponse, code: string | undefined): string[] {
  if (key.startsWith('HEAD ')) return [] // no body to carry one
  const body = res.body as Record<string, unknown> | undefined
  const problems: string[] = []
  if (key.includes(' /rest/v1/')) {
    for (const field of ['code', 'message', 'details', 'hint']) if (!body || !(field in body)) problems.push(`no "${field}"`)
    if (code && body?.code !== code) problems.push(`code ${JSON.stringify(body?.code)}, expected ${code}`)
  } else if (key.includes(' /storage/v1/')) {
    if (body?.statusCode !== String(res.status)) problems.push(`statusCode ${JSON.stringify(body?.statusCode)}, expected "${res.status}"`)
    if (typeof body?.error !== 'string') problems.push('no "error"')
    if (code && body?.code !== code) problems.push(`code ${JSON.stringify(body?.code)}, expected ${code}`)
  } else if (key.includes(' /functions/v1/')) {
    if (code && body?.code !== code) problems.push(`code ${JSON.stringify(body?.code)}, expected ${code}`)
  } else {
    if (body?.code !== res.status) problems.push(`code ${JSON.stringify(body?.code)}, expected ${res.status}`)
    if (code && body?.error_code !== code) problems.push(`error_code ${JSON.stringify(body?.error_code)}, expected ${code}`)
  }
  const message = body?.message ?? body?.msg
  if (typeof message !== 'string' || message.trim() === '') problems.push('no message')
  return problems
}
