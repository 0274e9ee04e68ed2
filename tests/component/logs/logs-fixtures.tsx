/** Shared stand-ins of the logs explorer tests: a project, its organization, log lines and an msw logs endpoint. */
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactElement } from 'react'
import { Toaster } from 'sonner'
import { createQueryClient } from '@/data/query-client'
import type { LogSource } from '@/lib/catalogue/log-sources'
import type { ProjectLogLine, ProjectLogsResponse } from '@/lib/api-types/logs'
import { isRecordedLogSource } from '@/lib/logs/log-lines'
import { LOG_RETENTION_DAYS } from '@/lib/logs/retention'

export const REF = 'logsprojectrefabcdef'

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

let n = 0
export function line(overrides: Partial<ProjectLogLine> = {}): ProjectLogLine {
  n += 1
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    timestamp: '2025-05-16T10:00:00.000000Z',
    source: 'postgres_logs',
    level: 'info',
    event_message: `duration: 0.500 ms  statement: select ${n}`,
    identifier: REF,
    metadata: { level: 'LOG', command: 'SELECT', row_count: 1, query: `select ${n}` },
    ...overrides,
  }
}

export const ERROR_LINE = () =>
  line({
    level: 'error',
    event_message: 'ERROR:  relation "missing_table" does not exist',
    metadata: { level: 'ERROR', sql_state_code: '42P01', message: 'relation "missing_table" does not exist', query: 'select * from missing_table' },
  })

/** An app's request to the project's REST API, as the gateway records it. */
export const GATEWAY_LINE = () =>
  line({
    source: 'edge_logs',
    event_message: 'POST | 400 | 12 ms | anon | /rest/v1/todos',
    level: 'warning',
    metadata: { method: 'POST', path: '/rest/v1/todos', search: '', status_code: 400, duration_ms: 12, role: 'anon', service: 'rest', request_id: 'req-1', dashboard: false },
  })

/** One of the dashboard's own requests (hidden unless "Dashboard's own" is on). */
export const DASHBOARD_GATEWAY_LINE = () =>
  line({
    source: 'edge_logs',
    event_message: `POST | 200 | 8 ms | /platform/pg-meta/${REF}/query`,
    level: 'info',
    metadata: { method: 'POST', path: `/platform/pg-meta/${REF}/query`, status_code: 200, duration_ms: 8, request_id: 'req-2', dashboard: true },
  })

export type LogsCall = URLSearchParams

/**
 * The project, its organization (on `plan`) and the logs endpoint. `respond` picks the page for a
 * call (default: `lines` for recorded sources); every call's query is kept in `calls`.
 */
export function logsHandlers({
  plan = 'free',
  lines = [] as ProjectLogLine[],
  respond,
}: {
  plan?: 'free' | 'pro' | 'team' | 'enterprise'
  lines?: ProjectLogLine[]
  respond?: (params: URLSearchParams, call: number) => Response | Partial<ProjectLogsResponse> | undefined
} = {}) {
  const calls: LogsCall[] = []
  const page = (params: URLSearchParams, result: ProjectLogLine[]): ProjectLogsResponse => {
    const sources = (params.get('source') ?? 'all').split(',')
    return {
      result,
      source: sources.length === 1 ? (sources[0] as LogSource | 'all') : 'all',
      recorded: sources.includes('all') || sources.some(isRecordedLogSource),
      plan,
      retention_days: LOG_RETENTION_DAYS[plan],
      iso_timestamp_start: params.get('iso_timestamp_start') ?? '',
      iso_timestamp_end: params.get('iso_timestamp_end') ?? '',
      next_cursor: null,
    }
  }
  const handlers = [
    http.get(`*/platform/projects/${REF}`, () =>
      HttpResponse.json({ id: 1, ref: REF, name: 'Shop', status: 'ACTIVE_HEALTHY', organization_id: 7, connectionString: 'postgres://x', dbVersion: '17' })
    ),
    http.get('*/platform/organizations', () =>
      HttpResponse.json([
        { id: 7, slug: 'acme', name: 'Acme', plan: { id: plan, name: plan }, billing_email: null, billing_partner: null, restriction_status: null, restriction_data: null, organization_requires_mfa: false },
      ])
    ),
    http.get(`*/platform/projects/${REF}/logs`, ({ request }) => {
      const params = new URL(request.url).searchParams
      calls.push(params)
      const custom = respond?.(params, calls.length)
      if (custom instanceof Response) return custom
      const sources = (params.get('source') ?? 'all').split(',')
      // As the platform: the dashboard's own lines only with include_dashboard=true.
      const dashboard = params.get('include_dashboard') === 'true'
      const base = page(params, lines.filter((l) => (sources.includes('all') || sources.includes(l.source)) && (dashboard || l.metadata.dashboard !== true)))
      return HttpResponse.json({ ...base, ...custom })
    }),
  ]
  return { handlers, calls }
}

export function renderWithClient(ui: ReactElement) {
  const queryClient = createQueryClient({ queries: { retry: false } })
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>
  )
}
