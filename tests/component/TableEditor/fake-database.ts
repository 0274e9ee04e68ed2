/**
 * A stand-in for `POST /platform/pg-meta/{ref}/query` in the table editor tests: it answers the
 * editor's catalogue, rows and count queries from fixtures and records every request.
 */
import { http, HttpResponse } from 'msw'
import type { CatalogueTable } from '@/lib/sql/table-description'

export type SentQuery = { query: string; parameters?: unknown[] }

export const TODOS: CatalogueTable = {
  id: 16_500,
  schema: 'public',
  name: 'todos',
  kind: 'r',
  comment: null,
  rls_enabled: false,
  view_definition: null,
  partition_key: null,
  columns: [
    { position: 1, name: 'id', data_type: 'bigint', is_nullable: false, default_value: null, identity: 'd', generated: null, generation_expression: null, comment: null },
    { position: 2, name: 'name', data_type: 'text', is_nullable: false, default_value: null, identity: null, generated: null, generation_expression: null, comment: null },
    { position: 3, name: 'data', data_type: 'jsonb', is_nullable: true, default_value: null, identity: null, generated: null, generation_expression: null, comment: null },
  ],
  constraints: [
    {
      name: 'todos_pkey',
      type: 'p',
      definition: 'PRIMARY KEY (id)',
      columns: ['id'],
      target_schema: null,
      target_table: null,
      target_columns: null,
      check_expression: null,
      on_delete: null,
      on_update: null,
    },
  ],
  referenced_by: [],
  indexes: [{ name: 'todos_pkey', definition: 'CREATE UNIQUE INDEX todos_pkey ON public.todos USING btree (id)', is_unique: true, columns: ['id'], is_constraint: true }],
}

export const TODO_ROWS = [
  { id: 1, name: 'Write the spec', data: { tags: ['docs'], done: true } },
  { id: 2, name: 'Build the editor', data: null },
  { id: 3, name: 'Ship it', data: { steps: 3 } },
]

type FakeOptions = {
  schemas?: string[]
  tables?: { id: number; schema: string; name: string; kind: string; comment: string | null }[]
  catalogue?: CatalogueTable[]
  rows?: Record<string, unknown>[]
  count?: { bounded: number | null; estimate: number }
  planRows?: number
  /** Rows pages are answered once this settles (to see what is asked while the grid waits). */
  rowsGate?: Promise<void>
  /** Answer for scripts (BEGIN; …): an error body makes the request fail with 400. */
  script?: (query: string) => { error: Record<string, unknown> } | null
  /** What depends on a table (the drop confirmation's list). */
  dependents?: { kind: string; object: string }[]
}

const ok = (rows: unknown[]) => HttpResponse.json({ rows, fields: [], rowCount: rows.length, command: 'SELECT', truncated: false })

/** Installs the fake on msw's `server`; returns the queries it received, in order. */
export function fakeDatabase(options: FakeOptions = {}) {
  const sent: SentQuery[] = []
  const handler = http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    const body = (await request.json()) as SentQuery
    sent.push(body)
    const q = body.query
    if (q.startsWith('BEGIN;')) {
      const outcome = options.script?.(q)
      if (outcome) return HttpResponse.json(outcome.error, { status: 400 })
      return HttpResponse.json({ rows: [], fields: [], rowCount: null, command: 'COMMIT', truncated: false })
    }
    if (q.includes('to_regclass($1)')) return ok([{ id: 16_600 }])
    if (q.includes('pg_catalog.pg_depend')) return ok(options.dependents ?? [])
    if (q.includes('from pg_catalog.pg_type')) {
      return ok([
        { schema: 'pg_catalog', name: 'int8', kind: 'b', is_array: false },
        { schema: 'pg_catalog', name: 'text', kind: 'b', is_array: false },
        { schema: 'public', name: 'mood', kind: 'e', is_array: false },
      ])
    }
    if (q.includes('from pg_catalog.pg_namespace')) return ok((options.schemas ?? ['public', 'pg_catalog', 'shop']).map((name) => ({ name })))
    if (q.includes('relispartition')) {
      const schema = body.parameters?.[0]
      return ok((options.tables ?? [{ id: TODOS.id, schema: 'public', name: 'todos', kind: 'r', comment: null }]).filter((t) => t.schema === schema))
    }
    if (q.includes('referenced_by')) {
      const ids = String(body.parameters?.[0] ?? '')
      return ok((options.catalogue ?? [TODOS]).filter((t) => ids.includes(String(t.id))))
    }
    if (q.includes('AS bounded')) return ok([options.count ?? { bounded: TODO_ROWS.length, estimate: -1 }])
    if (q.startsWith('EXPLAIN')) return ok([{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': options.planRows ?? 0 } }] }])
    if (q.startsWith('SELECT * FROM')) {
      await options.rowsGate
      const offset = Number(/OFFSET (\d+)/.exec(q)?.[1] ?? 0)
      const limit = Number(/LIMIT (\d+)/.exec(q)?.[1] ?? 100)
      return ok((options.rows ?? TODO_ROWS).slice(offset, offset + limit))
    }
    return HttpResponse.json({ message: `unexpected query: ${q}` }, { status: 500 })
  })
  return { handler, sent }
}
