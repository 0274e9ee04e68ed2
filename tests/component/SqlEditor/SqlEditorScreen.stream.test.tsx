import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SqlEditorScreen } from '@/components/interfaces/SqlEditor/SqlEditorScreen'
import type { SqlStreamLine } from '@/lib/api-types/sql'
import { SQL_STREAM_MAX_BYTES } from '@/lib/sql/limits'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { giveElementsASize, projectHandlers, REF, renderWithClient, result, snippet, snippetHandlers, streamedResult } from './sql-editor-fixtures'

// The editor reads a streamed result (data/sql/execute-sql-stream.ts): the first rows show while the
// rest arrive, and a stream that ends with an error keeps the rows that arrived beside the error.

const router = vi.hoisted(() => ({ push: vi.fn(async () => true), replace: vi.fn(async () => true), query: {}, asPath: '/' }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/interfaces/SqlEditor/CodeEditor', async () => ({ CodeEditor: (await import('./sql-editor-fixtures')).FakeCodeEditor }))

let restoreSize: () => void
beforeEach(() => {
  lastVisitedStore.getState().reload()
  restoreSize = giveElementsASize()
})
afterEach(() => restoreSize())

const FIELDS = [
  { name: 'id', dataTypeID: 23, type: 'integer' },
  { name: 'note', dataTypeID: 25, type: 'text' },
]

/** A response whose lines the test sends one by one. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  const encoder = new TextEncoder()
  return {
    response: () => streamedResult(result(), body),
    send: (line: SqlStreamLine) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    close: () => controller.close(),
  }
}

async function runWith(onQuery: NonNullable<Parameters<typeof projectHandlers>[0]>['onQuery']) {
  const query = projectHandlers({ onQuery })
  const opened = snippet({ sql: 'select id, note from notes' })
  server.use(...query.handlers, ...snippetHandlers([opened]).handlers)
  const user = userEvent.setup()
  renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={opened.id} />)
  const editor = await screen.findByRole('textbox', { name: 'SQL query' })
  await waitFor(() => expect(editor).toHaveValue('select id, note from notes'))
  editor.focus()
  await user.keyboard('{Control>}{Enter}{/Control}')
  return query.calls
}

describe('SQL editor: streamed results', () => {
  it('shows the first rows before the last arrive, then the rows that arrived and the error that stopped the query', async () => {
    const stream = controlledStream()
    const calls = await runWith(() => stream.response())
    stream.send({ fields: FIELDS })
    stream.send({ rows: [[1, 'first'], [2, null]] })

    const grid = await screen.findByRole('grid', { name: 'Query results' })
    expect(within(grid).getByRole('gridcell', { name: 'first' })).toBeInTheDocument()
    expect(within(grid).getByRole('gridcell', { name: 'NULL' })).toBeInTheDocument()
    expect(screen.getByText(/2 rows so far/)).toBeInTheDocument()
    expect(calls[0].headers.get('accept')).toBe('application/x-ndjson')
    // The tab says how much it holds: the platform stops the query past it.
    expect(Number(calls[0].headers.get('x-result-max-bytes'))).toBe(SQL_STREAM_MAX_BYTES)

    stream.send({ rows: [[3, 'third']] })
    stream.send({
      error: { message: 'statement timed out after 8 s', code: '57014', position: null, detail: null, hint: null, where: null, severity: 'ERROR' },
    })
    stream.close()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The query stopped after 3 rows')
    expect(alert).toHaveTextContent('statement timed out after 8 s')
    const after = screen.getByRole('grid', { name: 'Query results' })
    expect(within(after).getByRole('gridcell', { name: 'third' })).toBeInTheDocument()
    expect(after).toHaveAttribute('aria-rowcount', '4')
    expect(screen.queryByText(/so far/)).not.toBeInTheDocument()
  })

  it('says clearly that a result too big for the browser was stopped, with the rows that fit', async () => {
    const stream = controlledStream()
    await runWith(() => stream.response())
    stream.send({ fields: FIELDS })
    stream.send({ rows: [[1, 'kept']] })
    stream.send({
      error: {
        message: 'The result is larger than 128 MiB, more than the browser can hold: the query was stopped. The rows that arrived are shown.',
        code: '54000',
        position: null,
        detail: null,
        hint: 'Add a LIMIT or a WHERE, or select fewer or smaller columns.',
        where: null,
        severity: 'ERROR',
      },
    })
    stream.close()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/larger than 128 MiB, more than the browser can hold/)
    expect(alert).toHaveTextContent('Add a LIMIT or a WHERE')
    expect(within(screen.getByRole('grid', { name: 'Query results' })).getByRole('gridcell', { name: 'kept' })).toBeInTheDocument()
  })

  it('says when the answer was cut off before its end', async () => {
    const stream = controlledStream()
    await runWith(() => stream.response())
    stream.send({ fields: FIELDS })
    stream.send({ rows: [[1, 'only']] })
    stream.close()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The query stopped after 1 row')
    expect(alert).toHaveTextContent(/cut off before it finished/)
  })

  it('shows a complete result with its summary once the end arrives', async () => {
    await runWith(() =>
      streamedResult(result({ fields: FIELDS, rows: [{ id: 1, note: 'a' }, { id: 2, note: 'b' }], rowCount: 2 }))
    )
    expect(await screen.findByText(/^2 rows/)).toHaveTextContent(/^2 rows · \d+ ms/)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
