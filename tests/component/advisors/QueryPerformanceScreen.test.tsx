import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryPerformanceScreen } from '@/components/interfaces/Advisors/QueryPerformanceScreen'
import { server } from '@/tests/msw-server'
import { renderWithClient, type MockRouter } from '../Organizations/fixtures'
import { fakeAdvisorApi, REF } from './fake-advisor-api'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))
// The first render loads every module of the screen: allow it more than the default second.
configure({ asyncUtilTimeout: 5000 })

beforeEach(() => {
  Object.assign(router, { isReady: true, query: { ref: REF }, pathname: '', asPath: '', push: vi.fn(), replace: vi.fn() })
})

const TABLES = [
  { schema: 'public', name: 'orders', seq_scan: 120, seq_tup_read: 480000, idx_scan: 3, idx_tup_fetch: 3, n_live_tup: 4000, n_dead_tup: 12, total_bytes: 819200, heap_blks_hit: 990, heap_blks_read: 10 },
]
const UNUSED = [{ schema: 'public', table_name: 'orders', name: 'orders_note_idx', bytes: 16384, backs_constraint: false, definition: 'CREATE INDEX orders_note_idx ON public.orders USING btree (note)' }]
const CACHE = [{ heap_hit: 990, heap_read: 10, idx_hit: 0, idx_read: 0, stats_reset: null }]
const STATEMENTS = [
  { queryid: '1', query: 'select * from orders where customer_id = $1', role: 'postgres', calls: 1200, total_ms: 5400.5, mean_ms: 4.5, rows: 1200 },
  { queryid: '2', query: 'update profiles set name = $1', role: 'postgres', calls: 3, total_ms: 12, mean_ms: 4, rows: 3 },
]

type Answers = Parameters<typeof fakeAdvisorApi>[0] extends infer O ? (O extends { other?: infer A } ? A : never) : never

function base(overrides: { status?: object; statements?: unknown } = {}): NonNullable<Answers> {
  return [
    ['sum(heap_blks_hit)', { rows: CACHE }],
    ['seq_tup_read', { rows: TABLES }],
    ['idx_scan = 0', { rows: UNUSED }],
    ["name = 'pg_stat_statements'", { rows: [overrides.status ?? { installed: false, available: false, schema: null }] }],
    ['pg_stat_statements s', (overrides.statements as { rows: object[] }) ?? { rows: [] }],
    ['create extension if not exists pg_stat_statements', { rows: [] }],
  ] as NonNullable<Answers>
}

function render(api: ReturnType<typeof fakeAdvisorApi>) {
  server.use(...api.handlers)
  return renderWithClient(<QueryPerformanceScreen projectRef={REF} />)
}

