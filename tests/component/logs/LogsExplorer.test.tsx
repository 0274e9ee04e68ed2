import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { LogsExplorer } from '@/components/interfaces/Logs/LogsExplorer'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { parseConfig, toPublicConfig, type PublicConfig } from '@/lib/config'
import { formatLogTimestamp } from '@/lib/logs/log-lines'
import { featurePreviewStore } from '@/state/feature-previews'
import { server } from '../../msw-server'
import { DASHBOARD_GATEWAY_LINE, ERROR_LINE, GATEWAY_LINE, giveElementsASize, line, logsHandlers, REF, renderWithClient } from './logs-fixtures'

const router = vi.hoisted(() => ({ query: {} as Record<string, string>, pathname: '/project/[ref]/logs', replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))

function setConfig(overrides: Partial<PublicConfig> = {}) {
  window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), ...overrides }
}

let restoreSize: () => void
beforeEach(() => {
  restoreSize = giveElementsASize(1000, 600)
  router.query = {}
  router.replace.mockClear()
  setConfig()
  featurePreviewStore.getState().reload()
})
afterEach(() => {
  restoreSize()
  delete window.__DASHBOARD_CONFIG__
})

const grid = () => screen.getByRole('grid', { name: 'Log lines' })

describe('LogsExplorer', () => {
  it('loads the Postgres lines of the last hour, newest first, with their level and time', async () => {
    const error = ERROR_LINE()
    const { handlers, calls } = logsHandlers({ lines: [error, line()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    expect(screen.getByRole('status', { name: 'Loading log lines' })).toBeInTheDocument()
    const row = await screen.findByRole('row', { name: /relation "missing_table" does not exist/ })
    expect(within(row).getByText('ERROR')).toBeInTheDocument()
    expect(within(row).getByText(formatLogTimestamp(error.timestamp))).toBeInTheDocument()
    expect(within(grid()).getAllByRole('row')).toHaveLength(3) // header and two lines
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 lines')
    const params = calls[0]
    expect(params.get('source')).toBe('postgres_logs')
    expect(Date.parse(params.get('iso_timestamp_end')!) - Date.parse(params.get('iso_timestamp_start')!)).toBe(3_600_000)
  })

  it('lists all twelve sources by their labels and only the ranges within retention', async () => {
    const { handlers } = logsHandlers({ plan: 'free', lines: [line()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('grid', { name: 'Log lines' })
    const sources = within(screen.getByRole('combobox', { name: 'Source' })).getAllByRole('option').map((o) => o.textContent)
    expect(sources).toEqual([
      'API Gateway', 'Auth', 'Auth audit', 'Storage', 'Edge Functions requests', 'Edge Functions',
      'Postgres', 'Realtime', 'PostgREST', 'Shared pooler', 'Dedicated pooler', 'Postgres upgrades',
    ])
    const ranges = within(screen.getByRole('combobox', { name: 'Time range' })).getAllByRole('option') as HTMLOptionElement[]
    expect(ranges.filter((o) => !o.disabled).map((o) => o.textContent)).toEqual(['Last 15 minutes', 'Last hour', 'Last 3 hours', 'Last 24 hours'])
    expect(ranges.find((o) => o.value === '7d')).toBeDisabled()
    expect(await screen.findByText(/Logs are kept for 1 day on the Free plan/)).toBeInTheDocument()
  })

  it('offers 28 days on the Team plan and asks for the chosen range', async () => {
    const user = userEvent.setup()
    const { handlers, calls } = logsHandlers({ plan: 'team', lines: [line()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByText(/Logs are kept for 28 days on the Team plan/)
    const select = screen.getByRole('combobox', { name: 'Time range' })
    expect(within(select).getByRole('option', { name: 'Last 28 days' })).toBeEnabled()
    expect(within(select).getByRole('option', { name: /Last 90 days/ })).toBeDisabled()
    await user.selectOptions(select, '28d')
    await waitFor(() => {
      const last = calls[calls.length - 1]
      expect(Date.parse(last.get('iso_timestamp_end')!) - Date.parse(last.get('iso_timestamp_start')!)).toBe(28 * 86_400_000)
    })
  })

  it('searches event messages and filters by level', async () => {
    const user = userEvent.setup()
    const { handlers, calls } = logsHandlers({ lines: [ERROR_LINE()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('grid', { name: 'Log lines' })
    await user.type(screen.getByRole('searchbox', { name: 'Search event messages' }), 'missing_table')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(calls[calls.length - 1].get('search')).toBe('missing_table'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'error')
    await waitFor(() => expect(calls[calls.length - 1].get('level')).toBe('error'))
    expect(calls[calls.length - 1].get('search')).toBe('missing_table')
  })

  it('opens a detail panel with every field, the metadata as JSON and a copy button', async () => {
    const user = userEvent.setup()
    const error = ERROR_LINE()
    const { handlers } = logsHandlers({ lines: [error] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await user.click(await screen.findByRole('row', { name: /missing_table/ }))
    const panel = screen.getByRole('complementary', { name: 'Log line' })
    expect(within(panel).getByText(error.id)).toBeInTheDocument()
    expect(within(panel).getByText('Postgres')).toBeInTheDocument()
    expect(within(panel).getByText(/"sql_state_code": "42P01"/)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Copy the log line as JSON' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /missing_table/ })).toHaveAttribute('aria-selected', 'true')
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('complementary', { name: 'Log line' })).not.toBeInTheDocument()
  })

  it('opens a line from the keyboard', async () => {
    const user = userEvent.setup()
    const { handlers } = logsHandlers({ lines: [ERROR_LINE()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    const row = await screen.findByRole('row', { name: /missing_table/ })
    expect(row).toHaveAttribute('tabindex', '0')
    row.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('complementary', { name: 'Log line' })).toBeInTheDocument()
  })

  it('switches to API Gateway and shows the request status', async () => {
    const user = userEvent.setup()
    const { handlers, calls } = logsHandlers({ lines: [ERROR_LINE(), GATEWAY_LINE()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('row', { name: /missing_table/ })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'edge_logs')
    const row = await screen.findByRole('row', { name: /POST \| 400/ })
    expect(within(row).getByText('400')).toBeInTheDocument()
    expect(screen.queryByRole('row', { name: /missing_table/ })).not.toBeInTheDocument()
    expect(calls[calls.length - 1].get('source')).toBe('edge_logs')
    expect(router.replace).toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ source: 'edge_logs' }) }),
      undefined,
      { shallow: true }
    )
  })

  it("hides the dashboard's own requests until \"Dashboard's own\" is on, and marks them", async () => {
    const user = userEvent.setup()
    router.query = { ref: REF, source: 'edge_logs' }
    const { handlers, calls } = logsHandlers({ lines: [GATEWAY_LINE(), DASHBOARD_GATEWAY_LINE()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    const app = await screen.findByRole('row', { name: /anon \| \/rest\/v1\/todos/ })
    expect(within(app).queryByText('Dashboard')).not.toBeInTheDocument()
    expect(screen.queryByRole('row', { name: /\/platform\/pg-meta/ })).not.toBeInTheDocument()
    expect(calls[calls.length - 1].get('include_dashboard')).toBeNull()
    await user.click(screen.getByRole('switch', { name: "Dashboard's own" }))
    const own = await screen.findByRole('row', { name: /\/platform\/pg-meta/ })
    expect(within(own).getByText('Dashboard')).toBeInTheDocument()
    expect(calls[calls.length - 1].get('include_dashboard')).toBe('true')
  })

  it('says on an empty page that the dashboard\'s own lines are hidden', async () => {
    const { handlers } = logsHandlers({ lines: [DASHBOARD_GATEWAY_LINE()] })
    server.use(...handlers)
    router.query = { ref: REF, source: 'edge_logs' }
    renderWithClient(<LogsExplorer projectRef={REF} />)
    expect(await screen.findByText(/The dashboard's own requests and queries are hidden: turn on “Dashboard's own” to see them\./)).toBeInTheDocument()
  })

  it('opens on the source the address names', async () => {
    router.query = { ref: REF, source: 'edge_logs' }
    const { handlers, calls } = logsHandlers({ lines: [ERROR_LINE(), GATEWAY_LINE()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('row', { name: /POST \| 400/ })
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveValue('edge_logs')
    expect(calls[0].get('source')).toBe('edge_logs')
  })

  it('says plainly that sources without a producer record nothing, without asking the platform', async () => {
    const user = userEvent.setup()
    const { handlers, calls } = logsHandlers({ lines: [line()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('grid', { name: 'Log lines' })
    const before = calls.length
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'pg_upgrade_logs')
    expect(await screen.findByText('No events are recorded for Postgres upgrades')).toBeInTheDocument()
    expect(screen.getByText(/This platform runs no such service, so nothing is recorded here\. Recorded: API Gateway \(every request to the project's API/)).toBeInTheDocument()
    expect(calls.length).toBe(before)
  })

  it('shows an empty state when nothing was recorded in the range', async () => {
    const { handlers } = logsHandlers({ lines: [] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    expect(await screen.findByText('No log lines in this range')).toBeInTheDocument()
  })

  it('shows the error with a retry that loads the lines', async () => {
    const user = userEvent.setup()
    let fail = true
    const { handlers } = logsHandlers({
      lines: [ERROR_LINE()],
      respond: () => (fail ? HttpResponse.json({ message: 'iso_timestamp_start is older than this plan allows' }, { status: 400 }) : undefined),
    })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the logs')
    expect(alert).toHaveTextContent('iso_timestamp_start is older than this plan allows')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('row', { name: /missing_table/ })).toBeInTheDocument()
  })

  it('loads older lines with the cursor and the same range', async () => {
    const user = userEvent.setup()
    const newer = line({ event_message: 'newest statement' })
    const older = line({ event_message: 'older statement', timestamp: '2025-05-16T09:00:00.000000Z' })
    const { handlers, calls } = logsHandlers({
      respond: (params) => (params.get('cursor') ? { result: [older] } : { result: [newer], next_cursor: 'CURSOR-1' }),
    })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('row', { name: /newest statement/ })
    await user.click(screen.getByRole('button', { name: 'Load older' }))
    expect(await screen.findByRole('row', { name: /older statement/ })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: /newest statement/ })).toBeInTheDocument()
    const [first, second] = calls
    expect(second.get('cursor')).toBe('CURSOR-1')
    expect(second.get('iso_timestamp_start')).toBe(first.get('iso_timestamp_start'))
    expect(screen.getByText('No older lines in this range')).toBeInTheDocument()
  })

  it('starts with the custom content "logs default query" as the search', async () => {
    setConfig({ customContent: { ...toPublicConfig(parseConfig({})).customContent, logsDefaultQuery: 'timeout' } })
    const { handlers, calls } = logsHandlers({ lines: [] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByText('No log lines in this range')
    expect(calls[0].get('search')).toBe('timeout')
    expect(screen.getByRole('searchbox', { name: 'Search event messages' })).toHaveValue('timeout')
  })

  it('refreshes on demand and polls while live tail is on', async () => {
    const user = userEvent.setup()
    const { handlers, calls } = logsHandlers({ lines: [line()] })
    server.use(...handlers)
    renderWithClient(<LogsExplorer projectRef={REF} />)
    await screen.findByRole('grid', { name: 'Log lines' })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    await user.click(screen.getByRole('switch', { name: 'Live tail' }))
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3), { timeout: 7_000 })
  }, 10_000)

  describe('the "New logs interface" preview', () => {
    const ON = { gitlessBranching: false, advisorRules: false, unifiedLogs: true }

    it('on the Team plan shows one stream of every source with a source column and chips', async () => {
      const user = userEvent.setup()
      setConfig({ remoteFlags: ON })
      featurePreviewStore.getState().setEnabled(FEATURE_PREVIEW_KEYS.unifiedLogs, true)
      const { handlers, calls } = logsHandlers({ plan: 'team', lines: [ERROR_LINE(), GATEWAY_LINE()] })
      server.use(...handlers)
      renderWithClient(<LogsExplorer projectRef={REF} />)
      expect(await screen.findByRole('heading', { name: 'Logs (all sources)' })).toBeInTheDocument()
      await screen.findByRole('row', { name: /POST \| 400/ })
      expect(within(grid()).getByRole('columnheader', { name: 'Source' })).toBeInTheDocument()
      expect(screen.getByRole('row', { name: /missing_table/ })).toBeInTheDocument()
      expect(screen.queryByRole('combobox', { name: 'Source' })).not.toBeInTheDocument()
      expect(calls[calls.length - 1].get('source')).toBe('all')
      const chips = screen.getByRole('group', { name: 'Filter by source' })
      await user.click(within(chips).getByRole('button', { name: 'API Gateway' }))
      await waitFor(() => expect(calls[calls.length - 1].get('source')).toBe('edge_logs'))
      await waitFor(() => expect(screen.queryByRole('row', { name: /missing_table/ })).not.toBeInTheDocument())
      expect(within(chips).getByRole('button', { name: 'API Gateway' })).toHaveAttribute('aria-pressed', 'true')
    })

    it('stays off below the Team plan even when switched on', async () => {
      setConfig({ remoteFlags: ON })
      featurePreviewStore.getState().setEnabled(FEATURE_PREVIEW_KEYS.unifiedLogs, true)
      const { handlers, calls } = logsHandlers({ plan: 'pro', lines: [line()] })
      server.use(...handlers)
      renderWithClient(<LogsExplorer projectRef={REF} />)
      await screen.findByText(/on the Pro plan/)
      expect(screen.getByRole('heading', { name: 'Logs' })).toBeInTheDocument()
      expect(calls.every((c) => c.get('source') === 'postgres_logs')).toBe(true)
      expect(screen.queryByRole('button', { name: 'Try the new logs interface' })).not.toBeInTheDocument()
    })

    it('offers the preview on Team when it is off', async () => {
      const user = userEvent.setup()
      setConfig({ remoteFlags: ON })
      const { handlers } = logsHandlers({ plan: 'team', lines: [line()] })
      server.use(...handlers)
      renderWithClient(<LogsExplorer projectRef={REF} />)
      await user.click(await screen.findByRole('button', { name: 'Try the new logs interface' }))
      expect(router.replace).toHaveBeenCalledWith(
        expect.objectContaining({ query: expect.objectContaining({ featurePreviewModal: FEATURE_PREVIEW_KEYS.unifiedLogs }) }),
        undefined,
        { shallow: true }
      )
    })
  })

  it('self-hosted keeps logs as enterprise does and never offers the platform-only preview', async () => {
    setConfig({ isPlatform: false, remoteFlags: { gitlessBranching: false, advisorRules: false, unifiedLogs: true } })
    const { handlers } = logsHandlers({ plan: 'enterprise', lines: [line()] })
    // No organizations handler: self-hosted asks for none (an unhandled request fails the test).
    server.use(...handlers.filter((_, i) => i !== 1))
    renderWithClient(<LogsExplorer projectRef={REF} />)
    expect(await screen.findByText('Logs are kept for 90 days on this self-hosted install.')).toBeInTheDocument()
    expect(within(screen.getByRole('combobox', { name: 'Time range' })).getByRole('option', { name: 'Last 90 days' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Try the new logs interface' })).not.toBeInTheDocument()
  })
})
