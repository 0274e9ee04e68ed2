import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { IndexesScreen } from '@/components/interfaces/Database/IndexesScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { currentQuery, setRoute } from '../App/feature-preview-router'
import { createPgMeta } from './pglite-pg-meta'

vi.mock('next/router', async () => await import('../App/feature-preview-router'))

const REF = 'abcdefghijklmnopqrst'
const PATH = '/project/[ref]/database/indexes'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.customers (id int primary key);
    create table public."line items" (id int primary key, "customer id" int references public.customers, tags text[], note text)`)
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen(role: string, engine: 'pglite' | 'postgres' = 'pglite') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF, db_engine: engine }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <IndexesScreen projectRef={REF} />
    </TooltipProvider>
  )
}

const indexNames = async () => (await pg.db.query<{ n: string }>(`select indexname as n from pg_indexes where tablename = 'line items' order by 1`)).rows.map((r) => r.n)

describe('indexes', () => {
  it('opens the create form filled in from the advisor link, creates the index and drops it', async () => {
    const user = userEvent.setup()
    setRoute(PATH, { ref: REF, create: '1', schema: 'public', table: 'line items', column: 'customer id' })
    renderScreen('Developer')
    const dialog = await screen.findByRole('dialog', { name: 'Create an index' }, { timeout: 10_000 })
    expect(currentQuery()).toEqual({ ref: REF })
    await waitFor(() => expect(within(dialog).getByLabelText('Table')).toHaveValue('line items'))
    const preview = await within(dialog).findByLabelText('SQL to run')
    expect(preview).toHaveTextContent('BEGIN; CREATE INDEX ON "public"."line items" USING btree ("customer id"); COMMIT;')
    // PGlite: CONCURRENTLY is not offered, and the form says why.
    expect(within(dialog).getByRole('checkbox', { name: 'Concurrently' })).toBeDisabled()
    expect(within(dialog).getByText(/offered on a Postgres server only/)).toBeInTheDocument()

    // hash holds one column; gin has no default class for int.
    await user.selectOptions(within(dialog).getByLabelText('Column to add'), 'note')
    await user.click(within(dialog).getByRole('button', { name: 'Add column' }))
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'hash')
    await user.click(within(dialog).getByRole('button', { name: 'Create index' }))
    expect(within(dialog).getByText('A hash index holds one column')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'btree')
    await user.click(within(dialog).getByRole('button', { name: 'Move note up' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unique' }))
    await user.type(within(dialog).getByLabelText('Partial index condition (optional)'), 'note <> {;}')
    expect(within(dialog).getByText('Choose a table and at least one column to see the SQL.')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Partial index condition (optional)'))
    await user.type(within(dialog).getByLabelText('Partial index condition (optional)'), "note <> ''")
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'by "note"')
    // An operator class after a column, an expression after the columns.
    await user.type(within(dialog).getByLabelText('Operator class for note'), 'text_pattern_ops')
    await user.type(within(dialog).getByLabelText('Expressions (optional)'), 'lower(note)')
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(
      `CREATE UNIQUE INDEX "by ""note""" ON "public"."line items" USING btree ("note" "text_pattern_ops", "customer id", (lower(note))) WHERE note <> '';`
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create index' }))

    const table = await screen.findByRole('table', { name: 'Indexes' })
    const row = await within(table).findByRole('row', { name: /by "note"/ })
    expect(row).toHaveTextContent('btree')
    expect(row).toHaveTextContent('Unique')
    expect(await indexNames()).toEqual(['by "note"', 'line items_pkey'])
    // The list is filtered to the link's table.
    expect(within(table).queryByRole('row', { name: /customers_pkey/ })).toBeNull()

    await user.click(within(row).getByRole('button', { name: 'Drop by "note"' }))
    const drop = await screen.findByRole('dialog', { name: 'Drop index by "note"' }, { timeout: 10_000 })
    expect(within(drop).getByLabelText('SQL to run')).toHaveTextContent('DROP INDEX "public"."by ""note""";')
    await user.click(within(drop).getByRole('button', { name: 'Drop index' }))
    await waitFor(async () => expect(await indexNames()).toEqual(['line items_pkey']))
  }, 60_000)

  it('offers CONCURRENTLY on a Postgres server and sends it alone', async () => {
    const user = userEvent.setup()
    setRoute(PATH, { ref: REF, create: '1', schema: 'public', table: 'line items', column: 'tags' })
    renderScreen('Developer', 'postgres')
    const dialog = await screen.findByRole('dialog', { name: 'Create an index' }, { timeout: 10_000 })
    await waitFor(() => expect(within(dialog).getByLabelText('Table')).toHaveValue('line items'))
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'gin')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Concurrently' }))
    expect(await within(dialog).findByLabelText('SQL to run')).toHaveTextContent(/^CREATE INDEX CONCURRENTLY ON "public"."line items" USING gin \("tags"\);$/)
  }, 30_000)

  it('shows a Read-only member the indexes with size and scans; the advisor link filters but opens no form', async () => {
    setRoute(PATH, { ref: REF, create: '1', schema: 'public', table: 'customers' })
    renderScreen('Read-only')
    const row = await screen.findByRole('row', { name: /customers_pkey/ })
    expect(row).toHaveTextContent('Primary')
    expect(within(row).getByRole('button', { name: 'Drop customers_pkey' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('row', { name: /line items_pkey/ })).toBeNull()
    expect(screen.getByRole('note')).toHaveTextContent('Read-only members cannot change the database')
  }, 30_000)
})
