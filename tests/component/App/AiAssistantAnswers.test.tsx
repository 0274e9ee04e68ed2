import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { aiAssistantActions, configureAiAssistantStorage, getAiAssistantState, resetAiAssistantStore } from '@/state/ai-assistant'
import { aiAnswerActions } from '@/state/ai-assistant-answers'
import { askAssistant } from '@/state/ai-assistant-requests'
import { createMemoryAiAssistantStorage } from '@/state/ai-assistant.storage'
import { server } from '@/tests/msw-server'
import { projectDetail, result, snippet } from '../SqlEditor/sql-editor-fixtures'
import { aiStatus, chatAnswer, chatStream, REF, renderPanel, statusHandler } from './ai-assistant-fixtures'

const router = vi.hoisted(() => ({ push: vi.fn(async () => true), replace: vi.fn(async () => true), query: {}, asPath: '/' }))
vi.mock('next/router', () => ({ useRouter: () => router }))

beforeEach(() => {
  resetAiAssistantStore()
  aiAnswerActions.reset()
  configureAiAssistantStorage(createMemoryAiAssistantStorage())
  router.push.mockClear()
  server.use(statusHandler(), http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail({ ref: REF }))))
})

async function openAndAsk(question: string) {
  const user = userEvent.setup()
  renderPanel()
  act(() => aiAssistantActions.open())
  const field = await screen.findByRole('textbox', { name: 'Message' })
  await user.type(field, `${question}{Enter}`)
  return { user, field, log: screen.getByRole('log', { name: 'Messages' }) }
}

const savedMessages = () => getAiAssistantState().activeChat?.messages ?? []

