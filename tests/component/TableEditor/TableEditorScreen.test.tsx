import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TableEditorScreen } from '@/components/interfaces/TableEditor/TableEditorScreen'
import { READ_ONLY_REASON } from '@/hooks/use-project-access'
import { SCHEMA_EXPORT_WARNING } from '@/lib/sql/table-description'
import { lastVisitedStore } from '@/state/last-visited'
import type { MockRouter } from '../Organizations/fixtures'
import { fakeDatabase, TODO_ROWS, TODOS } from './fake-database'
import { REF, renderEditor } from './render'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

// jsdom lays nothing out: give the grid's scroller a size so the virtualiser renders a screenful.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 640 })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 })
})
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth
})

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: {},
    pathname: '/project/[ref]/editor',
    asPath: `/project/${REF}/editor`,
    push: vi.fn(() => Promise.resolve(true)),
    replace: vi.fn(() => Promise.resolve(true)),
  })
  lastVisitedStore.getState().reload()
})

describe('table editor: list and last visited', () => {
  it('lists the schemas without the excluded ones and the tables with a search', async () => {
    const db = fakeDatabase({
      tables: [
        { id: 1, schema: 'public', name: 'todos', kind: 'r', comment: null },
        { id: 2, schema: 'public', name: 'users', kind: 'r', comment: null },
        { id: 3, schema: 'public', name: 'active_users', kind: 'v', comment: null },
      ],
    })
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} reopenLastVisited />, db.handler)

    const list = await screen.findByRole('list', { name: 'Tables in public' })
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['todos', 'users', 'active_usersView'])
    expect(within(list).getByRole('link', { name: 'todos' })).toHaveAttribute('href', `/project/${REF}/editor/1`)
    const picker = screen.getByRole('combobox', { name: 'Schema' })
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['public', 'shop'])
    expect(screen.getByText('Select a table')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), 'user')
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['users', 'active_usersView'])
    await user.clear(screen.getByRole('searchbox', { name: 'Search tables' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), 'zzz')
    expect(screen.getByText('No tables match “zzz”.')).toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
  })

  it('reopens the last visited table of the project', async () => {
    lastVisitedStore.getState().recordTableVisit(REF, 77)
    const db = fakeDatabase()
    renderEditor(<TableEditorScreen projectRef={REF} reopenLastVisited />, db.handler)
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(`/project/${REF}/editor/77`))
  })

  it('offers to create the first table of an empty schema', async () => {
    const db = fakeDatabase({ tables: [] })
    renderEditor(<TableEditorScreen projectRef={REF} reopenLastVisited />, db.handler)
    expect(await screen.findByText('No tables yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create a table' })).toBeInTheDocument()
  })

  it('says so when the table is gone and forgets it', async () => {
    lastVisitedStore.getState().recordTableVisit(REF, 999)
    const db = fakeDatabase()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={999} />, db.handler)
    expect(await screen.findByText('Table not found')).toBeInTheDocument()
    await waitFor(() => expect(lastVisitedStore.getState().tables[REF]).toBeUndefined())
  })
})

