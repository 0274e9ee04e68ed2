import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { FunctionLogsTab } from '@/components/interfaces/EdgeFunctions/FunctionLogsTab'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { server } from '@/tests/msw-server'
import { edgeFunction, REF, renderWithClient } from './functions-fixtures'

const FN = edgeFunction()
const page = (result: ProjectLogLine[]) => ({ result, source: 'all', recorded: true, plan: 'free', retention_days: 1, iso_timestamp_start: '', iso_timestamp_end: '', next_cursor: null })
const CONSOLE: ProjectLogLine = {
  id: 'b',
  timestamp: '2025-05-01T10:00:01.000Z',
  source: 'function_logs',
  level: 'error',
  identifier: REF,
  event_message: 'Could not reach the mail API',
  metadata: { function_id: FN.id, execution_id: 'x', level: 'error' },
}
const EDGE: ProjectLogLine = {
  id: 'a',
  timestamp: '2025-05-01T10:00:00.000Z',
  source: 'function_edge_logs',
  level: 'error',
  identifier: REF,
  event_message: 'POST /hello-world',
  metadata: { function_id: FN.id, function_slug: 'hello-world', version: 1, execution_id: 'x', method: 'POST', path: '/hello-world', status_code: 500, execution_time_ms: 8 },
}

describe('function logs tab', { timeout: 20_000 }, () => {
  it("asks for this function's edge and console lines, and shows new ones without a reload", async () => {
    const asked: URLSearchParams[] = []
    server.use(
      http.get(`*/platform/projects/${REF}/logs`, ({ request }) => {
        const params = new URL(request.url).searchParams
        asked.push(params)
        return HttpResponse.json(page(asked.length === 1 ? [] : [CONSOLE, EDGE]))
      })
    )
    renderWithClient(<FunctionLogsTab projectRef={REF} fn={FN} />)
    expect(await screen.findByText('No log lines in the last 24 hours')).toBeInTheDocument()
    expect(asked[0].get('source')).toBe('function_edge_logs,function_logs')
    expect(asked[0].get('function_id')).toBe(FN.id)

    // The live refetch (every 3 s) brings the lines in, newest first as the platform sends them.
    const list = await screen.findByRole('list', { name: 'Log lines' }, { timeout: 8_000 })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('ERRORConsoleCould not reach the mail API'),
      expect.stringContaining('500InvocationPOST /hello-world → 500 in 8 ms (v1)'),
    ])
    expect(items[0]).toHaveAttribute('data-level', 'error')
  })

  it('shows a load failure with a retry', async () => {
    server.use(http.get(`*/platform/projects/${REF}/logs`, () => HttpResponse.json({ message: 'Logs are unavailable' }, { status: 503 })))
    renderWithClient(<FunctionLogsTab projectRef={REF} fn={FN} />)
    expect(await screen.findByText('Logs are unavailable')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
