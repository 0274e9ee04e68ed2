import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SchemaVisualizerScreen } from '@/components/interfaces/Database/SchemaVisualizerScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { readDiagramPositions, writeDiagramPositions } from '@/state/schema-diagram-positions'
import { tablePositionKey } from '@/lib/database/schema-graph'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'
const HOSTILE = 'x"; drop table orders; --<b>'

const router = vi.hoisted(() => ({ pathname: '/project/[ref]/database/schemas', replace: vi.fn(async () => true), query: {} as Record<string, string>, asPath: '/' }))
vi.mock('next/router', () => ({ useRouter: () => router }))

// xyflow measures its nodes (offset sizes, reported by a ResizeObserver) before it shows them;
// jsdom lays nothing out, so every element reports a size and every observed element is reported.
beforeAll(() => {
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() => this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver))
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 300 })
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 120 })
  globalThis.DOMMatrixReadOnly ??= class {
    m22 = 1
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([\d.]+)\)/)?.[1]
      this.m22 = scale ? Number(scale) : 1
    }
  } as unknown as typeof DOMMatrixReadOnly
})
afterAll(() => {
  delete (HTMLElement.prototype as { offsetWidth?: number }).offsetWidth
  delete (HTMLElement.prototype as { offsetHeight?: number }).offsetHeight
})

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`
    create schema billing;
    create table billing.accounts (id bigint primary key);
    create table public.customers (id bigint primary key, email text not null unique, account_id bigint references billing.accounts (id));
    create table public.orders (id bigint primary key, customer_id bigint not null references public.customers (id), note text);
    create view public.recent_orders as select id, note from public.orders;
    create table public."${HOSTILE.replace(/"/g, '""')}" (id int primary key);
    create schema empty_schema;`)
}, 60_000)
afterAll(async () => pg?.close())

beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
})

function renderScreen(role = 'Read only') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <SchemaVisualizerScreen projectRef={REF} />
    </TooltipProvider>
  )
}

describe('schema visualizer', () => {
  it("draws public's tables, the view marked, the other schema's table as external, with markers, for a Read-only member", async () => {
    renderScreen()
    const diagram = await screen.findByTestId('schema-diagram', {}, { timeout: 15_000 })
    const customers = await within(diagram).findByRole('group', { name: 'Table public.customers' }, { timeout: 10_000 })
    expect(within(customers).getByText('email').closest('li')).toHaveTextContent('emailtextUQ')
    expect(within(customers).getByText('account_id').closest('li')).toHaveTextContent('account_idbigintFKNULL')
    expect(within(customers).getByText('id').closest('li')).toHaveTextContent('idbigintPK')
    expect(within(diagram).getByRole('group', { name: 'view public.recent_orders' })).toHaveTextContent('view')
    const external = within(diagram).getByRole('group', { name: 'Table of another schema billing.accounts' })
    expect(external).toHaveTextContent('billing.accounts')
    expect(external).toHaveTextContent('other schema')
    // A hostile name is text, never markup.
    expect(within(diagram).getByText(HOSTILE)).toBeInTheDocument()
    expect(document.querySelector('b')).toBeNull()

    // The text alternative lists every table and relation.
    const relations = screen.getByRole('region', { name: 'Relations' })
    expect(within(relations).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'customers.account_id references billing.accounts.id (customers_account_id_fkey)',
      'orders.customer_id references customers.id (orders_customer_id_fkey)',
    ])
    expect(within(screen.getByRole('region', { name: 'Tables' })).getByText(/email: text/)).toHaveTextContent('email: text (unique, not null)')

    // It changes nothing: every query was a read.
    expect(pg.scripts()).toEqual([])
    for (const label of ['Auto layout', 'Export PNG', 'Export SVG']) expect(screen.getByRole('button', { name: label })).toBeEnabled()
  }, 30_000)

  it('places tables where they were left, and Auto layout forgets that', async () => {
    writeDiagramPositions(REF, 'public', { [tablePositionKey({ schema: 'public', name: 'orders' })]: { x: 1234, y: 567 } })
    renderScreen()
    const orders = await screen.findByRole('group', { name: 'Table public.orders' }, { timeout: 15_000 })
    await waitFor(() => expect(orders.style.transform).toBe('translate(1234px,567px)'))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Auto layout' }))
    await waitFor(() => expect(orders.style.transform).not.toBe('translate(1234px,567px)'))
    expect(readDiagramPositions(REF, 'public')).toEqual({})
  }, 30_000)

  it('reads the schema from the URL and changes it there; an empty schema says so', async () => {
    router.query = { schema: 'empty_schema' }
    renderScreen()
    expect(await screen.findByText('The schema empty_schema has no tables', {}, { timeout: 15_000 })).toBeInTheDocument()
    const picker = screen.getByLabelText('Schema')
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'billing' })).toBeInTheDocument())
    await userEvent.setup().selectOptions(picker, 'billing')
    expect(router.replace).toHaveBeenCalledWith({ pathname: router.pathname, query: { schema: 'billing' } }, undefined, { shallow: true })
  })

  it('shows a failure with Retry', async () => {
    renderScreen()
    server.use(http.post('*/platform/pg-meta/:ref/query', () => HttpResponse.json({ message: 'permission denied for schema x' }, { status: 400 })))
    expect(await screen.findByText('Failed to load the schema', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument()
  })
})
