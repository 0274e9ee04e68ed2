import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectAuthRoutes } from '@/server/project-auth/routes'
import { REALTIME_HTTP_ROUTES } from '@/server/realtime/http'
import { RESUMABLE_ROUTES } from '@/server/storage/resumable/handler'
import { STORAGE_ROUTES } from '@/server/storage/routes'
import { methodOf, PROJECT_API_ENDPOINTS as API_ENDPOINTS, type PreparedCall } from './helpers/endpoints-project-api'
import { STORAGE_ENDPOINTS } from './helpers/endpoints-project-storage'
import { TRANSFORM_ENDPOINTS } from './helpers/endpoints-project-transform'
import { FUNCTION_METHODS, FUNCTIONS_ENDPOINTS } from './helpers/endpoints-project-functions'
import { errorShapeProblems, EXPECTED_PROJECT_API, expectedOutcome } from './helpers/expected-project-api'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import {
  buildProjectApiWorld,
  isKeyed,
  PROJECT_CALLERS,
  projectCall,
  projectSnapshot,
  type ProjectApiWorld,
  type ProjectCaller,
} from './helpers/project-api-world'

/**
 * The authorization walk of a project's public API (`{url}/rest/v1`, `{url}/auth/v1`, `{url}/storage/v1`,
 * realtime's HTTP paths, `{url}/functions/v1`), which the
 * platform walk (authorization.test.ts) cannot reach: it is mounted beside the route table. Every
 * path and method, as every kind of caller, answers what expected-project-api.ts says, in
 * PostgREST's or GoTrue's error shape; callers without a valid key change nothing at all.
 */

const WALK_TIMEOUT = 180_000
const PROJECT_API_ENDPOINTS = [...API_ENDPOINTS, ...STORAGE_ENDPOINTS, ...TRANSFORM_ENDPOINTS, ...FUNCTIONS_ENDPOINTS]

/** The line a project-auth route is written down as (`/:ref/auth/v1/x` → `/auth/v1/x`). */
const authKey = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/^\/:ref/, '')}`

describe('the project API: every path and method, every kind of caller', () => {
  let platform: TestPlatform
  let w: ProjectApiWorld

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    w = await buildProjectApiWorld(platform)
  }, WALK_TIMEOUT)
  afterAll(async () => platform?.close())

  it('has an expectation for every project-auth and storage route and every method the REST preflight allows, and walks each', async () => {
    const lines = Object.keys(EXPECTED_PROJECT_API)
    const base = (line: string) => line.split('?')[0]
    const authRoutes = projectAuthRoutes.map(authKey)
    expect(authRoutes.filter((r) => !lines.some((l) => base(l) === r)), 'project-auth routes without a line in expected-project-api.ts').toEqual([])
    const preflight = await projectCall(w, 'none', 'OPTIONS', '/rest/v1/anything')
    const methods = preflight.headers.get('access-control-allow-methods')!.split(',').map((m) => m.trim())
    expect(methods).toContain('GET')
    const restLines = methods.flatMap((m) => [`${m} /rest/v1/:table`, `${m} /rest/v1/rpc/:fn`])
    expect(restLines.filter((l) => !lines.some((line) => base(line) === l)), 'REST methods without a line').toEqual([])
    const authMethods = (await projectCall(w, 'none', 'OPTIONS', '/auth/v1/user')).headers.get('access-control-allow-methods')!
    const authLines = lines.filter((l) => l.includes(' /auth/v1/'))
    expect(authMethods.split(',').map((m) => m.trim()).filter((m) => !authLines.some((l) => methodOf(l) === m)), 'auth methods without a line').toEqual([])
    const storageRoutes = [...STORAGE_ROUTES.map((r) => `${r.method} /storage/v1${r.path}`), ...RESUMABLE_ROUTES.map((r) => r.replace(' ', ' /storage/v1'))]
    expect(storageRoutes.filter((r) => !lines.includes(r)), 'storage routes without a line in expected-project-api.ts').toEqual([])
    expect(REALTIME_HTTP_ROUTES.filter((r) => !lines.includes(r)), 'realtime HTTP routes without a line').toEqual([])
    const functionLines = [...FUNCTION_METHODS, 'OPTIONS'].map((m) => `${m} /functions/v1/:slug`)
    expect(functionLines.filter((l) => !lines.includes(l)), 'function methods without a line').toEqual([])
    const known = [...authRoutes, ...restLines, 'OPTIONS /auth/v1/user', ...storageRoutes, 'OPTIONS /storage/v1/bucket', 'HEAD /storage/v1/object/authenticated/:bucket/*path', ...REALTIME_HTTP_ROUTES, ...functionLines]
    expect(lines.filter((l) => !known.includes(base(l))), 'lines for no route or method').toEqual([])
    const walked = PROJECT_API_ENDPOINTS.map((e) => e.key)
    expect([...walked].sort(), 'lines the walk calls (each once)').toEqual([...lines].sort())
  })

  /** Calls every line as `caller` (fixtures first); what went other than the table says. */
  async function walk(caller: ProjectCaller): Promise<string[]> {
    const calls: PreparedCall[] = []
    for (const ep of PROJECT_API_ENDPOINTS) calls.push(await ep.prepare(w, caller))
    const before = isKeyed(caller) ? null : await projectSnapshot(w)
    const problems: string[] = []
    for (const [i, ep] of PROJECT_API_ENDPOINTS.entries()) {
      const call = calls[i]
      const res = await projectCall(w, caller, methodOf(ep.key), call.path, call.init)
      const [status, code] = expectedOutcome(ep.key, caller).split(' ')
      const label = `${caller} ${ep.key}`
      if (res.status !== Number(status)) {
        problems.push(`${label}: ${res.status}, expected ${status}: ${JSON.stringify(res.body)?.slice(0, 300)}`)
        continue
      }
      if (res.status >= 400) problems.push(...errorShapeProblems(ep.key, res, code).map((p) => `${label}: ${p} in ${JSON.stringify(res.body)?.slice(0, 200)}`))
      if (ep.check && (res.status < 400 || (ep.checkRefusals && isKeyed(caller)))) {
        try {
          await ep.check(res, w, caller, call)
        } catch (error) {
          problems.push(`${label}: ${(error as Error).message}`)
        }
      }
    }
    if (before) {
      const after = await projectSnapshot(w)
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${caller} changed the project: ${JSON.stringify({ before, after })}`)
    }
    return problems
  }

  for (const caller of PROJECT_CALLERS) {
    it(`as ${caller}`, async () => expect(await walk(caller)).toEqual([]), WALK_TIMEOUT)
  }

  it("neither anon nor a user reaches rows their policies do not give them; the service key does", async () => {
    for (const caller of ['anon', 'user'] as const) {
      const patched = await projectCall(w, caller, 'PATCH', '/rest/v1/walk_items', { query: '?id=in.(1,2)', body: { body: 'taken' } })
      expect([caller, patched.status, patched.headers.get('content-range')]).toEqual([caller, 204, '*/0'])
      const deleted = await projectCall(w, caller, 'DELETE', '/rest/v1/walk_items', { query: '?id=in.(1,2)' })
      expect([caller, deleted.status, deleted.headers.get('content-range')]).toEqual([caller, 204, '*/0'])
    }
    const rows = await projectCall(w, 'service', 'GET', '/rest/v1/walk_items', { query: '?select=id,body&id=in.(1,2)&order=id' })
    expect(rows.body).toEqual([{ id: 1, body: 'public one' }, { id: 2, body: 'private two' }])
  })
})
