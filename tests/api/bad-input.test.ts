import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthRouter } from '@/server/auth-router'
import { createPlatformRouter } from '@/server/platform-router'
import { TELEMETRY_BODY_LIMIT } from '@/server/telemetry/events'
import { ALL_ENDPOINTS } from './helpers/all-endpoints'
import { buildWorld, endpointKey, fillPath, type Call, type Endpoint, type World } from './helpers/endpoints'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

/** DELETE routes read no body at all (the client sends none); the bad-input walk has nothing to feed them. */
const BODYLESS_DELETES = ALL_ENDPOINTS.filter((ep) => ep.method === 'DELETE' && !ep.takesBody).map(endpointKey)
/** Routes whose body is a file, not JSON (a table import): their own suites feed them bad files (table-io.test.ts). */
const FILE_BODIES = ALL_ENDPOINTS.filter((ep) => ep.fileBody).map(endpointKey)

const UNKNOWN_FIELD = 'walk_unknown_field'
/** Nesting no JSON body here needs; deep enough to overflow a recursive walk (JSON.stringify, say). */
const DEEP = '['.repeat(20_000) + ']'.repeat(20_000)
const OVERSIZED = JSON.stringify({ [UNKNOWN_FIELD]: 'x'.repeat(1_100_000) })

/** Routes that take smaller bodies than the mount's 1 MiB: a broken body over their limit is refused as too large (413) first. */
const BODY_LIMITS: Record<string, number> = { 'POST /platform/telemetry/event': TELEMETRY_BODY_LIMIT }

/** The variant as this endpoint must answer it: 413 naming the size when it is over the route's own limit. */
function underLimit(ep: Endpoint, v: Variant): Variant {
  const limit = BODY_LIMITS[endpointKey(ep)]
  const size = typeof v.rawBody === 'string' ? Buffer.byteLength(v.rawBody) : v.rawBody.length
  return limit !== undefined && size > limit ? { ...v, status: 413, names: ['too large'] } : v
}

type Variant = { label: string; rawBody: string | Uint8Array; status: number; names: string[] }

const BAD_UTF8_MARKER = '__BAD_UTF8__'
/**
 * The valid body with bytes that are not UTF-8 (a lone continuation byte and an overlong "/")
 * inside a string: its first string field, else an unknown field. Decoded leniently they would
 * become U+FFFD and pass (or fail for another reason); they must be refused for what they are.
 */
function invalidUtf8Body(valid: Record<string, unknown>, fields: string[]): Uint8Array {
  const field = fields.find((f) => typeof getPath(valid, f) === 'string')
  const body = field ? withPath(valid, field, BAD_UTF8_MARKER) : { ...valid, [UNKNOWN_FIELD]: BAD_UTF8_MARKER }
  const [head, tail] = JSON.stringify(body).split(BAD_UTF8_MARKER)
  return Buffer.concat([Buffer.from(head), Buffer.from([0x80, 0xc0, 0xaf]), Buffer.from(tail)])
}

