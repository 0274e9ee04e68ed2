import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SqlEditorScreen } from '@/components/interfaces/SqlEditor/SqlEditorScreen'
import type { AiChatBody, AiStreamEvent } from '@/lib/api-types/ai'
import { askAssistant } from '@/state/ai-assistant-requests'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { aiStatus, projectHandlers, REF, renderWithClient, snippet, snippetHandlers } from './sql-editor-fixtures'

const router = vi.hoisted(() => ({ push: vi.fn(async () => true), replace: vi.fn(async () => true), query: {} as Record<string, string>, asPath: '/' }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/interfaces/SqlEditor/CodeEditor', async () => ({ CodeEditor: (await import('./sql-editor-fixtures')).FakeCodeEditor }))
vi.mock('@/state/ai-assistant-requests', () => ({ askAssistant: vi.fn() }))

beforeEach(() => {
  router.push.mockClear()
  router.replace.mockClear()
  router.query = {}
  vi.mocked(askAssistant).mockClear()
  lastVisitedStore.getState().reload()
})

/** A streamed answer: each event one `data:` block; `hold` keeps the stream open after them. */
function sse(events: AiStreamEvent[], { hold = false } = {}) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
      if (!hold) controller.close()
    },
  })
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } })
}

async function openWith(text: string, options: Parameters<typeof projectHandlers>[0] = {}) {
  const query = projectHandlers(options)
  const opened = snippet({ sql: text })
  const snippets = snippetHandlers([opened])
  server.use(...query.handlers, ...snippets.handlers)
  const user = userEvent.setup()
  renderWithClient(<SqlEditorScreen projectRef={REF} snippetId={opened.id} />)
  const editor = (await screen.findByRole('textbox', { name: 'SQL query' })) as HTMLTextAreaElement
  await waitFor(() => expect(editor).toHaveValue(text))
  return { user, editor, snippetCalls: snippets.calls }
}

/** The chat endpoint answering with `respond`; the bodies it got are kept. */
function chat(respond: () => Response) {
  const bodies: AiChatBody[] = []
  server.use(
    http.post(`*/platform/projects/${REF}/ai/chat`, async ({ request }) => {
      bodies.push((await request.json()) as AiChatBody)
      return respond()
    })
  )
  return bodies
}

const POSTGRES_ERROR = { message: 'column "nope" does not exist', code: '42703', position: 8, detail: null, hint: 'Perhaps you meant "note".', where: null, severity: 'ERROR' }

