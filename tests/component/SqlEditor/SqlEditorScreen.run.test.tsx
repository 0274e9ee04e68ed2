import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { SqlEditorScreen } from '@/components/interfaces/SqlEditor/SqlEditorScreen'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import {
  CONNECTION,
  giveElementsASize,
  projectDetail,
  projectHandlers,
  REF,
  renderWithClient,
  result,
  snippet,
  snippetHandlers,
} from './sql-editor-fixtures'

const router = vi.hoisted(() => ({ push: vi.fn(async () => true), replace: vi.fn(async () => true), query: {}, asPath: '/' }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/interfaces/SqlEditor/CodeEditor', async () => ({ CodeEditor: (await import('./sql-editor-fixtures')).FakeCodeEditor }))

let restoreSize: () => void
beforeEach(() => {
  router.push.mockClear()
  router.replace.mockClear()
  lastVisitedStore.getState().reload()
  restoreSize = giveElementsASize()
})
afterEach(() => restoreSize())

/** Opens a snippet holding `text` and returns the editor. */
async function openWith(text: string, { project = projectDetail(), onQuery }: Parameters<typeof projectHandlers>[0] = {}) {
  const query = projectHandlers({ project, onQuery })
  const opened = snippet({ sql: text })
  const snippets = snippetHandlers([opened])
  server.use(...query.handlers, ...snippets.handlers)
  const user = userEvent.setup()
  renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={opened.id} />)
  const editor = await screen.findByRole('textbox', { name: 'SQL query' })
  await waitFor(() => expect(editor).toHaveValue(text))
  editor.focus()
  return { user, editor, calls: query.calls, snippetCalls: snippets.calls }
}

describe('SQL editor: running queries', () => {
  it('runs the whole script with Ctrl+Enter and shows the rows with column types, row count and duration', async () => {
    const { user, calls } = await openWith('select id, title from todos', {
      onQuery: () =>
        HttpResponse.json(
          result({
            rows: [
              { id: 1, title: 'write tests' },
              { id: 2, title: null },
            ],
            fields: [
              { name: 'id', dataTypeID: 20, type: 'bigint' },
              { name: 'title', dataTypeID: 25, type: 'text' },
            ],
            rowCount: 2,
          })
        ),
    })
    expect(screen.getByText(/Run a query to see its results here/)).toBeInTheDocument()
    await user.keyboard('{Control>}{Enter}{/Control}')

    const grid = await screen.findByRole('grid', { name: 'Query results' })
    expect(calls).toHaveLength(1)
    expect(calls[0].query).toBe('select id, title from todos')
    // spec §5: the hosted platform needs the connection string in this header.
    expect(calls[0].headers.get('x-connection-encrypted')).toBe(CONNECTION)
    expect(within(grid).getByRole('columnheader', { name: /id/ })).toHaveTextContent('bigint')
    expect(within(grid).getByRole('columnheader', { name: /title/ })).toHaveTextContent('text')
    expect(within(grid).getByRole('gridcell', { name: 'write tests' })).toBeInTheDocument()
    expect(within(grid).getByRole('gridcell', { name: 'NULL' })).toBeInTheDocument()
    expect(grid).toHaveAttribute('aria-rowcount', '3')
    expect(screen.getByText(/^2 rows/)).toHaveTextContent(/2 rows · \d+ ms/)
  })

  it('runs only the selection, and marks an error at its position in the whole text', async () => {
    const text = 'select 1;\nselect nope from todos'
    const { user, editor, calls } = await openWith(text, {
      onQuery: () =>
        HttpResponse.json(
          { message: 'column "nope" does not exist', code: '42703', position: 8, detail: null, hint: 'Perhaps you meant to reference the column "todos.note".', where: null },
          { status: 400 }
        ),
    })
    const start = text.indexOf('select nope')
    ;(editor as HTMLTextAreaElement).setSelectionRange(start, text.length)
    await user.click(screen.getByRole('button', { name: 'Run' }))

    const alert = await screen.findByRole('alert')
    expect(calls[0].query).toBe('select nope from todos')
    expect(alert).toHaveTextContent('ERROR 42703: column "nope" does not exist')
    expect(alert).toHaveTextContent('Hint')
    expect(alert).toHaveTextContent('Perhaps you meant to reference the column "todos.note".')
    expect(alert).toHaveTextContent('Line 2, column 8')
    // Position 8 of the selection is "nope", 17 characters into the whole text.
    expect(screen.getByTestId('error-mark')).toHaveTextContent(`${text.indexOf('nope')}: column "nope" does not exist`)
    expect(within(alert).getByRole('button', { name: 'Show in editor' })).toBeInTheDocument()

    // Editing the text takes the stale position away (and autosaves it).
    await user.type(editor, ' ')
    expect(screen.queryByTestId('error-mark')).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).not.toHaveTextContent('Line 2')
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeInTheDocument()
  })

  it('shows detail and context of a Postgres error, and a platform failure as such', async () => {
    let answer = 0
    const { user } = await openWith('insert into todos (title) values (null)', {
      onQuery: () =>
        ++answer === 1
          ? HttpResponse.json(
              { message: 'null value in column "title" violates not-null constraint', code: '23502', position: null, detail: 'Failing row contains (1, null).', hint: null, where: 'SQL function "f"' },
              { status: 400 }
            )
          : HttpResponse.json({ message: 'Project abc is COMING_UP: its database serves queries only when ACTIVE_HEALTHY' }, { status: 409 }),
    })
    await user.keyboard('{Control>}{Enter}{/Control}')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('ERROR 23502')
    expect(alert).toHaveTextContent('DetailFailing row contains (1, null).')
    expect(alert).toHaveTextContent('ContextSQL function "f"')
    expect(alert).not.toHaveTextContent('Position')
    expect(screen.queryByTestId('error-mark')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Run' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The query could not run: Project abc is COMING_UP'))
  })

  it('asks before a destructive script, listing the statements; Cancel runs nothing', async () => {
    const { user, calls } = await openWith("select 1; drop table todos; delete from users; update t set a = 1 where id = 2", {
      onQuery: () => HttpResponse.json(result({ command: 'UPDATE', rowCount: 1 })),
    })
    await user.keyboard('{Control>}{Enter}{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Run a destructive query?' })
    expect(dialog).toHaveTextContent('These 2 statements remove data or database objects.')
    const items = within(within(dialog).getByRole('list', { name: 'Destructive statements' })).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual(['DROPdrop table todos', 'DELETE without WHEREdelete from users'])

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Run' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run this query' }))
    expect(await screen.findByText(/UPDATE: 1 row affected/)).toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it('runs a safe script without asking, and says what a statement without rows did', async () => {
    const { user } = await openWith("insert into todos (title) values ('a'), ('b')", {
      onQuery: () => HttpResponse.json(result({ command: 'INSERT', rowCount: 2 })),
    })
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(await screen.findByText(/INSERT: 2 rows affected/)).toBeInTheDocument()
    expect(screen.getByText('Success. The statement returned no rows.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('says when a result was cut at the 100,000-row cap', async () => {
    const { user } = await openWith('select * from big', {
      onQuery: () =>
        HttpResponse.json(
          result({ rows: [{ n: 1 }, { n: 2 }], fields: [{ name: 'n', dataTypeID: 23, type: 'integer' }], rowCount: 1_000_000, truncated: true })
        ),
    })
    await user.keyboard('{Control>}{Enter}{/Control}')
    const notice = await screen.findByText(/only the first 100,000 are shown/)
    expect(notice).toHaveTextContent('The query returned 1,000,000 rows; only the first 100,000 are shown, copied and downloaded.')
    expect(screen.getByText('Result truncated')).toBeInTheDocument()
  })

  it('cancels a running query in the browser and says it may still finish on the server', async () => {
    let aborted = false
    const { user } = await openWith('select pg_sleep(60)', {
      onQuery: async (_call, request) => {
        request.signal.addEventListener('abort', () => (aborted = true))
        await delay('infinite')
        return HttpResponse.json(result())
      },
    })
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(await screen.findByRole('status', { name: 'Running query' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel query' }))
    expect(await screen.findByText('Query cancelled')).toBeInTheDocument()
    expect(screen.getByText(/On a Postgres server the statement is stopped too; .* may still finish on the server/)).toBeInTheDocument()
    await waitFor(() => expect(aborted).toBe(true))
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled()
  })

  it('does not run while the database is not ready, and says why', async () => {
    const { user, calls } = await openWith('select 1', { project: projectDetail({ status: 'COMING_UP', connectionString: null }) })
    expect(await screen.findByText('The database is not ready')).toBeInTheDocument()
    expect(screen.getByText(/The project is coming up/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled()
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(calls).toHaveLength(0)
  })

  it('copies the result as CSV, JSON and Markdown', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const { user } = await openWith('select 1', {
      onQuery: () =>
        HttpResponse.json(
          result({ rows: [{ a: 1, b: 'x, y' }], fields: [{ name: 'a', dataTypeID: 23, type: 'integer' }, { name: 'b', dataTypeID: 25, type: 'text' }], rowCount: 1 })
        ),
    })
    await user.keyboard('{Control>}{Enter}{/Control}')
    const actions = await screen.findByRole('group', { name: 'Export results' })
    await user.click(within(actions).getByRole('button', { name: 'Copy as CSV' }))
    expect(await navigator.clipboard.readText()).toBe('a,b\r\n1,"x, y"')
    await user.click(within(actions).getByRole('button', { name: 'Copy as JSON' }))
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual([{ a: 1, b: 'x, y' }])
    await user.click(within(actions).getByRole('button', { name: 'Copy as Markdown' }))
    expect(await navigator.clipboard.readText()).toBe('| a | b |\n| --- | --- |\n| 1 | x, y |')
    expect(within(actions).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()
  })

  it('tells the user when there is nothing to run', async () => {
    const { user, calls } = await openWith('')
    await user.click(screen.getByRole('button', { name: 'Run' }))
    expect(await screen.findByText('Write a query to run first.')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })
})

describe('SQL editor: server answers for a snippet that is not there', () => {
  it('shows "Snippet not found" and forgets it as the last visited one', async () => {
    lastVisitedStore.getState().setLastVisitedSnippet(REF, '99999999-9999-4999-8999-999999999999')
    server.use(...projectHandlers().handlers, ...snippetHandlers([]).handlers)
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="99999999-9999-4999-8999-999999999999" />)
    expect(await screen.findByText('Snippet not found')).toBeInTheDocument()
    for (const link of screen.getAllByRole('link', { name: 'New query' })) expect(link).toHaveAttribute('href', `/project/${REF}/sql/new`)
    await waitFor(() => expect(lastVisitedStore.getState().snippets[REF]).toBeUndefined())
  })

  it('shows a load failure with a retry', async () => {
    let attempts = 0
    server.use(
      ...projectHandlers().handlers,
      http.get(`*/platform/projects/${REF}/snippets`, () => HttpResponse.json([])),
      http.get(`*/platform/projects/${REF}/snippets/:id`, () =>
        ++attempts === 1 ? HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }) : HttpResponse.json(snippet({ sql: 'select 42' }))
      )
    )
    const user = userEvent.setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={snippet().id} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the snippet')
    expect(alert).toHaveTextContent('Database unavailable')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('textbox', { name: 'SQL query' })).toHaveValue('select 42')
  })
})
