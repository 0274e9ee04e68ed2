import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FunctionsScreen } from '@/components/interfaces/Database/FunctionsScreen'
import { createPgMeta } from './pglite-pg-meta'
import { renderDatabaseScreen } from './render-database-screen'

// Monaco does not run in jsdom: the body is a plain textarea with the editor's label.
vi.mock('@/components/interfaces/Database/FunctionBodyEditor', () => ({
  FunctionBodyEditor: ({ value, onChange, readOnly, label }: { value: string; onChange: (v: string) => void; readOnly: boolean; label: string }) => (
    <textarea aria-label={label} value={value} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />
  ),
}))

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.orders (id int primary key, total numeric);
    create schema billing;
    create function billing.stamp() returns trigger language plpgsql as $$ begin return new; end $$;
    create trigger orders_stamp before insert on public.orders for each row execute function billing.stamp();`)
}, 60_000)
afterAll(async () => pg?.close())
beforeEach(() => pg.setReadOnly(false))

const renderScreen = (role = 'Developer') => renderDatabaseScreen(pg, REF, <FunctionsScreen projectRef={REF} />, role)

describe('database functions', () => {
  it('validates, creates a function, edits it in place, then renames it (drop and create)', async () => {
    const user = userEvent.setup()
    renderScreen()
    await screen.findByText('No functions in public')
    await user.click(screen.getByRole('button', { name: 'Create function' }))
    const panel = await screen.findByRole('dialog', { name: 'Create a function' }, { timeout: 10_000 })

    await user.click(within(panel).getByRole('button', { name: 'Create function' }))
    expect(within(panel).getByText('Give the function a name')).toBeInTheDocument()
    expect(pg.scripts()).toEqual([])

    await user.type(within(panel).getByLabelText('Name'), 'add_tax')
    await user.click(within(panel).getByRole('button', { name: 'Add argument' }))
    await user.type(within(panel).getByLabelText('Name of argument 1'), 'amount')
    await user.type(within(panel).getByLabelText('Type of argument 1'), 'numeric')
    await user.selectOptions(within(panel).getByLabelText('Returns'), 'type')
    await user.type(within(panel).getByLabelText('Return type'), 'numeric')
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'sql' })).toBeInTheDocument())
    await user.selectOptions(within(panel).getByLabelText('Language'), 'sql')
    await user.selectOptions(within(panel).getByLabelText('Volatility'), 'IMMUTABLE')
    const body = within(panel).getByLabelText('Definition of add_tax')
    await user.clear(body)
    await user.type(body, 'select amount * 1.2')
    expect(within(panel).getByLabelText('SQL to run')).toHaveTextContent(
      'CREATE FUNCTION "public"."add_tax"(IN "amount" numeric) RETURNS numeric LANGUAGE "sql" IMMUTABLE SECURITY INVOKER AS $function$select amount * 1.2$function$;'
    )
    // SECURITY DEFINER warns and fixes the search_path (empty by default).
    await user.click(within(panel).getByRole('radio', { name: /SECURITY DEFINER/ }))
    expect(within(panel).getByText("This function runs with its owner's privileges")).toBeInTheDocument()
    expect(within(panel).getByLabelText('search_path')).toHaveValue('')
    expect(within(panel).getByLabelText('SQL to run')).toHaveTextContent("SECURITY DEFINER SET search_path = ''")
    await user.click(within(panel).getByRole('button', { name: 'Create function' }))

    const table = await screen.findByRole('table', { name: 'Functions of public' })
    const row = within(table).getByRole('row', { name: /add_tax/ })
    expect(row).toHaveTextContent('amount numeric')
    expect(row).toHaveTextContent('Definer')
    expect((await pg.db.query(`select public.add_tax(10) as v`)).rows).toEqual([{ v: '12.0' }])

    // Same signature: CREATE OR REPLACE.
    await user.click(within(row).getByRole('button', { name: 'Edit add_tax' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit function add_tax' }, { timeout: 10_000 })
    expect(within(edit).getByLabelText('Name of argument 1')).toHaveValue('amount')
    expect(within(edit).getByLabelText('Return type')).toHaveValue('numeric')
    const editBody = within(edit).getByLabelText('Definition of add_tax')
    await user.clear(editBody)
    await user.type(editBody, 'select amount * 1.5')
    expect(within(edit).getByLabelText('SQL to run')).toHaveTextContent(/^BEGIN; CREATE OR REPLACE FUNCTION "public"."add_tax"/)
    // A new name is a new signature: dropped and created in one transaction.
    await user.clear(within(edit).getByLabelText('Name'))
    await user.type(within(edit).getByLabelText('Name'), 'with_tax')
    expect(within(edit).getByText(/The signature changes/)).toBeInTheDocument()
    expect(within(edit).getByLabelText('SQL to run')).toHaveTextContent(/^BEGIN; DROP FUNCTION "public"."add_tax"\(amount numeric\); CREATE FUNCTION "public"."with_tax"/)
    await user.click(within(edit).getByRole('button', { name: 'Save function' }))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Functions of public' })).getByRole('row', { name: /with_tax/ })).toBeInTheDocument())
    expect((await pg.db.query(`select public.with_tax(10) as v`)).rows).toEqual([{ v: '15.0' }])
  }, 60_000)

  it('names the triggers that use a function before dropping it, and asks for CASCADE', async () => {
    const user = userEvent.setup()
    renderScreen()
    await screen.findByRole('option', { name: 'billing' })
    await user.selectOptions(screen.getByLabelText('Schema'), 'billing')
    const table = await screen.findByRole('table', { name: 'Functions of billing' })
    await user.click(within(table).getByRole('button', { name: 'Delete stamp' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete function stamp' }, { timeout: 10_000 })
    expect(await within(dialog).findByText('trigger orders_stamp on table orders')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Delete function' })).toBeDisabled()
    await user.click(within(dialog).getByLabelText('Drop these objects too (CASCADE)'))
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('DROP FUNCTION "billing"."stamp"() CASCADE;')
    await user.click(within(dialog).getByRole('button', { name: 'Delete function' }))
    await screen.findByText('No functions in billing')
    expect((await pg.db.query(`select 1 from pg_trigger where tgname = 'orders_stamp'`)).rows).toEqual([])
  }, 30_000)

  it('lets a Read-only member read a function but change nothing, and says why', async () => {
    await pg.db.exec(`create function public.hello() returns text language sql as $$ select 'hi' $$`)
    pg.setReadOnly(true)
    const user = userEvent.setup()
    renderScreen('Read-only')
    const table = await screen.findByRole('table', { name: 'Functions of public' })
    expect(screen.getByRole('button', { name: 'Create function' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(table).getByRole('button', { name: 'Delete hello' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(within(table).getByRole('button', { name: 'View hello' }))
    const panel = await screen.findByRole('dialog', { name: 'Function hello' }, { timeout: 10_000 })
    expect(within(panel).getByLabelText('Definition of hello')).toHaveValue(" select 'hi' ")
    expect(within(panel).getByLabelText('Name')).toBeDisabled()
    expect(within(panel).getByRole('button', { name: 'Save function' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(panel).getAllByText(/Read-only members cannot change the database/).length).toBeGreaterThan(0)
  }, 30_000)
})