describe('table editor: one table', () => {
  it('shows the rows, the exact count and records the visit', async () => {
    const db = fakeDatabase()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    const grid = await screen.findByRole('table', { name: 'Rows of public.todos' })
    expect(within(grid).getByText('Write the spec')).toBeInTheDocument()
    expect(within(grid).getByRole('columnheader', { name: /name\s*text/ })).toBeInTheDocument()
    expect(await screen.findByText('3 rows')).toBeInTheDocument()
    expect(lastVisitedStore.getState().tables[REF]).toEqual([String(TODOS.id)])
    // Rows come a page at a time, in primary key order.
    expect(db.sent.find((q) => q.query.startsWith('SELECT * FROM'))?.query).toBe('SELECT * FROM "public"."todos" ORDER BY "id" ASC LIMIT 100 OFFSET 0')
  })

  it('says "about" for an estimated count, asked once the first rows arrived', async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `task ${i + 1}`, data: null }))
    let release = () => {}
    const rowsGate = new Promise<void>((resolve) => (release = resolve))
    const db = fakeDatabase({ rows: many, count: { bounded: null, estimate: 1_000_000 }, rowsGate })
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    // The grid goes first: while its page is on the way, the count is not asked (one session on the embedded store).
    await waitFor(() => expect(db.sent.some((q) => q.query.startsWith('SELECT * FROM'))).toBe(true))
    expect(screen.getByRole('toolbar', { name: 'Rows' })).toHaveTextContent('Counting rows…')
    expect(db.sent.some((q) => q.query.includes('AS bounded'))).toBe(false)
    release()
    expect(await screen.findByText('about 1,000,000 rows')).toBeInTheDocument()
  })

  it('shows the loaded rows as the exact count when the estimate is stale', async () => {
    // reltuples still says 1,000,000 (no ANALYZE since a DELETE), but the only page holds 3 rows.
    const db = fakeDatabase({ count: { bounded: null, estimate: 1_000_000 } })
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await screen.findByText('Write the spec')
    expect(await screen.findByText('3 rows')).toBeInTheDocument()
    expect(screen.queryByText(/about/)).not.toBeInTheDocument()
  })

  it('loads the next page while scrolling, never the whole table', async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `task ${i + 1}`, data: null }))
    const db = fakeDatabase({ rows: many, count: { bounded: 250, estimate: -1 } })
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await screen.findByText('task 1')
    // The first screenful is near the end of nothing yet: only page one is asked for.
    const pages = () => db.sent.filter((q) => q.query.startsWith('SELECT * FROM')).map((q) => /OFFSET (\d+)/.exec(q.query)?.[1])
    expect(pages()).toEqual(['0'])
  })

  it('sorts by a column and filters with parameters', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    const grid = await screen.findByRole('table', { name: 'Rows of public.todos' })

    await user.click(within(grid).getByRole('button', { name: /name\s*text/ }))
    await waitFor(() => expect(db.sent.some((q) => q.query.includes('ORDER BY "name" ASC, "id" ASC'))).toBe(true))
    expect(within(grid).getByRole('columnheader', { name: /name/ })).toHaveAttribute('aria-sort', 'ascending')

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await user.click(screen.getByRole('button', { name: 'Add filter' }))
    const filter = screen.getByRole('group', { name: 'Filter 1' })
    await user.selectOptions(within(filter).getByRole('combobox', { name: 'Column' }), 'name')
    await user.selectOptions(within(filter).getByRole('combobox', { name: 'Operator' }), 'ilike')
    await user.type(within(filter).getByRole('textbox', { name: 'Value' }), '%ship%')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() => expect(db.sent.some((q) => q.query.includes('WHERE "name"::text ILIKE $1'))).toBe(true))
    const filtered = db.sent.find((q) => q.query.startsWith('SELECT * FROM') && q.query.includes('ILIKE'))
    expect(filtered).toEqual({
      query: 'SELECT * FROM "public"."todos" WHERE "name"::text ILIKE $1 ORDER BY "name" ASC, "id" ASC LIMIT 100 OFFSET 0',
      parameters: ['%ship%'],
    })
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument()
  })

  it('opens a JSON cell in the viewer, pretty-printed', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await user.click(await screen.findByRole('button', { name: 'View data of row 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'data of row 1' })
    expect(within(dialog).getByLabelText('Cell value').textContent).toBe(JSON.stringify(TODO_ROWS[0].data, null, 2))
  })

  it('inserts a row with previewed SQL and refreshes the rows', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await screen.findByText('Write the spec')
    await user.click(screen.getByRole('button', { name: 'Insert row' }))
    const dialog = await screen.findByRole('dialog', { name: 'Insert a row into todos' })
    await user.type(within(dialog).getByLabelText(/^name/), "Ada's task")
    await user.click(within(dialog).getByLabelText(/^data/))
    await user.paste('{"a": 1}')
    expect(within(dialog).getByLabelText('SQL to run').textContent).toBe(
      `BEGIN;\nINSERT INTO "public"."todos" ("name", "data")\nVALUES ('Ada''s task', '{"a": 1}');\nCOMMIT;`
    )
    const before = db.sent.length
    await user.click(within(dialog).getByRole('button', { name: 'Insert row' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(db.sent[before].query).toContain('INSERT INTO "public"."todos"')
    // The rows and the count are read again.
    await waitFor(() => expect(db.sent.slice(before + 1).some((q) => q.query.startsWith('SELECT * FROM'))).toBe(true))
  })

  it('refuses invalid JSON before anything runs', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await user.click(await screen.findByRole('button', { name: 'Edit row 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit row of todos' })
    await user.type(within(dialog).getByLabelText(/^data/), '{{oops')
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Invalid JSON/)
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }))
    expect(db.sent.some((q) => q.query.startsWith('BEGIN;'))).toBe(false)
  })

  it('edits a row by its primary key', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await user.click(await screen.findByRole('button', { name: 'Edit row 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit row of todos' })
    const name = within(dialog).getByLabelText(/^name/)
    await user.clear(name)
    await user.type(name, 'Build it')
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(db.sent.find((q) => q.query.startsWith('BEGIN;'))?.query).toBe(`BEGIN;\nUPDATE "public"."todos"\nSET "name" = 'Build it'\nWHERE "id" = '2';\nCOMMIT;`)
  })

  it('deletes the selected rows after confirmation', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 1' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }))
    await user.click(screen.getByRole('button', { name: 'Delete 2 rows' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 rows' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete rows' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(db.sent.find((q) => q.query.startsWith('BEGIN;'))?.query).toBe(
      `BEGIN;\nDELETE FROM "public"."todos"\nWHERE ("id" = '1')\n   OR ("id" = '3');\nCOMMIT;`
    )
  })

  it('shows the definition and copies the table description with the warning header', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await screen.findByText('Write the spec')
    await user.click(screen.getByRole('tab', { name: 'Definition' }))
    expect(screen.getByLabelText('Definition of public.todos').textContent).toContain(
      'CREATE TABLE public.todos (\n  id bigint GENERATED BY DEFAULT AS IDENTITY NOT NULL,\n  name text NOT NULL,\n  data jsonb,\n  CONSTRAINT todos_pkey PRIMARY KEY (id)\n);'
    )
    await user.click(screen.getByRole('button', { name: 'Copy table description' }))
    const copied = await navigator.clipboard.readText()
    expect(copied.startsWith(`${SCHEMA_EXPORT_WARNING}\n`)).toBe(true)
    expect(copied).toContain('CREATE TABLE public.todos (')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })
})

