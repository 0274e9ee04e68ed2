import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { HooksScreen } from '@/components/interfaces/Database/HooksScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.orders (id int primary key, note text);
    create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;`)
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen() {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role: 'Developer' })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <HooksScreen projectRef={REF} />
    </TooltipProvider>
  )
}

describe('database hooks', () => {
  it('validates the form, then creates a notify hook that really notifies, disables and deletes it', async () => {
    const user = userEvent.setup()
    renderScreen()
    await screen.findByText('No hooks yet')
    await user.click(screen.getAllByRole('button', { name: 'Create hook' })[0])
    const dialog = await screen.findByRole('dialog', { name: 'Create a database hook' }, { timeout: 10_000 })

    // Nothing valid yet: no SQL, and submitting names each problem.
    expect(within(dialog).getByText('Complete the form to see the SQL.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Create hook' }))
    expect(within(dialog).getByText('Give the hook a name')).toBeInTheDocument()
    expect(within(dialog).getByText(/Use letters, digits and underscores/)).toBeInTheDocument()
    expect(pg.scripts()).toEqual([])

    // HTTP hooks need pg_net, which this database does not have.
    await user.click(within(dialog).getByRole('radio', { name: 'HTTP request' }))
    expect(await within(dialog).findByText(/need the pg_net extension, which this database server does not have/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('URL')).toBeDisabled()

    await user.click(within(dialog).getByRole('radio', { name: 'Notify channel' }))
    await user.type(within(dialog).getByLabelText('Name'), 'orders_feed')
    await waitFor(() => expect(within(dialog).getByLabelText('Table')).toHaveValue('orders'))
    await user.click(within(dialog).getByRole('checkbox', { name: 'UPDATE' }))
    await user.type(within(dialog).getByLabelText('Channel'), 'orders')
    const preview = within(dialog).getByLabelText('SQL to run')
    expect(preview).toHaveTextContent('CREATE FUNCTION "public"."orders_feed_hook"() RETURNS trigger')
    expect(preview).toHaveTextContent(`CREATE TRIGGER "orders_feed" AFTER INSERT OR UPDATE ON "public"."orders" FOR EACH ROW EXECUTE FUNCTION "public"."orders_feed_hook"();`)

    await user.click(within(dialog).getByRole('button', { name: 'Create hook' }))
    const table = await screen.findByRole('table', { name: 'Database hooks' })
    const row = within(table).getByRole('row', { name: /orders_feed/ })
    expect(row).toHaveTextContent('public.orders')
    expect(row).toHaveTextContent('Notify channel orders')
    expect(row).toHaveTextContent('AFTER · each row')

    const received: string[] = []
    const unlisten = await pg.db.listen('orders', (payload) => received.push(payload))
    await pg.db.exec(`insert into public.orders values (7, 'hi')`)
    await waitFor(() => expect(received).toHaveLength(1))
    expect(JSON.parse(received[0])).toMatchObject({ type: 'INSERT', table: 'orders', record: { id: 7, note: 'hi' } })

    // Disable: the SQL is shown first.
    await user.click(within(row).getByRole('switch', { name: 'orders_feed enabled' }))
    const confirm = await screen.findByRole('dialog', { name: 'Disable hook orders_feed' }, { timeout: 10_000 })
    expect(within(confirm).getByLabelText('SQL to run')).toHaveTextContent('ALTER TABLE "public"."orders" DISABLE TRIGGER "orders_feed";')
    await user.click(within(confirm).getByRole('button', { name: 'Disable hook' }))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Database hooks' })).getByRole('switch', { name: 'orders_feed enabled' })).toHaveAttribute('aria-checked', 'false'))
    await pg.db.exec(`insert into public.orders values (8, 'quiet')`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(received).toHaveLength(1)
    await unlisten()

    // Delete, with the function made for it.
    await user.click(screen.getByRole('button', { name: 'Delete orders_feed' }))
    const del = await screen.findByRole('dialog', { name: 'Delete hook orders_feed' }, { timeout: 10_000 })
    expect(within(del).getByRole('checkbox', { name: /Also drop its function public.orders_feed_hook/ })).toBeChecked()
    expect(within(del).getByLabelText('SQL to run')).toHaveTextContent('DROP TRIGGER "orders_feed" ON "public"."orders"; DROP FUNCTION "public"."orders_feed_hook"();')
    await user.click(within(del).getByRole('button', { name: 'Delete hook' }))
    await screen.findByText('No hooks yet')
    expect((await pg.db.query(`select 1 from pg_proc where proname = 'orders_feed_hook'`)).rows).toEqual([])
  }, 30_000)

  it('creates a hook on an existing trigger function, and TRUNCATE asks for statement level', async () => {
    const user = userEvent.setup()
    renderScreen()
    await screen.findByText('No hooks yet')
    await user.click(screen.getAllByRole('button', { name: 'Create hook' })[0])
    const dialog = await screen.findByRole('dialog', { name: 'Create a database hook' }, { timeout: 10_000 })
    await user.click(within(dialog).getByRole('radio', { name: 'Call a function' }))
    await user.type(within(dialog).getByLabelText('Name'), 'touch_it')
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'public.touch()' })).toBeInTheDocument())
    await user.selectOptions(within(dialog).getByLabelText('Function'), 'public.touch()')
    await user.click(within(dialog).getByRole('radio', { name: 'BEFORE' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'TRUNCATE' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create hook' }))
    expect(within(dialog).getByText('TRUNCATE fires only FOR EACH STATEMENT')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('checkbox', { name: 'TRUNCATE' }))
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('CREATE TRIGGER "touch_it" BEFORE INSERT ON "public"."orders" FOR EACH ROW EXECUTE FUNCTION "public"."touch"();')
    await user.click(within(dialog).getByRole('button', { name: 'Create hook' }))
    const row = await screen.findByRole('row', { name: /touch_it/ })
    expect(row).toHaveTextContent('public.touch()')
    expect(row).toHaveTextContent('BEFORE · each row')
  }, 30_000)
})