/** A value of another JSON type than `value`. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return { 0: value[0] ?? null }
  if (value && typeof value === 'object') return 'not an object'
  return 12345
}

function getPath(body: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], body)
}

function withPath(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body)
  const keys = path.split('.')
  let node = copy
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  node[keys[keys.length - 1]] = value
  return copy
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every broken body for one endpoint, built from its valid body. */
function variants(ep: Endpoint, valid: Record<string, unknown>): Variant[] {
  const fields = ep.fields ?? Object.keys(valid)
  const out: Variant[] = [
    { label: 'malformed JSON', rawBody: '{"name": ', status: 400, names: ['Malformed JSON'] },
    { label: 'truncated JSON', rawBody: JSON.stringify(valid).slice(0, -1), status: 400, names: ['Malformed JSON'] },
    { label: 'an array', rawBody: '[1, 2]', status: 400, names: [] },
    { label: 'a string', rawBody: '"text"', status: 400, names: [] },
    { label: 'JSON null', rawBody: 'null', status: 400, names: [] },
    { label: 'a number', rawBody: '42', status: 400, names: [] },

    { label: 'deeply nested JSON', rawBody: DEEP, status: 400, names: [] },
    { label: 'an oversized body', rawBody: OVERSIZED, status: 413, names: ['too large'] },
    { label: 'invalid UTF-8', rawBody: invalidUtf8Body(valid, fields), status: 400, names: ['UTF-8'] },
  ]
  // A list body (the Management API's bulk calls) gets the unknown field in its first item, when that is an object.
  const unknown = Array.isArray(valid) ? (isObject(valid[0]) ? [{ ...valid[0], [UNKNOWN_FIELD]: 1 }, ...valid.slice(1)] : null) : { ...valid, [UNKNOWN_FIELD]: 1 }
  if (unknown) out.push({ label: 'an unknown field', rawBody: JSON.stringify(unknown), status: 400, names: [UNKNOWN_FIELD] })
  if (ep.required?.length || ep.needsSome) {
    out.push({ label: 'no fields', rawBody: '{}', status: 400, names: ep.required ?? [] })
  }
  for (const field of ep.required ?? []) {
    const { [field]: _dropped, ...rest } = valid
    out.push({ label: `without ${field}`, rawBody: JSON.stringify(rest), status: 400, names: [field] })
  }
  for (const field of fields) {
    const value = getPath(valid, field)
    out.push({ label: `${field} of the wrong type`, rawBody: JSON.stringify(withPath(valid, field, wrongType(value))), status: 400, names: [field] })
    if (typeof value === 'string') {
      out.push({ label: `${field} with a NUL character`, rawBody: JSON.stringify(withPath(valid, field, `a\u0000${value}`)), status: 400, names: [field] })
    }
    // Nesting inside the field (a record or array field would otherwise take it in).
    const deep = value && typeof value === 'object' ? (Array.isArray(value) ? ['__DEEP__'] : { ...value, nested: '__DEEP__' }) : '__DEEP__'
    out.push({
      label: `${field} nested deeply`,
      rawBody: JSON.stringify(withPath(valid, field, deep)).replace('"__DEEP__"', DEEP),
      status: 400,
      names: [],
    })
  }
  return out
}

/**
 * Issue 3: every write endpoint fed malformed JSON, wrong types, oversized bodies, unknown and
 * missing fields answers 4xx with a message naming the problem, never 500, and leaves the whole
 * store (every `platform.*` table, row by row) as it was.
 */