describe('table editor: DDL', () => {
  it('creates a table with the previewed SQL and opens it', async () => {
    const db = fakeDatabase({ tables: [] })
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} reopenLastVisited />, db.handler)
    await user.click(await screen.findByRole('button', { name: 'New table' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a table in public' })
    await user.type(within(dialog).getByLabelText('Table name'), 'notes')
    await user.click(within(dialog).getByRole('button', { name: 'Add column' }))
    const column = within(dialog).getByRole('group', { name: 'Column 2' })
    await user.type(within(column).getByLabelText('Name'), 'body')
    await user.click(within(column).getByLabelText('Nullable'))
    expect(within(dialog).getByLabelText('SQL to run').textContent).toBe(
      'BEGIN;\nCREATE TABLE "public"."notes" (\n  "id" int8 GENERATED BY DEFAULT AS IDENTITY,\n  "body" text NOT NULL,\n  PRIMARY KEY ("id")\n);\nCOMMIT;'
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create table' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/project/${REF}/editor/16600`))
  })

  it('shows a failed create in place; the dialog stays open', async () => {
    const db = fakeDatabase({
      tables: [],
      script: () => ({
        error: { message: 'invalid input syntax for type integer: "x"', code: '22P02', position: null, detail: null, hint: 'Check the default', where: null },
      }),
    })
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} reopenLastVisited />, db.handler)
    await user.click(await screen.findByRole('button', { name: 'New table' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a table in public' })
    await user.type(within(dialog).getByLabelText('Table name'), 'broken')
    await user.click(within(dialog).getByRole('button', { name: 'Create table' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('The changes were not applied')
    expect(alert).toHaveTextContent('invalid input syntax for type integer: "x"')
    expect(alert).toHaveTextContent('Hint: Check the default')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('validates the form before writing SQL', async () => {
    const db = fakeDatabase({ tables: [] })
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} reopenLastVisited />, db.handler)
    await user.click(await screen.findByRole('button', { name: 'New table' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a table in public' })
    await user.click(within(dialog).getByRole('button', { name: 'Create table' }))
    expect(within(dialog).getByText('Name the table')).toBeInTheDocument()
    expect(within(dialog).getByText('Complete the form to see the SQL.')).toBeInTheDocument()
    expect(db.sent.some((q) => q.query.startsWith('BEGIN;'))).toBe(false)
  })

  it('alters a table: renames a column and adds one, in one script', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await screen.findByText('Write the spec')
    await user.click(screen.getByRole('button', { name: 'Edit table' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit table todos' })
    const name = within(within(dialog).getByRole('group', { name: 'Column name' }).parentElement as HTMLElement).getAllByLabelText('Name')[1]
    await user.clear(name)
    await user.type(name, 'title')
    await user.click(within(dialog).getByRole('button', { name: 'Remove column data' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(db.sent.find((q) => q.query.startsWith('BEGIN;'))?.query).toBe(
      'BEGIN;\nALTER TABLE "public"."todos" DROP COLUMN "data";\nALTER TABLE "public"."todos" RENAME COLUMN "name" TO "title";\nCOMMIT;'
    )
  })

  it('shows a Read-only member the table with its changes blocked and the reason', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler, 'Read-only')
    await screen.findByText('Write the spec')
    for (const name of ['New table', 'Edit table', 'Delete table']) {
      await waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true'))
      expect(screen.getByRole('button', { name })).toHaveAttribute('title', READ_ONLY_REASON)
    }
    await user.click(screen.getByRole('button', { name: 'Edit table' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('drops a table after confirmation and leaves the history', async () => {
    const db = fakeDatabase()
    const user = userEvent.setup()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    await screen.findByText('Write the spec')
    await user.click(screen.getByRole('button', { name: 'Delete table' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete table todos' })
    expect(within(dialog).getByLabelText('SQL to run').textContent).toBe('BEGIN;\nDROP TABLE "public"."todos";\nCOMMIT;')
    await user.click(within(dialog).getByRole('button', { name: 'Delete table' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/project/${REF}/editor?schema=public`))
    expect(lastVisitedStore.getState().tables[REF]).toBeUndefined()
  })
})
