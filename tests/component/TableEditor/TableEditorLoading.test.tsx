import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { TableEditorScreen } from '@/components/interfaces/TableEditor/TableEditorScreen'
import { useOpenTableReadAhead } from '@/components/interfaces/TableEditor/useOpenTableReadAhead'
import { rememberedTableShape, rememberTableShape } from '@/state/table-shapes'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '@/tests/msw-server'
import { projectDetail, type MockRouter } from '../Organizations/fixtures'
import { fakeDatabase, TODOS } from './fake-database'
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
  Object.assign(router, { isReady: true, query: {}, pathname: '/project/[ref]/editor/[id]', asPath: `/project/${REF}/editor/${TODOS.id}`, push: vi.fn(), replace: vi.fn() })
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
  window.localStorage.clear()
})

const selfHosted = () => {
  window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig({ IS_PLATFORM: 'false' }))
}

/** The project detail answers only once `answer` is called, with the given status. */
function heldProjectDetail() {
  let answer: (status: 'ACTIVE_HEALTHY' | 'COMING_UP') => void = () => {}
  const held = new Promise<string>((resolve) => (answer = resolve))
  let asked = 0
  const handler = http.get('*/platform/projects/:ref', async () => {
    asked++
    return HttpResponse.json(projectDetail({ ref: REF, status: (asked === 1 ? await held : 'ACTIVE_HEALTHY') as 'ACTIVE_HEALTHY' }))
  })
  return { handler, answer }
}

const definitionAsked = (db: ReturnType<typeof fakeDatabase>) => db.sent.filter((q) => q.query.includes('referenced_by')).length

describe('table editor: what the first rows wait for', () => {
  it('self-hosted, asks for the table definition while the project detail is on the way', async () => {
    selfHosted()
    const db = fakeDatabase()
    const detail = heldProjectDetail()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    server.use(detail.handler)
    await waitFor(() => expect(definitionAsked(db)).toBe(1))
    // The project's state still decides what is shown.
    expect(screen.getByRole('status', { name: 'Loading project' })).toBeInTheDocument()
    expect(screen.queryByText('Write the spec')).not.toBeInTheDocument()
    detail.answer('ACTIVE_HEALTHY')
    expect(await screen.findByText('Write the spec')).toBeInTheDocument()
    expect(definitionAsked(db)).toBe(1)
  })

  it('on the platform, waits for the connection string before any query', async () => {
    const db = fakeDatabase()
    const detail = heldProjectDetail()
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    server.use(detail.handler)
    await screen.findByRole('status', { name: 'Loading project' })
    expect(db.sent).toEqual([])
    detail.answer('ACTIVE_HEALTHY')
    expect(await screen.findByText('Write the spec')).toBeInTheDocument()
  })

  it('self-hosted, a project not serving yet shows its status and the table once it serves', async () => {
    selfHosted()
    let serving = false
    const db = fakeDatabase()
    const notServing = http.post('*/platform/pg-meta/:ref/query', () =>
      serving ? undefined : HttpResponse.json({ message: 'The project database is not serving queries' }, { status: 409 })
    )
    renderEditor(<TableEditorScreen projectRef={REF} tableId={TODOS.id} />, db.handler)
    const detail = heldProjectDetail()
    server.use(detail.handler, notServing)
    detail.answer('COMING_UP')
    expect(await screen.findByText(/The project is COMING_UP/)).toBeInTheDocument()
    serving = true
    // The detail is polled while the project comes up; once it serves, the definition is asked again.
    expect(await screen.findByText('Write the spec', {}, { timeout: 10_000 })).toBeInTheDocument()
  }, 15_000)
})

/** The editor's page: the read-ahead, then the screen (as pages/project/[ref]/editor/[id].tsx). */
function EditorPage() {
  useOpenTableReadAhead(REF, TODOS.id)
  return <TableEditorScreen projectRef={REF} tableId={TODOS.id} />
}

/** Catalogue queries are answered only once `release` is called. */
function heldCatalogue() {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const handler = http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    const body = (await request.clone().json()) as { query: string }
    if (body.query.includes('referenced_by')) await held
    return undefined
  })
  return { handler, release }
}

const rowsAsked = (db: ReturnType<typeof fakeDatabase>) => db.sent.filter((q) => q.query.startsWith('SELECT * FROM')).map((q) => q.query)

describe('table editor: reading a table ahead', () => {
  it('self-hosted, asks for the first rows of a remembered table alongside its definition', async () => {
    selfHosted()
    // The first visit remembers the table's shape.
    const first = fakeDatabase()
    const view = renderEditor(<EditorPage />, first.handler)
    await screen.findByText('Write the spec')
    expect(rememberedTableShape(REF, TODOS.id)).toEqual({ schema: 'public', name: 'todos', primaryKey: ['id'] })
    view.unmount()

    const db = fakeDatabase()
    const catalogue = heldCatalogue()
    renderEditor(<EditorPage />, db.handler)
    server.use(catalogue.handler)
    // The definition is still on the way, and the rows page is asked already.
    await waitFor(() => expect(rowsAsked(db)).toEqual(['SELECT * FROM "public"."todos" ORDER BY "id" ASC LIMIT 100 OFFSET 0']))
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    catalogue.release()
    expect(await screen.findByText('Write the spec')).toBeInTheDocument()
    // The grid uses the rows read ahead: not asked twice.
    expect(rowsAsked(db)).toHaveLength(1)
  })

  it('reads the rows again when the table changed since it was remembered', async () => {
    selfHosted()
    rememberTableShape(REF, TODOS.id, { schema: 'public', name: 'old_todos', primaryKey: ['name'] })
    const db = fakeDatabase()
    renderEditor(<EditorPage />, db.handler)
    expect(await screen.findByText('Write the spec')).toBeInTheDocument()
    expect(rowsAsked(db)).toEqual([
      'SELECT * FROM "public"."old_todos" ORDER BY "name" ASC LIMIT 100 OFFSET 0',
      'SELECT * FROM "public"."todos" ORDER BY "id" ASC LIMIT 100 OFFSET 0',
    ])
    expect(rememberedTableShape(REF, TODOS.id)).toEqual({ schema: 'public', name: 'todos', primaryKey: ['id'] })
  })

  it('on the platform, reads nothing ahead', async () => {
    rememberTableShape(REF, TODOS.id, { schema: 'public', name: 'todos', primaryKey: ['id'] })
    const db = fakeDatabase()
    const detail = heldProjectDetail()
    renderEditor(<EditorPage />, db.handler)
    server.use(detail.handler)
    await screen.findByRole('status', { name: 'Loading project' })
    expect(db.sent).toEqual([])
    detail.answer('ACTIVE_HEALTHY')
    expect(await screen.findByText('Write the spec')).toBeInTheDocument()
  })
})
