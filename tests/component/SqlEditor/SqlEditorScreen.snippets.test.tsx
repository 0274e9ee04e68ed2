import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SqlEditorScreen } from '@/components/interfaces/SqlEditor/SqlEditorScreen'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { projectHandlers, REF, renderWithClient, snippet, snippetHandlers, summary } from './sql-editor-fixtures'

const router = vi.hoisted(() => ({ push: vi.fn(async () => true), replace: vi.fn(async () => true), query: {}, asPath: '/' }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/interfaces/SqlEditor/CodeEditor', async () => ({ CodeEditor: (await import('./sql-editor-fixtures')).FakeCodeEditor }))

beforeEach(() => {
  router.push.mockClear()
  router.replace.mockClear()
  lastVisitedStore.getState().reload()
})

const TODOS = snippet({ id: '11111111-1111-4111-8111-111111111111', name: 'Todos', sql: 'select * from todos' })
const USERS = snippet({ id: '33333333-3333-4333-8333-333333333333', name: 'active users', sql: 'select * from users', favorite: true })
const ZEBRA = snippet({ id: '44444444-4444-4444-8444-444444444444', name: 'Zebra report', sql: 'select 1' })

function setup(snippets = [TODOS, USERS, ZEBRA]) {
  const api = snippetHandlers(snippets)
  server.use(...projectHandlers().handlers, ...api.handlers)
  return { ...api, user: userEvent.setup() }
}

const sidebar = () => screen.getByRole('navigation', { name: 'Snippets' })

describe('SQL editor: snippets', () => {
  it('lists the snippets, favourites first, and marks the open one', async () => {
    setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    const favourites = await within(sidebar()).findByRole('region', { name: 'Favourites' })
    expect(within(favourites).getAllByRole('link').map((l) => l.textContent)).toEqual(['active users'])
    const others = within(sidebar()).getByRole('region', { name: 'Other snippets' })
    expect(within(others).getAllByRole('link').map((l) => l.textContent)).toEqual(['Todos', 'Zebra report'])
    expect(within(others).getByRole('link', { name: 'Todos' })).toHaveAttribute('aria-current', 'page')
    expect(within(others).getByRole('link', { name: 'Zebra report' })).toHaveAttribute('href', `/project/${REF}/sql/${ZEBRA.id}`)
    expect(within(sidebar()).getByRole('link', { name: 'New query' })).toHaveAttribute('href', `/project/${REF}/sql/new`)
  })

  it('shows loading, then the empty state', async () => {
    setup([])
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="new" />)
    expect(within(sidebar()).getByRole('status', { name: 'Loading snippets' })).toBeInTheDocument()
    expect(await within(sidebar()).findByText('No snippets yet')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'New query' })).toBeInTheDocument()
  })

  it('shows a list failure with a retry', async () => {
    let attempts = 0
    server.use(
      ...projectHandlers().handlers,
      http.get(`*/platform/projects/${REF}/snippets`, () =>
        ++attempts === 1 ? HttpResponse.json({ message: 'Snippets are unavailable' }, { status: 500 }) : HttpResponse.json([summary(TODOS)])
      )
    )
    const user = userEvent.setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="new" />)
    const alert = await within(sidebar()).findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load snippets')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(sidebar()).findByRole('link', { name: 'Todos' })).toBeInTheDocument()
  })

  it('opens a snippet with its SQL and records it as the last visited one (spec §4)', async () => {
    setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    expect(await screen.findByRole('textbox', { name: 'SQL query' })).toHaveValue('select * from todos')
    expect(screen.getByRole('heading', { level: 1, name: 'Todos' })).toBeInTheDocument()
    await waitFor(() => expect(lastVisitedStore.getState().snippets[REF]).toBe(TODOS.id))
    expect(screen.getByText('Saved')).toBeInTheDocument()
  })

  it('does not record a new query as last visited until it is saved', async () => {
    lastVisitedStore.getState().setLastVisitedSnippet(REF, TODOS.id)
    setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="new" />)
    expect(await screen.findByRole('textbox', { name: 'SQL query' })).toHaveValue('')
    expect(lastVisitedStore.getState().snippets[REF]).toBe(TODOS.id)
  })

  it('autosaves edits after a pause, with an indicator', async () => {
    const { user, calls } = setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    const editor = await screen.findByRole('textbox', { name: 'SQL query' })
    await waitFor(() => expect(editor).toHaveValue('select * from todos'))
    await user.type(editor, ' where done')
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    expect(calls).toEqual([])
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeInTheDocument()
    // One write for the whole burst of typing, with the final text.
    expect(calls).toEqual([{ method: 'PATCH', id: TODOS.id, body: { sql: 'select * from todos where done' } }])
  })

  it('turns a new query into a snippet on its first save and moves to its address', async () => {
    const { user, calls } = setup([])
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="new" />)
    const editor = await screen.findByRole('textbox', { name: 'SQL query' })
    expect(screen.getByText('Saved as you type')).toBeInTheDocument()
    await user.type(editor, 'select now()')
    await waitFor(() => expect(router.replace).toHaveBeenCalled(), { timeout: 3000 })
    expect(calls).toEqual([{ method: 'POST', body: { name: 'Untitled query', sql: 'select now()' } }])
    const id = '22222222-2222-4222-8222-000000000001'
    expect(router.replace).toHaveBeenCalledWith(`/project/${REF}/sql/${id}`, undefined, { shallow: true, scroll: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled query' })).toBeInTheDocument()
    expect(await within(sidebar()).findByRole('link', { name: 'Untitled query' })).toBeInTheDocument()
    await waitFor(() => expect(lastVisitedStore.getState().snippets[REF]).toBe(id))
  })

  it('does not create a snippet for blank text', async () => {
    const { user, calls } = setup([])
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="new" />)
    await user.type(await screen.findByRole('textbox', { name: 'SQL query' }), '   ')
    await new Promise((resolve) => setTimeout(resolve, 1300))
    expect(calls).toEqual([])
    expect(router.replace).not.toHaveBeenCalled()
  })

  it('says when a save failed and saves again on Retry', async () => {
    let failures = 1
    const { user, calls } = setup()
    server.use(
      http.patch(`*/platform/projects/${REF}/snippets/:id`, () =>
        failures-- > 0 ? HttpResponse.json({ message: 'Request body is too large: the limit is 1048576 bytes' }, { status: 413 }) : undefined
      )
    )
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    const editor = await screen.findByRole('textbox', { name: 'SQL query' })
    await waitFor(() => expect(editor).toHaveValue('select * from todos'))
    await user.type(editor, ';')
    expect(await screen.findByText('Not saved', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.getByText(/Request body is too large/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry save' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(calls.at(-1)).toEqual({ method: 'PATCH', id: TODOS.id, body: { sql: 'select * from todos;' } })
  })

  it('renames a snippet, refusing an empty name', async () => {
    const { user, calls } = setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    await screen.findByRole('heading', { level: 1, name: 'Todos' })
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    const dialog = screen.getByRole('dialog', { name: 'Rename snippet' })
    const name = within(dialog).getByLabelText('Name')
    expect(name).toHaveValue('Todos')
    await user.clear(name)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByText('Give the snippet a name.')).toBeInTheDocument()
    expect(calls).toEqual([])
    await user.type(name, '  Open todos ')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([{ method: 'PATCH', id: TODOS.id, body: { name: 'Open todos' } }])
    expect(screen.getByRole('heading', { level: 1, name: 'Open todos' })).toBeInTheDocument()
    expect(within(sidebar()).getByRole('link', { name: 'Open todos' })).toBeInTheDocument()
  })

  it('renames another snippet from the sidebar', async () => {
    const { user, calls } = setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    await user.click(await within(sidebar()).findByRole('button', { name: 'Rename “Zebra report”' }))
    const dialog = screen.getByRole('dialog', { name: 'Rename snippet' })
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Alpha report{Enter}')
    await waitFor(() => expect(calls).toEqual([{ method: 'PATCH', id: ZEBRA.id, body: { name: 'Alpha report' } }]))
    const others = within(sidebar()).getByRole('region', { name: 'Other snippets' })
    await waitFor(() => expect(within(others).getAllByRole('link').map((l) => l.textContent)).toEqual(['Alpha report', 'Todos']))
  })

  it('favourites a snippet and moves it to the favourites', async () => {
    const { user, calls } = setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    await screen.findByRole('heading', { level: 1, name: 'Todos' })
    const star = screen.getByRole('button', { name: 'Add to favourites' })
    expect(star).toHaveAttribute('aria-pressed', 'false')
    await user.click(star)
    await waitFor(() => expect(calls).toEqual([{ method: 'PATCH', id: TODOS.id, body: { favorite: true } }]))
    const favourites = within(sidebar()).getByRole('region', { name: 'Favourites' })
    await waitFor(() => expect(within(favourites).getAllByRole('link').map((l) => l.textContent)).toEqual(['active users', 'Todos']))
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('deletes the open snippet after confirmation, forgets it and opens a new query', async () => {
    lastVisitedStore.getState().setLastVisitedSnippet(REF, TODOS.id)
    const { user, calls } = setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    await screen.findByRole('heading', { level: 1, name: 'Todos' })
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete snippet' })
    expect(dialog).toHaveTextContent('“Todos” will be deleted for good. This cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Delete snippet' })).getByRole('button', { name: 'Delete snippet' }))
    await waitFor(() => expect(calls).toEqual([{ method: 'DELETE', id: TODOS.id }]))
    expect(router.push).toHaveBeenCalledWith(`/project/${REF}/sql/new`)
    expect(lastVisitedStore.getState().snippets[REF]).toBeUndefined()
    expect(await screen.findByText('Deleted “Todos”')).toBeInTheDocument()
    await waitFor(() => expect(within(sidebar()).queryByRole('link', { name: 'Todos' })).not.toBeInTheDocument())
  })

  it('deletes another snippet from the sidebar without leaving the open one', async () => {
    const { user, calls } = setup()
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={TODOS.id} />)
    await user.click(await within(sidebar()).findByRole('button', { name: 'Delete “Zebra report”' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Delete snippet' })).getByRole('button', { name: 'Delete snippet' }))
    await waitFor(() => expect(calls).toEqual([{ method: 'DELETE', id: ZEBRA.id }]))
    expect(router.push).not.toHaveBeenCalled()
    expect(screen.getByRole('textbox', { name: 'SQL query' })).toHaveValue('select * from todos')
  })
})
