/** Shared stand-ins of the SQL editor tests: a textarea for Monaco, a router, fixtures, msw handlers. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useRef, type ReactElement } from 'react'
import { Toaster } from 'sonner'
import type { CodeEditorProps } from '@/components/interfaces/SqlEditor/CodeEditor'
import { appendSql } from '@/components/interfaces/SqlEditor/sql-assistant'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { createQueryClient } from '@/data/query-client'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import type { AiStatus } from '@/lib/api-types/ai'
import type { Snippet } from '@/data/snippets/snippet-query'
import type { SqlResult } from '@/data/sql/execute-sql'

export const REF = 'abcdefghijklmnopqrst'
export const CONNECTION = `postgresql://postgres:[YOUR-PASSWORD]@db.${REF}.test:5432/postgres`

/**
 * Monaco does not run in jsdom: the same props on a textarea. Ctrl/Cmd+Enter runs; the run target
 * is the textarea's selection or its whole text; the error mark is printed in an <output>.
 */
export function FakeCodeEditor({ value, onChange, onRun, errorMark, handleRef, ariaLabel }: CodeEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null)
  if (handleRef) {
    handleRef.current = {
      getRunTarget() {
        const el = textarea.current
        if (el && el.selectionStart !== el.selectionEnd) {
          return { sql: value.slice(el.selectionStart, el.selectionEnd), offset: el.selectionStart, isSelection: true }
        }
        return { sql: value, offset: 0, isSelection: false }
      },
      focus: () => textarea.current?.focus(),
      revealIndex: () => {},
      insertText(text) {
        const el = textarea.current
        if (el && el.selectionStart !== el.selectionEnd) onChange(value.slice(0, el.selectionStart) + text + value.slice(el.selectionEnd))
        else onChange(appendSql(value, text))
      },
    }
  }
  return (
    <>
      <textarea
        ref={textarea}
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            onRun()
          }
        }}
      />
      {errorMark && <output data-testid="error-mark">{`${errorMark.index}: ${errorMark.message}`}</output>}
    </>
  )
}

export function projectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 1,
    ref: REF,
    name: 'Shop',
    status: 'ACTIVE_HEALTHY',
    postgrestStatus: 'ONLINE',
    organization_id: 1,
    region: 'eu-west-1',
    cloud_provider: 'AWS',
    parent_project_ref: null,
    preview_branch_refs: [],
    connectionString: CONNECTION,
    dbVersion: '17.4',
    ...overrides,
  }
}

export function snippet(overrides: Partial<Snippet> = {}): Snippet {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Todos',
    sql: 'select * from todos',
    favorite: false,
    project_ref: REF,
    inserted_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  }
}

export function summary(s: Snippet) {
  const { sql: _sql, ...rest } = s
  return rest
}

export function result(overrides: Partial<SqlResult> = {}): SqlResult {
  return { rows: [], fields: [], rowCount: null, command: 'SELECT', truncated: false, ...overrides }
}

/** A result as the platform streams it (lib/api-types/sql.ts SqlStreamLine), all lines at once or as `lines` says. */
export function streamedResult(r: SqlResult, lines?: ReadableStream<Uint8Array>): Response {
  const names = r.fields.map((f) => f.name)
  const text = [
    { fields: r.fields },
    ...(r.rows.length ? [{ rows: r.rows.map((row) => names.map((n) => row[n])) }] : []),
    { end: { rowCount: r.rowCount, command: r.command, truncated: r.truncated } },
  ].map((line) => `${JSON.stringify(line)}\n`)
  return new Response(lines ?? text.join(''), { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } })
}

export type QueryCall = { query: string; headers: Headers }

export function aiStatus(overrides: Partial<AiStatus> = {}): AiStatus {
  return { configured: true, model: 'test-model', opt_in: [], suggestions: { title: 'Ask about your tables', prompts: [] }, ...overrides }
}

/**
 * The project detail, the assistant's status and the query endpoint: the autocompletion catalogue
 * query is answered empty; every other query goes to `onQuery` (default: an empty SELECT) and is
 * recorded in `calls`.
 */
export function projectHandlers({
  project = projectDetail(),
  onQuery = () => HttpResponse.json(result()),
  ai = aiStatus(),
}: { project?: ProjectDetail; onQuery?: (call: QueryCall, request: Request) => Response | Promise<Response>; ai?: AiStatus } = {}) {
  const calls: QueryCall[] = []
  const handlers = [
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(project)),
    http.get(`*/platform/projects/${REF}/ai/status`, () => HttpResponse.json(ai)),
    http.post(`*/platform/pg-meta/${REF}/query`, async ({ request }) => {
      const body = (await request.clone().json()) as { query: string }
      if (body.query.includes('pg_catalog.pg_namespace')) return HttpResponse.json(result())
      const call = { query: body.query, headers: request.headers }
      calls.push(call)
      const response = await onQuery(call, request)
      // The editor asks for a streamed answer: a JSON result is sent as the platform streams it.
      const streamed = request.headers.get('accept')?.includes('application/x-ndjson')
      if (!streamed || response.status !== 200 || !response.headers.get('content-type')?.includes('application/json')) return response
      return streamedResult((await response.json()) as SqlResult)
    }),
  ]
  return { handlers, calls }
}

/** Renders with a fresh query client (no retries) and a toaster. */
export function renderWithClient(ui: ReactElement, queryClient: QueryClient = createQueryClient({ queries: { retry: false } })) {
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>{ui}</TooltipProvider>
        <Toaster />
      </QueryClientProvider>
    ),
  }
}

/** The virtual grid measures its scroll box: give jsdom's elements a size. */
export function giveElementsASize(width = 1000, height = 600) {
  const width0 = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
  const height0 = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width })
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height })
  return () => {
    if (width0) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width0)
    if (height0) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height0)
  }
}

export type SnippetCall = { method: string; id?: string; body?: Record<string, unknown> }

/** An in-memory snippets endpoint: list (favourites first), read, create, update, delete. */
export function snippetHandlers(initial: Snippet[] = []) {
  const store = new Map(initial.map((s) => [s.id, { ...s }]))
  const calls: SnippetCall[] = []
  let created = 0
  const base = `*/platform/projects/${REF}/snippets`
  const sorted = () =>
    [...store.values()].sort((a, b) => Number(b.favorite) - Number(a.favorite) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
  const handlers = [
    http.get(base, () => HttpResponse.json(sorted().map(summary))),
    http.post(base, async ({ request }) => {
      const body = (await request.json()) as { name: string; sql: string }
      calls.push({ method: 'POST', body })
      created += 1
      const made = snippet({ id: `22222222-2222-4222-8222-${String(created).padStart(12, '0')}`, name: body.name, sql: body.sql })
      store.set(made.id, made)
      return HttpResponse.json(made, { status: 201 })
    }),
    http.get(`${base}/:id`, ({ params }) => {
      const found = store.get(String(params.id))
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: `Snippet ${params.id} not found` }, { status: 404 })
    }),
    http.patch(`${base}/:id`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.push({ method: 'PATCH', id: String(params.id), body })
      const found = store.get(String(params.id))
      if (!found) return HttpResponse.json({ message: 'Snippet not found' }, { status: 404 })
      const next = { ...found, ...body, updated_at: new Date().toISOString() } as Snippet
      store.set(next.id, next)
      return HttpResponse.json(next)
    }),
    http.delete(`${base}/:id`, ({ params }) => {
      calls.push({ method: 'DELETE', id: String(params.id) })
      store.delete(String(params.id))
      return new HttpResponse(null, { status: 204 })
    }),
  ]
  return { handlers, calls, store }
}
