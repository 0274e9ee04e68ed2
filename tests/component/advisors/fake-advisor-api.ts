/**
 * Stand-ins for the calls of the advisor screens: pg-meta answers each lint by its SQL from a
 * table of rows (unknown SQL fails the test), the rules endpoints keep state in memory.
 */
import { http, HttpResponse } from 'msw'
import { LINTS, type LintRow } from '@/lib/advisors/lints'
import type { AdvisorRule, RunningQueriesResponse } from '@/lib/api-types/advisors'
import { organization, projectDetail } from '../Organizations/fixtures'

export const REF = 'abcdefghijklmnopqrst'

type PgMetaAnswer = { rows: Record<string, unknown>[] } | { error: { message: string; code: string }; status?: number }

export type FakeApi = {
  handlers: ReturnType<typeof http.get>[]
  /** Every SQL text pg-meta received. */
  queries: string[]
  /** Every PATCH body the rules endpoint received. */
  ruleUpdates: unknown[]
  /** Every process id a cancel was asked for. */
  cancels: number[]
  /** Findings per lint; change it between runs. */
  findings: Record<string, LintRow[]>
}

export function fakeAdvisorApi(options: {
  findings?: Record<string, LintRow[]>
  failing?: string[]
  role?: string
  disabled?: Record<string, string | null>
  /** Answers for SQL other than the lints, by a fragment of the text. */
  other?: [fragment: string, answer: PgMetaAnswer][]
  /** What GET …/running-queries answers (default: a server database with nothing running). */
  running?: RunningQueriesResponse
} = {}): FakeApi {
  const api: FakeApi = { handlers: [], queries: [], ruleUpdates: [], cancels: [], findings: { ...(options.findings ?? {}) } }
  const rules: AdvisorRule[] = LINTS.map((l) => ({
    name: l.name,
    title: l.title,
    level: l.level,
    category: l.category,
    disabled: l.name in (options.disabled ?? {}),
    reason: options.disabled?.[l.name] ?? null,
    updated_at: l.name in (options.disabled ?? {}) ? '2026-11-20T10:00:00Z' : null,
    updated_by: l.name in (options.disabled ?? {}) ? 'admin@acme.test' : null,
  }))
  api.handlers = [
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role: options.role ?? 'Owner' })])),
    http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
      const { query } = (await request.json()) as { query: string }
      api.queries.push(query)
      const lint = LINTS.find((l) => l.sql === query)
      if (lint) {
        if (options.failing?.includes(lint.name)) return HttpResponse.json({ message: `relation "x" does not exist`, code: '42P01' }, { status: 400 })
        return HttpResponse.json({ rows: api.findings[lint.name] ?? [], fields: [], rowCount: 0, command: 'SELECT', truncated: false })
      }
      const other = options.other?.find(([fragment]) => query.includes(fragment))
      if (!other) return HttpResponse.json({ message: `unexpected SQL in the test: ${query.slice(0, 80)}` }, { status: 500 })
      const answer = other[1]
      if ('error' in answer) return HttpResponse.json(answer.error, { status: answer.status ?? 400 })
      return HttpResponse.json({ rows: answer.rows, fields: [], rowCount: answer.rows.length, command: 'SELECT', truncated: false })
    }),
    http.get('*/platform/projects/:ref/advisors/rules', () => HttpResponse.json(rules)),
    http.get('*/platform/projects/:ref/running-queries', () => HttpResponse.json(options.running ?? { embedded: false, queries: [] })),
    http.post('*/platform/projects/:ref/running-queries/:pid/cancel', ({ params }) => {
      api.cancels.push(Number(params.pid))
      return HttpResponse.json({ cancelled: true })
    }),
    http.patch('*/platform/projects/:ref/advisors/rules', async ({ request }) => {
      const body = (await request.json()) as { name: string; disabled: boolean; reason?: string | null }
      api.ruleUpdates.push(body)
      const rule = rules.find((r) => r.name === body.name)!
      Object.assign(rule, { disabled: body.disabled, reason: body.disabled ? (body.reason ?? null) : null, updated_at: new Date().toISOString(), updated_by: 'me@acme.test' })
      return HttpResponse.json(rule)
    }),
  ]
  return api
}
