/**
 * The Tables screen (database → Tables) against a real Postgres (PGlite): rows exact and estimated,
 * realtime and RLS toggles, the table panel with hostile names and checks, duplicate, and a drop
 * that names its dependents before it cascades. Read-only members see everything, change nothing.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TablesScreen } from '@/components/interfaces/TableEditor/TablesScreen'
import { READ_ONLY_REASON } from '@/hooks/use-project-access'
import { createPgMeta } from '../database/pglite-pg-meta'
import { REF, renderEditor } from './render'

const HOSTILE = `odd "name"; drop table x; --`

vi.mock('next/router', () => ({ useRouter: () => ({ isReady: true, query: {}, push: vi.fn(), replace: vi.fn() }) }))

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.orders (id int primary key, note text);
    insert into public.orders values (1, 'a'), (2, 'b'), (3, 'c');
    create table public.lines (id int primary key, order_id int references public.orders (id));
    create view public.order_notes as select note from public.orders;
    create table public.big (n int);
    insert into public.big select generate_series(1, 60000);
    analyze public.big;
    create publication supabase_realtime;`)
}, 60_000)
afterAll(async () => pg?.close())

const renderScreen = (role = 'Developer') => renderEditor(<TablesScreen projectRef={REF} />, pg.handler, role)

const query = async (sql: string) => (await pg.db.query<Record<string, unknown>>(sql)).rows

// A real database answers: allow for a loaded machine.
describe('tables screen', { timeout: 30_000 }, () => {
  it('lists the tables with exact and estimated rows, size, RLS and realtime, and searches them', async () => {
    const user = userEvent.setup()
    renderScreen()
    const table = await screen.findByRole('table', { name: 'Tables in public' }, { timeout: 10_000 })
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement
    expect(within(row('orders')).getAllByRole('cell')[0]).toHaveTextContent(/^3$/)
    expect(within(row('big')).getAllByRole('cell')[0]).toHaveTextContent(/^~60,000 estimated$/)
    expect(within(row('orders')).getAllByRole('cell')[1]).toHaveTextContent(/KB$/)
    expect(within(row('orders')).getByRole('link', { name: 'orders' })).toHaveAttribute('href', `/project/${REF}/editor/${(await query("select 'public.orders'::regclass::oid::int as id"))[0].id}`)
    expect(within(row('orders')).getByRole('switch', { name: 'Realtime of orders' })).not.toBeChecked()
    await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), 'ord')
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['orders'])
  })

  it('turns realtime and RLS on with the SQL shown first', async () => {
    const user = userEvent.setup()
    renderScreen()
    await user.click(await screen.findByRole('switch', { name: 'Realtime of orders' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable realtime on orders' }, { timeout: 10_000 })
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('ALTER PUBLICATION "supabase_realtime" ADD TABLE "public"."orders";')
    await user.click(within(dialog).getByRole('button', { name: 'Enable realtime' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Realtime of orders' })).toBeChecked())
    expect(await query("select tablename from pg_publication_tables where pubname = 'supabase_realtime'")).toEqual([{ tablename: 'orders' }])

    await user.click(screen.getByRole('switch', { name: 'Row level security of lines' }))
    const rls = await screen.findByRole('dialog', { name: 'Enable row level security on lines' })
    await user.click(within(rls).getByRole('button', { name: 'Enable row level security' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Row level security of lines' })).toBeChecked())
  })

  it('creates a table with a hostile name, identity always and a check, in the panel', async () => {
    const user = userEvent.setup()
    renderScreen()
    await user.click(await screen.findByRole('button', { name: 'New table' }, { timeout: 10_000 }))
    const panel = await screen.findByRole('dialog', { name: 'Create a table in public' }, { timeout: 10_000 })
    await user.type(within(panel).getByLabelText('Table name'), HOSTILE)
    await user.selectOptions(within(panel).getByLabelText('Identity generated'), 'always')
    await user.click(within(panel).getByRole('button', { name: 'Add check constraint' }))
    const check = within(panel).getByRole('group', { name: 'Check 1' })
    await user.type(within(check).getByLabelText('Condition'), 'id > 0')
    await user.click(within(panel).getByText('Preview SQL'))
    expect(within(panel).getByLabelText('SQL to run').textContent).toBe(
      `BEGIN;\nCREATE TABLE "public"."odd ""name""; drop table x; --" (\n  "id" int8 GENERATED ALWAYS AS IDENTITY,\n  PRIMARY KEY ("id"),\n  CHECK (id > 0)\n);\nCOMMIT;`
    )
    await user.click(within(panel).getByRole('button', { name: 'Create table' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 })
    expect(await screen.findByRole('rowheader', { name: HOSTILE })).toBeInTheDocument()
    expect(await query(`select attidentity from pg_attribute where attrelid = to_regclass('public."odd ""name""; drop table x; --"') and attname = 'id'`)).toEqual([{ attidentity: 'a' }])
  })

  it('duplicates a table with its rows', async () => {
    const user = userEvent.setup()
    renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Duplicate orders' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate table orders' }, { timeout: 10_000 })
    await user.click(within(dialog).getByLabelText('Copy its rows too'))
    await waitFor(() => expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('INSERT INTO "public"."orders_copy" ("id", "note")'))
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate table' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await query('select count(*)::int as n from public.orders_copy')).toEqual([{ n: 3 }])
  })

  it('names what depends on a table and cascades only once the member confirms having seen it', async () => {
    const user = userEvent.setup()
    renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Delete orders' }, { timeout: 10_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete table orders' }, { timeout: 10_000 })
    const list = await within(dialog).findByRole('list', { name: 'Objects that depend on orders' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'constraint lines_order_id_fkey on table lines',
      'view public.order_notes',
    ])
    const confirm = within(dialog).getByRole('button', { name: 'Delete table' })
    expect(confirm).toBeDisabled()
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(/^BEGIN; DROP TABLE "public"."orders"; COMMIT;$/)
    await user.click(within(dialog).getByLabelText(/I have seen these 2 dependent objects/))
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('DROP TABLE "public"."orders" CASCADE;')
    await user.click(confirm)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await query("select to_regclass('public.orders')::text as t, to_regclass('public.order_notes')::text as v")).toEqual([{ t: null, v: null }])
  })

  it('creates a table with a foreign key over two columns, naming what is missing until it is complete', async () => {
    await query('create table public.pairs (x int, y int, primary key (x, y))')
    const user = userEvent.setup()
    renderScreen()
    await user.click(await screen.findByRole('button', { name: 'New table' }, { timeout: 10_000 }))
    const panel = await screen.findByRole('dialog', { name: 'Create a table in public' }, { timeout: 10_000 })
    await user.type(within(panel).getByLabelText('Table name'), 'pair_refs')
    for (const name of ['a', 'b']) {
      await user.click(within(panel).getByRole('button', { name: 'Add column' }))
      const column = within(panel).getAllByRole('group', { name: /^Column \d+$/ }).at(-1) as HTMLElement
      await user.type(within(column).getByLabelText('Name'), name)
      await user.clear(within(column).getByLabelText('Type'))
      await user.type(within(column).getByLabelText('Type'), 'int4')
    }
    await user.click(within(panel).getByRole('button', { name: 'Add key over several columns' }))
    const key = within(panel).getByRole('group', { name: 'Key 1' })
    await user.selectOptions(within(key).getByLabelText('Kind'), 'foreign')
    await user.click(within(key).getByRole('checkbox', { name: 'a' }))
    await user.click(within(panel).getByRole('button', { name: 'Create table' }))
    expect(within(key).getByText('Choose two or more columns (a one-column key is set on its column)')).toBeInTheDocument()
    await user.click(within(key).getByRole('checkbox', { name: 'b' }))
    await user.selectOptions(within(key).getByLabelText('Referenced table'), await within(key).findByRole('option', { name: 'pairs' }))
    await user.selectOptions(within(key).getByLabelText('a references'), await within(within(key).getByLabelText('a references')).findByRole('option', { name: 'x (integer)' }))
    expect(within(key).getByText('Choose the referenced column of each column')).toBeInTheDocument()
    await user.selectOptions(within(key).getByLabelText('b references'), 'y')
    await user.selectOptions(within(key).getByLabelText('On delete'), 'CASCADE')
    await user.click(within(panel).getByText('Preview SQL'))
    expect(within(panel).getByLabelText('SQL to run').textContent).toBe(
      'BEGIN;\nCREATE TABLE "public"."pair_refs" (\n  "id" int8 GENERATED BY DEFAULT AS IDENTITY,\n  "a" int4,\n  "b" int4,\n  PRIMARY KEY ("id"),\n' +
        '  FOREIGN KEY ("a", "b") REFERENCES "public"."pairs" ("x", "y") ON DELETE CASCADE\n);\nCOMMIT;'
    )
    await user.click(within(panel).getByRole('button', { name: 'Create table' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 })
    expect(await query(`select conkey::text as k, confdeltype as d from pg_constraint where conrelid = 'public.pair_refs'::regclass and contype = 'f'`)).toEqual([{ k: '{2,3}', d: 'c' }])
  })

  it('shows a Read-only member everything and lets them change nothing', async () => {
    pg.setReadOnly(true)
    try {
      renderScreen('Read-only')
      const table = await screen.findByRole('table', { name: 'Tables in public' }, { timeout: 10_000 })
      expect(within(table).getByRole('button', { name: 'Delete big' })).toHaveAttribute('aria-disabled', 'true')
      expect(within(table).getByRole('switch', { name: 'Realtime of big' })).toBeDisabled()
      expect(screen.getByRole('button', { name: 'New table' })).toHaveAttribute('title', READ_ONLY_REASON)
      expect(screen.getAllByText(READ_ONLY_REASON).length).toBeGreaterThan(0)
    } finally {
      pg.setReadOnly(false)
    }
  })
})