describe('AiAssistantPanel: answers', () => {
  it('shows the answer growing as it streams, then saves it', async () => {
    const stream = chatStream()
    server.use(stream.handler)
    const { log } = await openAndAsk('How many todos?')

    await waitFor(() => expect(stream.bodies).toHaveLength(1))
    expect(stream.bodies[0].messages).toEqual([{ role: 'user', content: 'How many todos?' }])
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument()

    act(() => stream.send({ type: 'text', delta: 'There are ' }))
    expect(await within(log).findByText(/There are/)).toBeInTheDocument()
    act(() => stream.send({ type: 'text', delta: '3 todos.' }))
    expect(await within(log).findByText('There are 3 todos.')).toBeInTheDocument()
    expect(savedMessages()).toHaveLength(1)

    act(() => {
      stream.send({ type: 'done' })
      stream.end()
    })
    await waitFor(() => expect(savedMessages().map((m) => m.role)).toEqual(['user', 'assistant']))
    expect(savedMessages()[1].content).toBe('There are 3 todos.')
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument()
  })

  it('Stop ends the answer: what arrived stays and is saved', async () => {
    const stream = chatStream()
    server.use(stream.handler)
    const { user, log } = await openAndAsk('Explain my schema')
    await waitFor(() => expect(stream.bodies).toHaveLength(1))
    act(() => stream.send({ type: 'text', delta: 'Your schema has' }))
    await within(log).findByText('Your schema has')

    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(savedMessages()[1]?.content).toBe('Your schema has'))
    expect(within(log).getByText('Your schema has')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument()
  })

  it('a 429 says when to try again, and the composer works again', async () => {
    server.use(
      http.post(`*/platform/projects/${REF}/ai/chat`, () =>
        HttpResponse.json({ message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '30' } })
      )
    )
    const { field } = await openAndAsk('Hello')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests to the assistant. Try again in 30 s.')
    expect(savedMessages()).toHaveLength(1)
    expect(field).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument()
  })

  it('an error event shows an alert and keeps the text so far', async () => {
    server.use(chatAnswer({ type: 'text', delta: 'Half an answer' }, { type: 'error', message: 'The model took too long to answer.' }))
    const { log } = await openAndAsk('Hello')
    expect(await screen.findByRole('alert')).toHaveTextContent('The model took too long to answer.')
    expect(within(log).getByText('Half an answer')).toBeInTheDocument()
    await waitFor(() => expect(savedMessages()[1]?.content).toBe('Half an answer'))
  })

  it('names the model when one is configured', async () => {
    await openAndAsk('')
    expect(await screen.findByText('Answers by test-model')).toBeInTheDocument()
  })

  it('renders markdown tables, tool notes, tables used and what was withheld', async () => {
    server.use(
      chatAnswer(
        { type: 'tool', name: 'get_schema', summary: 'Read the schema of public.todos', ok: true },
        { type: 'tables', tables: [{ schema: 'public', name: 'todos' }] },
        { type: 'withheld', keys: ['AI_DATA_GENERATOR_OPT_IN'] },
        { type: 'text', delta: '| id | title |\n| --- | --- |\n| 1 | Milk |\n' },
        { type: 'done' }
      )
    )
    const { log } = await openAndAsk('Describe todos')
    expect(await within(log).findByText('Read the schema of public.todos')).toBeInTheDocument()
    expect(within(log).getByText('Tables used: public.todos')).toBeInTheDocument()
    expect(within(log).getByRole('note')).toHaveTextContent(
      'Your organization has not opted in to sending row data and query results to the model'
    )
    expect(getAiAssistantState().data?.tables).toEqual([{ schema: 'public', name: 'todos' }])
    const table = await within(log).findByRole('table')
    expect(within(table).getByRole('cell', { name: 'Milk' })).toBeInTheDocument()
  })

  it('turns a sql block into a card whose Run stores the rows in the message', async () => {
    server.use(
      chatAnswer({ type: 'text', delta: 'Run this:\n\n```sql\nselect id, title from todos\n```\n' }, { type: 'done' }),
      http.post(`*/platform/pg-meta/${REF}/query`, () =>
        HttpResponse.json(result({ rows: [{ id: 1, title: 'Milk' }], rowCount: 1 }))
      )
    )
    const { user } = await openAndAsk('List todos')
    const card = await screen.findByRole('region', { name: 'SQL snippet 1' })
    expect(within(card).getByLabelText('SQL of SQL snippet 1')).toHaveTextContent('select id, title from todos')

    await user.click(within(card).getByRole('button', { name: 'Run' }))
    const rows = await within(card).findByRole('table', { name: 'Result of SQL snippet 1' })
    expect(within(rows).getByRole('cell', { name: 'Milk' })).toBeInTheDocument()
    const answer = savedMessages()[1]
    expect(answer.results).toEqual({ [`${answer.id}-sql-1`]: [{ id: 1, title: 'Milk' }] })
    expect(getAiAssistantState().data?.sqlSnippets).toEqual(['select id, title from todos'])
  })

  it('asks before running a destructive snippet', async () => {
    const queries: string[] = []
    server.use(
      chatAnswer({ type: 'snippet', id: 'drop-1', title: 'Drop the table', sql: 'drop table todos;' }, { type: 'done' }),
      http.post(`*/platform/pg-meta/${REF}/query`, async ({ request }) => {
        queries.push(((await request.json()) as { query: string }).query)
        return HttpResponse.json(result({ command: 'DROP' }))
      })
    )
    const { user } = await openAndAsk('Drop todos')
    const card = await screen.findByRole('region', { name: 'Drop the table' })
    await user.click(within(card).getByRole('button', { name: 'Run' }))
    await screen.findByRole('dialog', { name: 'Run a destructive query?' })
    // Escape leaves the dialog and keeps the panel open.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('complementary', { name: 'AI assistant' })).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Run' }))
    const dialog = await screen.findByRole('dialog', { name: 'Run a destructive query?' })
    expect(within(dialog).getByRole('list', { name: 'Destructive statements' })).toHaveTextContent('drop table todos')
    expect(queries).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Run this query' }))
    await waitFor(() => expect(queries).toEqual(['drop table todos;']))
    await waitFor(() => expect(savedMessages()[1].results).toEqual({ 'drop-1': [] }))
  })

  it('Insert into editor saves the statement as a snippet and opens it in the SQL editor', async () => {
    const created: unknown[] = []
    server.use(
      chatAnswer({ type: 'snippet', id: 's1', title: 'Count todos', sql: 'select count(*) from todos' }, { type: 'done' }),
      http.post(`*/platform/projects/${REF}/snippets`, async ({ request }) => {
        const body = (await request.json()) as { name: string; sql: string }
        created.push(body)
        return HttpResponse.json(snippet({ id: 'new-snippet-id', project_ref: REF, ...body }), { status: 201 })
      }),
      http.get(`*/platform/projects/${REF}/snippets`, () => HttpResponse.json([]))
    )
    const { user } = await openAndAsk('Count todos')
    // The snippet's card, in the messages (the conversation itself is named "Count todos" too, after its first question).
    const card = await within(screen.getByRole('log', { name: 'Messages' })).findByRole('region', { name: 'Count todos' })
    await user.click(within(card).getByRole('button', { name: 'Insert into editor' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/project/${REF}/sql/new-snippet-id`))
    expect(created).toEqual([{ name: 'Count todos', sql: 'select count(*) from todos' }])
  })

  it('answers a question left by another screen in a fresh chat, leaving no empty one behind', async () => {
    const stream = chatStream()
    server.use(stream.handler)
    renderPanel()
    act(() => askAssistant(REF, 'Explain this error'))
    await waitFor(() => expect(stream.bodies).toHaveLength(1))
    expect(stream.bodies[0].messages).toEqual([{ role: 'user', content: 'Explain this error' }])
    // The empty chat the panel opened with took the question, and is named by it (issue 26).
    expect(getAiAssistantState().chats.map((c) => c.name)).toEqual(['Explain this error'])
    act(() => stream.end())
  })
})
