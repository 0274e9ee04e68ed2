import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCases, BROKEN_BODIES, bulkInsert, realtimeCases, restCases, type BadCase } from './helpers/bad-input-project-api'
import { storageCases } from './helpers/bad-input-project-storage'
import { methodOf, PROJECT_API_ENDPOINTS } from './helpers/endpoints-project-api'
import { STORAGE_ENDPOINTS } from './helpers/endpoints-project-storage'
import { transformCases } from './helpers/endpoints-project-transform'
import { errorShapeProblems, EXPECTED_PROJECT_API } from './helpers/expected-project-api'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { buildProjectApiWorld, ownerSql, projectCall, projectSnapshot, WALK_TABLE, type ProjectApiWorld } from './helpers/project-api-world'

/**
 * The bad-input walk of a project's public API (`{url}/rest/v1`, `{url}/auth/v1`, `{url}/storage/v1`): malformed,
 * wrongly typed, oversized and incomplete bodies, unknown operators, columns, tables and
 * functions, bad Range, Accept and profile headers, unknown users. Every answer is the 4xx the
 * case names (never 500), in PostgREST's or GoTrue's error shape with a message naming the
 * problem, and the project's rows and users are as they were: nothing is half-written.
 */

const TIMEOUT = 180_000

describe('the project API refuses bad input with a 4xx naming it, and writes nothing', () => {
  let platform: TestPlatform
  let w: ProjectApiWorld

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    w = await buildProjectApiWorld(platform)
  }, TIMEOUT)
  afterAll(async () => platform?.close())

  /** What went other than the case says. */
  async function problemsOf(c: BadCase): Promise<string[]> {
    const res = await projectCall(w, c.caller ?? 'service', c.method, c.path, c.init)
    const label = `${c.method} ${c.path}${c.init?.query ?? ''} (${c.label})`
    if (res.status !== c.status) return [`${label}: ${res.status}, expected ${c.status}: ${JSON.stringify(res.body)?.slice(0, 300)}`]
    const key = `${c.method} ${c.path.startsWith('/rest/') ? '/rest/v1/' : c.path.startsWith('/storage/') ? '/storage/v1/' : '/auth/v1/'}`
    const problems = errorShapeProblems(key, res, c.code).map((p) => `${label}: ${p} in ${JSON.stringify(res.body)?.slice(0, 200)}`)
    const message = String(res.body?.message ?? res.body?.msg ?? '').toLowerCase()
    const unnamed = c.names.filter((name) => !message.includes(name.toLowerCase()))
    if (unnamed.length) problems.push(`${label}: "${message}" does not name ${unnamed.join(', ')}`)
    return problems
  }

  const suites = [
    ['every REST case as PostgREST does, leaving the rows as they were', restCases],
    ['every auth case as GoTrue does, leaving the users as they were', authCases],
    ['every storage case as Supabase Storage does, leaving the buckets and objects as they were', storageCases],
    ['every realtime case over HTTP, GoTrue-shaped', realtimeCases],
    ['every image transformation case as Supabase Storage does', transformCases],
  ] as const
  for (const [title, cases] of suites) {
    it(`answers ${title}`, async () => {
      const before = await projectSnapshot(w)
      const problems: string[] = []
      for (const c of cases(w)) problems.push(...(await problemsOf(c)))
      expect(problems).toEqual([])
      expect(await projectSnapshot(w)).toEqual(before)
    }, TIMEOUT)
  }

  it('writes no row of a bulk insert one of whose rows is refused', async () => {
    const [{ n: count }] = await ownerSql(w, `select count(*)::int as n from public.${WALK_TABLE}`)
    const { good, case: c } = bulkInsert(w)
    expect(await problemsOf(c)).toEqual([])
    const [{ n: after }] = await ownerSql(w, `select count(*)::int as n from public.${WALK_TABLE}`)
    expect(after).toBe(count)
    expect(await ownerSql(w, `select id from public.${WALK_TABLE} where id in (${good.join(', ')})`)).toEqual([])
  })

  it('feeds every line that reads a body malformed, wrongly shaped and oversized bodies', async () => {
    // Lines that take an object's bytes (uploads) take any body: they are not fed broken JSON.
    const jsonLines = [...PROJECT_API_ENDPOINTS, ...STORAGE_ENDPOINTS.filter((ep) => !ep.bytes)]
    const lines = jsonLines.filter((ep) => ['POST', 'PUT', 'PATCH'].includes(methodOf(ep.key)) && !EXPECTED_PROJECT_API[ep.key].service.startsWith('405'))
    expect(lines.length).toBeGreaterThan(10)
    const calls = []
    for (const ep of lines) {
      // Session endpoints are called with the user's token, the others with the service key.
      const caller = EXPECTED_PROJECT_API[ep.key].anon === '403 bad_jwt' ? 'user' : 'service'
      calls.push({ ep, caller, call: await ep.prepare(w, caller) } as const)
    }
    const before = await projectSnapshot(w)
    const problems: string[] = []
    for (const { ep, caller, call } of calls) {
      for (const body of BROKEN_BODIES) {
        const c: BadCase = {
          label: `${body.label} to ${ep.key}`,
          method: methodOf(ep.key),
          path: call.path,
          caller,
          init: { ...call.init, body: undefined, rawBody: body.rawBody, headers: { ...call.init?.headers, 'Content-Type': 'application/json' } },
          status: body.status,
          names: body.names,
        }
        problems.push(...(await problemsOf(c)))
      }
    }
    expect(problems).toEqual([])
    expect(await projectSnapshot(w)).toEqual(before)
  }, TIMEOUT)
})
