import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { PublicationsScreen } from '@/components/interfaces/Database/PublicationsScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.todos (id int primary key, task text); create table public.notes (id int primary key);
    create view public.todo_view as select * from public.todos;
    create publication supabase_realtime;`)
}, 60_000)
afterAll(async () => pg?.close())
afterEach(() => pg.setReadOnly(false))

function renderScreen(role = 'Developer') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <PublicationsScreen projectRef={REF} />
    </TooltipProvider>
  )
}

const publishedTables = async () => (await pg.db.query<{ t: string }>(`select tablename::text as t from pg_publication_tables where pubname = 'supabase_realtime' order by 1`)).rows.map((r) => r.t)

describe('publications', () => {
  it('turns supabase_realtime tables and operations on and off, SQL shown first, and never drops it', async () => {
    const user = userEvent.setup()
    renderScreen()
    const table = await screen.findByRole('table', { name: 'Publications' })
    const row = within(table).getByRole('row', { name: /supabase_realtime/ })
    expect(row).toHaveTextContent('Decides what Realtime streams')
    expect(row).toHaveTextContent('0 tables')
    expect(within(row).getByRole('button', { name: 'Drop supabase_realtime' })).toHaveAttribute('aria-disabled', 'true')

    // An operation off.
    await user.click(within(row).getByRole('switch', { name: 'supabase_realtime publishes update' }))
    const op = await screen.findByRole('dialog', { name: 'Stop publishing update in supabase_realtime' }, { timeout: 10_000 })
    expect(within(op).getByLabelText('SQL to run')).toHaveTextContent(`alter publication "supabase_realtime" set (publish = 'insert, delete, truncate');`)
    expect(within(op).getByText('Realtime stops streaming updates.')).toBeInTheDocument()
    await user.click(within(op).getByRole('button', { name: 'Stop publishing' }))
    await waitFor(async () => expect((await pg.db.query(`select pubupdate from pg_publication where pubname = 'supabase_realtime'`)).rows).toEqual([{ pubupdate: false }]))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Publications' })).getByRole('switch', { name: 'supabase_realtime publishes update' })).toHaveAttribute('aria-checked', 'false'))

    // Its tables: public's, views left out; todos on.
    await user.click(within(screen.getByRole('table', { name: 'Publications' })).getByRole('button', { name: 'Tables of supabase_realtime' }))
    const tables = await screen.findByRole('table', { name: 'Tables of supabase_realtime' })
    expect(within(tables).queryByText('todo_view')).not.toBeInTheDocument()
    expect(screen.getByText("Realtime streams these tables' changes")).toBeInTheDocument()
    await user.click(within(tables).getByRole('switch', { name: 'public.todos in supabase_realtime' }))
    const add = await screen.findByRole('dialog', { name: 'Add public.todos to supabase_realtime' }, { timeout: 10_000 })
    expect(within(add).getByLabelText('SQL to run')).toHaveTextContent('alter publication "supabase_realtime" add table "public"."todos";')
    await user.click(within(add).getByRole('button', { name: 'Add table' }))
    await waitFor(async () => expect(await publishedTables()).toEqual(['todos']))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Tables of supabase_realtime' })).getByRole('switch', { name: 'public.todos in supabase_realtime' })).toHaveAttribute('aria-checked', 'true'))
    expect(screen.getByText('1 published')).toBeInTheDocument()

    // And off again.
    await user.click(within(screen.getByRole('table', { name: 'Tables of supabase_realtime' })).getByRole('switch', { name: 'public.todos in supabase_realtime' }))
    const remove = await screen.findByRole('dialog', { name: 'Remove public.todos from supabase_realtime' }, { timeout: 10_000 })
    expect(within(remove).getByLabelText('SQL to run')).toHaveTextContent('alter publication "supabase_realtime" drop table "public"."todos";')
    await user.click(within(remove).getByRole('button', { name: 'Remove table' }))
    await waitFor(async () => expect(await publishedTables()).toEqual([]))
    await user.click(screen.getByRole('button', { name: '← All publications' }))
    await screen.findByRole('table', { name: 'Publications' })
  }, 30_000)

  it('creates a publication with a hostile name and drops it', async () => {
    const user = userEvent.setup()
    renderScreen()
    await screen.findByRole('table', { name: 'Publications' })
    await user.click(screen.getByRole('button', { name: 'Create publication' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a publication' }, { timeout: 10_000 })
    expect(within(dialog).getByText('Name the publication to see the SQL.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Create publication' }))
    expect(within(dialog).getByText('Name the publication')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Name'), 'supabase_realtime')
    await user.click(within(dialog).getByRole('button', { name: 'Create publication' }))
    expect(within(dialog).getByText('A publication named supabase_realtime already exists')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'feed"; drop table todos')
    await user.click(within(dialog).getByRole('checkbox', { name: 'truncate' }))
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(`create publication "feed""; drop table todos" with (publish = 'insert, update, delete');`)
    await user.click(within(dialog).getByRole('button', { name: 'Create publication' }))
    const row = await screen.findByRole('row', { name: /feed"; drop table todos/ })
    expect(within(row).getByRole('switch', { name: 'feed"; drop table todos publishes truncate' })).toHaveAttribute('aria-checked', 'false')
    expect((await pg.db.query(`select 1 from pg_class where relname = 'todos'`)).rows).toHaveLength(1)

    await user.click(within(row).getByRole('button', { name: 'Drop feed"; drop table todos' }))
    const drop = await screen.findByRole('dialog', { name: 'Drop publication feed"; drop table todos' }, { timeout: 10_000 })
    expect(within(drop).getByLabelText('SQL to run')).toHaveTextContent('drop publication "feed""; drop table todos";')
    await user.click(within(drop).getByRole('button', { name: 'Drop publication' }))
    await waitFor(() => expect(screen.queryByRole('row', { name: /feed/ })).not.toBeInTheDocument())
    expect((await pg.db.query(`select pubname from pg_publication`)).rows).toEqual([{ pubname: 'supabase_realtime' }])
  }, 30_000)

  it('shows everything to a Read-only member and lets it change nothing', async () => {
    const user = userEvent.setup()
    pg.setReadOnly(true)
    renderScreen('Read-only')
    const table = await screen.findByRole('table', { name: 'Publications' })
    await waitFor(() => expect(within(table).getByRole('switch', { name: 'supabase_realtime publishes insert' })).toBeDisabled())
    expect(screen.getByRole('button', { name: 'Create publication' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getAllByText(/Read-only members cannot change the database/).length).toBeGreaterThan(0)
    await user.click(within(table).getByRole('button', { name: 'Tables of supabase_realtime' }))
    const tables = await screen.findByRole('table', { name: 'Tables of supabase_realtime' })
    expect(within(tables).getByRole('switch', { name: 'public.notes in supabase_realtime' })).toBeDisabled()
  }, 30_000)

  it('says so when the publications cannot be read', async () => {
    renderScreen()
    server.use(http.post('*/platform/pg-meta/:ref/query', () => HttpResponse.json({ message: 'permission denied for pg_publication' }, { status: 400 })))
    expect(await screen.findByText('Failed to load publications', {}, { timeout: 10_000 })).toBeInTheDocument()
  }, 30_000)
})
