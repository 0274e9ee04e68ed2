import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TriggersScreen } from '@/components/interfaces/Database/TriggersScreen'
import { createPgMeta } from './pglite-pg-meta'
import { renderDatabaseScreen } from './render-database-screen'

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.orders (id int primary key, total int, note text, changes int default 0);
    create function public.count_change() returns trigger language plpgsql as $$ begin new.changes := old.changes + 1; return new; end $$;
    create function public.ddl_log() returns event_trigger language plpgsql as $$ begin end $$;
    create event trigger log_ddl on ddl_command_end when tag in ('CREATE TABLE') execute function public.ddl_log();`)
}, 60_000)
afterAll(async () => pg?.close())
beforeEach(() => pg.setReadOnly(false))

const renderScreen = (role = 'Developer') => renderDatabaseScreen(pg, REF, <TriggersScreen projectRef={REF} />, role)

describe('database triggers', () => {
  it('creates a BEFORE UPDATE OF trigger with a condition that really fires, disables and deletes it; lists event triggers', async () => {
    const user = userEvent.setup()
    renderScreen()
    await screen.findByText('No triggers yet')
    const events = await screen.findByRole('table', { name: 'Event triggers' })
    const eventRow = within(events).getByRole('row', { name: /log_ddl/ })
    expect(eventRow).toHaveTextContent('ddl_command_end')
    expect(eventRow).toHaveTextContent('public.ddl_log()')
    expect(eventRow).toHaveTextContent('CREATE TABLE')
    expect(screen.getByText(/Only a superuser can create, change or drop an event trigger/)).toBeInTheDocument()

    await user.click(screen.getAllByRole('button', { name: 'Create trigger' })[0])
    const panel = await screen.findByRole('dialog', { name: 'Create a trigger' }, { timeout: 10_000 })
    await user.click(within(panel).getByRole('button', { name: 'Create trigger' }))
    expect(within(panel).getByText('Give the trigger a name')).toBeInTheDocument()
    expect(within(panel).getByText('Choose a function that returns trigger')).toBeInTheDocument()

    await user.type(within(panel).getByLabelText('Name'), 'count_total_changes')
    await waitFor(() => expect(within(panel).getByLabelText('Table')).toHaveValue('orders'))
    await user.click(within(panel).getByRole('checkbox', { name: 'INSERT' }))
    await user.click(within(panel).getByRole('checkbox', { name: 'UPDATE' }))
    await user.click(await within(panel).findByRole('checkbox', { name: 'total' }))
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'public.count_change()' })).toBeInTheDocument())
    await user.selectOptions(within(panel).getByLabelText('Function'), 'public.count_change()')
    await user.type(within(panel).getByLabelText('Condition (WHEN)'), 'new.total is distinct from old.total')
    // INSTEAD OF is for views: the form says so.
    await user.click(within(panel).getByRole('radio', { name: 'INSTEAD OF' }))
    await user.click(within(panel).getByRole('button', { name: 'Create trigger' }))
    expect(within(panel).getByText('INSTEAD OF triggers are for views')).toBeInTheDocument()
    await user.click(within(panel).getByRole('radio', { name: 'BEFORE' }))
    await user.type(within(panel).getByLabelText('Arguments'), "total{Enter}it's")
    expect(within(panel).getByLabelText('SQL to run')).toHaveTextContent(
      `CREATE TRIGGER "count_total_changes" BEFORE UPDATE OF "total" ON "public"."orders" FOR EACH ROW WHEN (new.total is distinct from old.total) EXECUTE FUNCTION "public"."count_change"('total', 'it''s');`
    )
    await user.click(within(panel).getByRole('button', { name: 'Create trigger' }))

    const table = await screen.findByRole('table', { name: 'Data triggers' })
    const row = within(table).getByRole('row', { name: /count_total_changes/ })
    expect(row).toHaveTextContent('public.orders')
    expect(row).toHaveTextContent('UPDATE OF total')
    expect(row).toHaveTextContent('BEFORE · each row')
    expect(row).toHaveTextContent('(new.total IS DISTINCT FROM old.total)')
    expect(row).toHaveTextContent(`public.count_change('total', 'it''s')`)

    await pg.db.exec(`insert into public.orders (id, total) values (1, 5); update public.orders set note = 'x'; update public.orders set total = 6`)
    expect((await pg.db.query(`select changes from public.orders`)).rows).toEqual([{ changes: 1 }])

    await user.click(within(row).getByRole('switch', { name: 'count_total_changes on orders enabled' }))
    const confirm = await screen.findByRole('dialog', { name: 'Disable trigger count_total_changes' }, { timeout: 10_000 })
    expect(within(confirm).getByLabelText('SQL to run')).toHaveTextContent('ALTER TABLE "public"."orders" DISABLE TRIGGER "count_total_changes";')
    await user.click(within(confirm).getByRole('button', { name: 'Disable trigger' }))
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Data triggers' })).getByRole('switch', { name: 'count_total_changes on orders enabled' })).toHaveAttribute('aria-checked', 'false')
    )

    await user.click(screen.getByRole('button', { name: 'Delete count_total_changes on orders' }))
    const del = await screen.findByRole('dialog', { name: 'Delete trigger count_total_changes' }, { timeout: 10_000 })
    expect(within(del).getByLabelText('SQL to run')).toHaveTextContent('DROP TRIGGER "count_total_changes" ON "public"."orders";')
    await user.click(within(del).getByRole('button', { name: 'Delete trigger' }))
    await screen.findByText('No triggers yet')
    expect((await pg.db.query(`select 1 from pg_proc where proname = 'count_change'`)).rows).toHaveLength(1)
  }, 60_000)

  it('disables every write control for a Read-only member and says why', async () => {
    await pg.db.exec(`create trigger keep before update on public.orders for each row execute function public.count_change()`)
    pg.setReadOnly(true)
    renderScreen('Read-only')
    const table = await screen.findByRole('table', { name: 'Data triggers' })
    expect(within(table).getByRole('switch', { name: 'keep on orders enabled' })).toBeDisabled()
    expect(within(table).getByRole('button', { name: 'Delete keep on orders' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Create trigger' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getAllByText(/Read-only members cannot change the database/).length).toBeGreaterThan(0)
  }, 30_000)
})