describe('bad input on every write endpoint', () => {
  let platform: TestPlatform
  let w: World

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    w = await buildWorld(platform, { crossTenantProject: false, lifecycleProject: false })
  }, 120_000)
  afterAll(async () => platform?.close())

  /** Row count and a digest of the rows of every table of the platform schema. */
  async function snapshotStore(): Promise<Record<string, { rows: number; digest: string }>> {
    const { rows: tables } = await w.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'platform' and table_type = 'BASE TABLE'
         -- The request log records every request, bad ones included: that is its job, not a half-write.
         and table_name <> 'project_logs' order by table_name`
    )
    const out: Record<string, { rows: number; digest: string }> = {}
    for (const { table_name } of tables) {
      const { rows } = await w.db.query<{ n: number; digest: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from platform."${table_name}" t`
      )
      out[table_name] = { rows: rows[0].n, digest: rows[0].digest }
    }
    return out
  }

  const writeEndpoints = ALL_ENDPOINTS.filter((ep) => ep.takesBody)

  it('feeds every POST, PUT and PATCH route, and every DELETE that reads a body', () => {
    const routes = [...createPlatformRouter().list(), ...createAuthRouter().list()].filter((r) => r.method !== 'GET')
    const fed = new Set(writeEndpoints.map(endpointKey))
    const missing = routes.map(endpointKey).filter((key) => !fed.has(key) && !BODYLESS_DELETES.includes(key) && !FILE_BODIES.includes(key))
    expect(missing).toEqual([])
  })

  it('answers 4xx, never 500, to path parameters with NUL characters or broken percent-encoding', async () => {
    const withParams = ALL_ENDPOINTS.filter((e) => e.pattern.includes(':'))
    const calls: Call[] = []
    for (const ep of withParams) calls.push(await ep.prepare(w, 'owner')) // fixtures first: the snapshot follows
    const before = await snapshotStore()
    const problems: string[] = []
    for (const [i, ep] of withParams.entries()) {
      const call = calls[i]
      for (const key of [...ep.pattern.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        for (const [label, raw] of [
          ['NUL', '%00'],
          ['a NUL inside', `${encodeURIComponent(call.params![key])}%00`],
          ['a broken escape', '%E0%A4%A'],
        ]) {
          const path = fillPath(ep, { ...call.params, [key]: '__PARAM__' }).replace('__PARAM__', raw)
          const res = await platform.request(path, {
            method: ep.method,
            token: call.token ?? w.users.owner.token,
            body: call.body,
            headers: call.headers,
          })
          if (res.status < 400 || res.status >= 500 || typeof res.body?.message !== 'string') {
            problems.push(`${ep.method} ${ep.pattern} with ${label} in :${key}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
    const after = await snapshotStore()
    expect(Object.keys(before).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]))).toEqual([])
  })

  it('answers 400 naming the problem to query strings whose escapes are not UTF-8', async () => {
    const before = await snapshotStore()
    for (const bad of ['%FF', '%E2%82', 'a%C0%AFb']) {
      const res = await platform.request(`/platform/profile/audit?date_start=${bad}`, { token: w.users.owner.token })
      expect([bad, res.status, res.body?.message]).toEqual([bad, 400, 'Invalid query string: it is not validly percent-encoded UTF-8'])
    }
    const auth = await fetch(`${platform.gotrueUrl}/logout?scope=%FF`, { method: 'POST', headers: { Authorization: `Bearer ${w.users.owner.token}` } })
    expect(auth.status).toBe(400)
    expect((await auth.json()).msg).toBe('Invalid query string: it is not validly percent-encoded UTF-8')
    // Well-formed escapes, and a "%" that starts none, still reach the handler (here, refused for what they say).
    for (const value of [encodeURIComponent('é+x'), '100%', '%zz']) {
      const valid = await platform.request(`/platform/profile/audit?date_start=${value}`, { token: w.users.owner.token })
      expect([value, valid.status]).toEqual([value, 400])
      expect(valid.body.message).toMatch(/^Invalid query parameters: date_start/)
    }
    const after = await snapshotStore()
    expect(Object.keys(before).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]))).toEqual([])
  })

  for (const ep of writeEndpoints) {
    it(`${ep.method} ${ep.pattern}${ep.query ?? ''}`, async () => {
      const call: Call = await ep.prepare(w, 'owner')
      const valid = call.body as Record<string, unknown>
      const path = fillPath(ep, call.params)
      const before = await snapshotStore()
      const problems: string[] = []
      for (const v of variants(ep, valid).map((variant) => underLimit(ep, variant))) {
        const res = await platform.request(path, {
          method: ep.method,
          token: call.token ?? w.users.owner.token,
          rawBody: v.rawBody,
          headers: { 'Content-Type': 'application/json', ...call.headers },
        })
        const message = typeof res.body?.message === 'string' ? res.body.message : null
        if (res.status !== v.status) problems.push(`${v.label}: ${res.status}, expected ${v.status}: ${JSON.stringify(res.body)?.slice(0, 300)}`)
        else if (!message) problems.push(`${v.label}: no message in ${JSON.stringify(res.body)?.slice(0, 200)}`)
        else {
          const unnamed = v.names.filter((name) => !message.toLowerCase().includes(name.toLowerCase()))
          if (unnamed.length) problems.push(`${v.label}: "${message}" does not name ${unnamed.join(', ')}`)
        }
      }
      expect(problems).toEqual([])
      const after = await snapshotStore()
      const changed = Object.keys(before).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]))
      expect(changed, 'tables written by bad input').toEqual([])
    })
  }
})