describe('SQL editor: asking the assistant about an error', () => {
  it('"Explain error" and "Fix with assistant" ask with the message, the statement that failed and the position', async () => {
    const text = 'select 1;\nselect nope from todos'
    const { user, editor } = await openWith(text, { onQuery: () => HttpResponse.json(POSTGRES_ERROR, { status: 400 }) })
    editor.setSelectionRange(text.indexOf('select nope'), text.length)
    await user.click(screen.getByRole('button', { name: 'Run' }))
    const alert = await screen.findByRole('alert')

    await user.click(within(alert).getByRole('button', { name: 'Explain error' }))
    expect(askAssistant).toHaveBeenCalledTimes(1)
    const [ref, explain] = vi.mocked(askAssistant).mock.calls[0]
    expect(ref).toBe(REF)
    expect(explain).toMatch(/^My SQL statement failed on Postgres\. Explain/)
    expect(explain).toContain('Error: ERROR 42703: column "nope" does not exist')
    expect(explain).toContain('Hint: Perhaps you meant "note".')
    // The selection was run: the position is counted in it.
    expect(explain).toContain('Position: line 1, column 8 of the statement (character 8)')
    expect(explain).toContain('```sql\nselect nope from todos\n```')
    expect(explain).not.toContain('select 1;')

    await user.click(within(alert).getByRole('button', { name: 'Fix with assistant' }))
    const [, fix] = vi.mocked(askAssistant).mock.calls[1]
    expect(fix).toContain('Fix it so that it runs without this error')
    expect(fix).toContain('column "nope" does not exist')
    expect(fix).toContain('```sql\nselect nope from todos\n```')
    expect(fix).toContain('Position: line 1, column 8')
    expect(fix).toContain('Answer with the corrected statement in one ```sql block')
  })

  it('offers no assistant for a platform failure', async () => {
    const { user } = await openWith('select 1', {
      onQuery: () => HttpResponse.json({ message: 'Project is COMING_UP' }, { status: 409 }),
    })
    await user.click(screen.getByRole('button', { name: 'Run' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The query could not run: Project is COMING_UP')
    expect(within(alert).queryByRole('button', { name: 'Explain error' })).not.toBeInTheDocument()
    expect(within(alert).queryByRole('button', { name: 'Fix with assistant' })).not.toBeInTheDocument()
  })
})

describe('SQL editor: Generate SQL', () => {
  async function ask(user: ReturnType<typeof userEvent.setup>, sentence: string) {
    await user.click(await screen.findByRole('button', { name: 'Generate SQL' }))
    const dialog = await screen.findByRole('dialog', { name: 'Generate SQL' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Describe the query' }), sentence)
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }))
    return dialog
  }

  it('asks for one statement and appends the first sql block of the answer to the editor', async () => {
    const bodies = chat(() =>
      sse([
        { type: 'text', delta: 'Here it is:\n```sql\nselect * from orders\n' },
        { type: 'text', delta: 'order by created_at desc limit 10;\n```\n```sql\nselect 2;\n```' },
        { type: 'done' },
      ])
    )
    const { user, editor, snippetCalls } = await openWith('select 1;')
    const dialog = await ask(user, 'the ten newest orders')

    await waitFor(() => expect(editor).toHaveValue('select 1;\n\nselect * from orders\norder by created_at desc limit 10;'))
    expect(dialog).not.toBeInTheDocument()
    expect(await screen.findByText('Generated SQL inserted into the editor')).toBeInTheDocument()
    expect(bodies).toHaveLength(1)
    expect(bodies[0].messages).toHaveLength(1)
    expect(bodies[0].messages[0].role).toBe('user')
    expect(bodies[0].messages[0].content).toContain('the ten newest orders')
    expect(bodies[0].messages[0].content).toContain('Answer only with the SQL, in a single ```sql block')
    // Inserted text is saved like typed text.
    await waitFor(() => expect(snippetCalls.at(-1)?.body).toEqual({ sql: 'select 1;\n\nselect * from orders\norder by created_at desc limit 10;' }), { timeout: 3000 })
  })

  it('replaces the selection, and takes the whole answer when it has no code block', async () => {
    chat(() => sse([{ type: 'text', delta: 'select count(*) from orders' }, { type: 'done' }]))
    const { user, editor } = await openWith('select 1;\nselect 2;')
    editor.setSelectionRange(0, 'select 1;'.length)
    await ask(user, 'count the orders')
    await waitFor(() => expect(editor).toHaveValue('select count(*) from orders\nselect 2;'))
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeInTheDocument()
  })

  it('leaves the editor alone and says so when the answer is prose with no SQL', async () => {
    chat(() => sse([{ type: 'text', delta: 'Sorry, I cannot see a table of orders. ' }, { type: 'text', delta: 'Which table holds them?' }, { type: 'done' }]))
    const { user, editor } = await openWith('select 1;')
    const dialog = await ask(user, 'count the orders')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The assistant answered without any SQL. Try describing the query differently. Nothing was inserted.')
    expect(editor).toHaveValue('select 1;')
  })

  it('is disabled with a hint when no model is configured', async () => {
    const calls = chat(() => sse([{ type: 'done' }]))
    const { user } = await openWith('select 1', { ai: aiStatus({ configured: false, model: null }) })
    const button = screen.getByRole('button', { name: 'Generate SQL' })
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'))
    expect(screen.getByRole('button', { name: 'Generate SQL' })).toHaveAccessibleDescription(/^No model is configured/)
    await user.click(screen.getByRole('button', { name: 'Generate SQL' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('shows a refusal in the dialog and inserts nothing', async () => {
    chat(() => HttpResponse.json({ message: 'Too many questions' }, { status: 429, headers: { 'Retry-After': '30' } }))
    const { user, editor } = await openWith('select 1;')
    const dialog = await ask(user, 'anything')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/The SQL could not be generated.*Too many questions/)
    expect(editor).toHaveValue('select 1;')
  })

  it('shows an error event of the stream and inserts nothing', async () => {
    chat(() => sse([{ type: 'text', delta: '```sql\nselect' }, { type: 'error', message: 'The model timed out.' }]))
    const { user, editor } = await openWith('select 1;')
    const dialog = await ask(user, 'anything')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The model timed out. Nothing was inserted.')
    expect(editor).toHaveValue('select 1;')
  })

  it('shows the answer as it comes, and Stop ends it without inserting', async () => {
    chat(() => sse([{ type: 'text', delta: '```sql\nselect 42' }], { hold: true }))
    const { user, editor } = await openWith('select 1;')
    const dialog = await ask(user, 'the answer')
    expect(await within(dialog).findByLabelText('Answer so far')).toHaveTextContent('select 42')
    expect(within(dialog).getByRole('status', { name: 'Generating SQL' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }))
    expect(await within(dialog).findByText('Stopped. Nothing was inserted.')).toBeInTheDocument()
    expect(editor).toHaveValue('select 1;')
  })
})

describe('SQL editor: SQL handed over in the address', () => {
  it('/sql/new?content= opens a new query holding the SQL, saves it and drops the parameter', async () => {
    router.query = { ref: REF, id: 'new', content: 'select * from orders;' }
    const snippets = snippetHandlers([])
    server.use(...projectHandlers().handlers, ...snippets.handlers)
    renderWithClient(<SqlEditorScreen projectRef={REF} snippetId="new" />)
    const editor = await screen.findByRole('textbox', { name: 'SQL query' })
    await waitFor(() => expect(editor).toHaveValue('select * from orders;'))
    expect(router.replace).toHaveBeenCalledWith(`/project/${REF}/sql/new`, undefined, { shallow: true, scroll: false })
    await waitFor(() => expect(snippets.calls).toEqual([expect.objectContaining({ method: 'POST', body: expect.objectContaining({ sql: 'select * from orders;' }) })]), {
      timeout: 3000,
    })
  })
})