describe('query performance', () => {
  it('shows what the database tracks without pg_stat_statements, and says it is not available', async () => {
    render(fakeAdvisorApi({ other: base(), running: { embedded: true, queries: [] }, findings: { no_primary_key: [{ schema: 'public', name: 'log' }] } }))
    expect(await screen.findByText('Statement statistics are not available on this database')).toBeInTheDocument()
    const tables = await screen.findByRole('table', { name: 'Table scans' })
    const row = within(tables).getByRole('row', { name: /public\.orders/ })
    expect(row).toHaveTextContent('120')
    expect(row).toHaveTextContent('480,000')
    expect(row).toHaveTextContent('99.0%')
    expect(within(await screen.findByRole('table', { name: 'Unused indexes' })).getByText('orders_note_idx')).toBeInTheDocument()
    expect(screen.getAllByText('99.0%').length).toBeGreaterThan(0)
    expect(screen.getByText('No reads yet')).toBeInTheDocument()
    expect(await screen.findByText('One query at a time')).toBeInTheDocument()
    expect(await screen.findByText('public.log')).toBeInTheDocument()
  })

  it('offers to enable pg_stat_statements when the server has it, showing the SQL', async () => {
    const user = userEvent.setup()
    const api = fakeAdvisorApi({ other: base({ status: { installed: false, available: true, schema: null } }) })
    render(api)
    expect(await screen.findByText('pg_stat_statements is not enabled')).toBeInTheDocument()
    expect(screen.getByText('create extension if not exists pg_stat_statements;')).toBeInTheDocument()
    expect(screen.getByText(/must also load its library at start/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Enable pg_stat_statements' }))
    await waitFor(() => expect(api.queries).toContain('create extension if not exists pg_stat_statements'))
  })

  it('on the embedded database, says enabling is enough (no preload, no restart)', async () => {
    render(fakeAdvisorApi({ other: base({ status: { installed: false, available: true, schema: null, embedded: true } }) }))
    expect(await screen.findByText('pg_stat_statements is not enabled')).toBeInTheDocument()
    expect(screen.getByText(/loads the library when the extension is created/)).toBeInTheDocument()
    expect(screen.queryByText(/must also load its library at start/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enable pg_stat_statements' })).toBeEnabled()
  })

  it('explains shared_preload_libraries when the extension is installed but not loaded', async () => {
    render(
      fakeAdvisorApi({
        other: base({
          status: { installed: true, available: true, schema: 'public' },
          statements: { error: { message: 'pg_stat_statements must be loaded via "shared_preload_libraries"', code: '55000' } },
        }),
      })
    )
    expect(await screen.findByText('pg_stat_statements is installed but not loaded')).toBeInTheDocument()
    expect(screen.getByText("shared_preload_libraries = 'pg_stat_statements'")).toBeInTheDocument()
    expect(screen.getByText(/Postgres said: pg_stat_statements must be loaded/)).toBeInTheDocument()
  })

  it('lists top statements with order and search; reset asks first', async () => {
    const user = userEvent.setup()
    const api = fakeAdvisorApi({ other: base({ status: { installed: true, available: true, schema: 'extensions' }, statements: { rows: STATEMENTS } }) })
    render(api)
    const table = await screen.findByRole('table', { name: 'Top statements' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByText('5.4 s')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Order by'), 'calls')
    await waitFor(() => expect(api.queries.some((q) => q.includes('order by s.calls desc'))).toBe(true))
    await user.type(screen.getByRole('searchbox', { name: 'Search statements' }), 'orders')
    await user.click(screen.getByRole('button', { name: 'Reset statistics' }))
    expect(screen.getByRole('dialog', { name: 'Reset the statement statistics?' })).toBeInTheDocument()
  })

  it('lists running queries and cancels one after confirmation', async () => {
    const user = userEvent.setup()
    const api = fakeAdvisorApi({
      other: base(),
      running: { embedded: false, queries: [{ pid: 4242, role: 'project_abc_login', application_name: 'psql', state: 'active', query: 'select pg_sleep(60)', query_start: null, seconds: 42, wait_event: 'Timeout: PgSleep' }] },
    })
    render(api)
    const table = await screen.findByRole('table', { name: 'Running queries' })
    expect(within(table).getByText('select pg_sleep(60)')).toBeInTheDocument()
    expect(within(table).getByText('Long')).toBeInTheDocument()
    expect(within(table).getByText('project_abc_login')).toBeInTheDocument() // the application's connection, which members' roles cannot see
    await user.click(within(table).getByRole('button', { name: 'Cancel query of process 4242' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel the query of process 4242?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel query' }))
    expect(await screen.findByText('Cancel sent to process 4242')).toBeInTheDocument()
    expect(api.cancels).toEqual([4242])
  })

  it('hides Cancel and the enable button from Read-only members', async () => {
    render(
      fakeAdvisorApi({
        role: 'Read-only',
        other: base({ status: { installed: false, available: true, schema: null } }),
        running: { embedded: false, queries: [{ pid: 7, role: 'app', application_name: '', state: 'active', query: 'select 1', query_start: null, seconds: 1, wait_event: null }] },
      })
    )
    expect(await screen.findByRole('table', { name: 'Running queries' })).toBeInTheDocument()
    await screen.findByText('pg_stat_statements is not enabled')
    await waitFor(() => expect(screen.getByText(/Developers and above can enable it/)).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: /Cancel query of process/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enable pg_stat_statements' })).not.toBeInTheDocument()
  })
})
