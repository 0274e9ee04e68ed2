/**
 * `POST /platform/pg-meta/{ref}/query` answered by a real Postgres (PGlite in memory), the way the
 * platform runs SQL: a script in one round trip (rolled back on error), a query with parameters
 * as one statement, and a Read-only member's statement inside BEGIN READ ONLY. Records every query.
 */
import type { PGliteOptions } from '@electric-sql/pglite'
import { http, HttpResponse } from 'msw'
import { freshPglite } from '@/tests/pglite-fresh'

export type SentQuery = { query: string; parameters?: unknown[] }

type PgError = Error & { code?: string; detail?: string; hint?: string; position?: string }

export async function createPgMeta(setupSql: string, options: PGliteOptions = {}) {
  const db = await freshPglite(options)
  await db.exec(setupSql)
  const sent: SentQuery[] = []
  let readOnly = false

  const answer = async (body: SentQuery) => {
    try {
      if (readOnly) {
        await db.exec('begin read only')
        const r = await db.query(body.query, body.parameters ?? [])
        return { rows: r.rows, fields: r.fields, rowCount: r.rows.length, command: 'SELECT', truncated: false }
      }
      if (body.parameters) {
        const r = await db.query(body.query, body.parameters)
        return { rows: r.rows, fields: r.fields, rowCount: r.rows.length, command: 'SELECT', truncated: false }
      }
      const results = await db.exec(body.query)
      const last = results[results.length - 1]
      return { rows: last?.rows ?? [], fields: last?.fields ?? [], rowCount: last?.rows.length ?? null, command: null, truncated: false }
    } finally {
      if (await db.isInTransaction()) await db.exec('rollback')
    }
  }

  const handler = http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    const body = (await request.json()) as SentQuery
    sent.push(body)
    try {
      return HttpResponse.json(await answer(body))
    } catch (error) {
      const e = error as PgError
      return HttpResponse.json({ message: e.message, code: e.code ?? 'XX000', position: null, detail: e.detail ?? null, hint: e.hint ?? null, where: null }, { status: 400 })
    }
  })

  return {
    db,
    handler,
    sent,
    /** Scripts the screen ran (everything that is not a read with parameters). */
    scripts: () => sent.filter((q) => q.query.startsWith('BEGIN;')).map((q) => q.query),
    setReadOnly: (value: boolean) => {
      readOnly = value
    },
    close: () => db.close(),
  }
}
