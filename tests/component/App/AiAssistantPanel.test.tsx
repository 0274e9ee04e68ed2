import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  aiAssistantActions,
  configureAiAssistantStorage,
  flushAiAssistantSave,
  resetAiAssistantStore,
  type AiAssistantData,
  type AssistantChat,
} from '@/state/ai-assistant'
import { createEmptyState } from '@/state/ai-assistant.rules'
import { createMemoryAiAssistantStorage, type MemoryAiAssistantStorage } from '@/state/ai-assistant.storage'
import { server } from '@/tests/msw-server'
import { aiAnswerActions } from '@/state/ai-assistant-answers'
import { aiStatus, chatAnswer, chatStream, REF, renderPanel, statusHandler } from './ai-assistant-fixtures'

const NOTICE =
  'The assistant cannot answer: this dashboard has no AI model set up. Messages you send are kept in this chat, and no request is made. The operator sets AI_BASE_URL, AI_MODEL and, where the provider needs one, AI_API_KEY (see “The assistant” in the README).'

let storage: MemoryAiAssistantStorage

function chat(id: string, name: string, updatedAt: string, contents: string[] = []): AssistantChat {
  return {
    id,
    name,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt,
    messages: contents.map((content, i) => ({
      id: `${id}-${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content,
      createdAt: '2025-01-01T00:00:00.000Z',
      results: {},
    })),
  }
}

function saved(chats: AssistantChat[], extra: Partial<AiAssistantData> = {}): AiAssistantData {
  return {
    ...createEmptyState(REF),
    open: true,
    chats: Object.fromEntries(chats.map((c) => [c.id, c])),
    ...extra,
  }
}

async function renderOpenPanel() {
  const user = userEvent.setup()
  renderPanel()
  act(() => aiAssistantActions.open())
  const panel = await screen.findByRole('complementary', { name: 'AI assistant' })
  // Ready once the composer shows.
  await within(panel).findByRole('textbox', { name: 'Message' })
  return { user, panel }
}

function chatList() {
  return screen.getByRole('navigation', { name: 'Chats' })
}

function messages() {
  return screen.getByRole('log', { name: 'Messages' })
}

function currentChat() {
  return within(chatList())
    .getAllByRole('button')
    .find((button) => button.getAttribute('aria-current') === 'true')
}

beforeEach(() => {
  resetAiAssistantStore()
  storage = createMemoryAiAssistantStorage()
  configureAiAssistantStorage(storage)
  aiAnswerActions.reset()
  server.use(statusHandler(), chatAnswer({ type: 'text', delta: 'An answer.' }, { type: 'done' }))
})

describe('AiAssistantPanel', () => {
  it('renders nothing while closed', async () => {
    renderPanel()
    await act(async () => {})
    expect(screen.queryByRole('complementary', { name: 'AI assistant' })).not.toBeInTheDocument()
  })

  it('starts a project with one empty "New chat"', async () => {
    await renderOpenPanel()
    expect(screen.getByText('No messages yet')).toBeInTheDocument()
    expect(currentChat()).toHaveTextContent('New chat')
    expect(screen.getByRole('heading', { name: 'New chat' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('shows a loading state until the saved chats are read', async () => {
    let finish: (value: unknown) => void = () => {}
    storage.load = () => new Promise((resolve) => (finish = resolve))
    renderPanel()
    act(() => aiAssistantActions.open())

    expect(screen.getByRole('status')).toHaveTextContent('Loading chats…')
    expect(screen.getByRole('button', { name: 'New chat' })).toBeDisabled()

    await act(async () => finish(undefined))
    expect(await screen.findByText('No messages yet')).toBeInTheDocument()
  })

  it('without a model, appends a composed message to the active chat and says plainly that no answer comes', async () => {
    const stream = chatStream()
    server.use(statusHandler(aiStatus({ configured: false, model: null })), stream.handler)
    const { user } = await renderOpenPanel()
    const field = screen.getByRole('textbox', { name: 'Message' })
    const send = screen.getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()

    await user.type(field, 'How many rows are in todos?')
    await user.click(send)

    const log = screen.getByRole('log', { name: 'Messages' })
    expect(within(log).getByText('How many rows are in todos?')).toBeInTheDocument()
    expect(within(log).getByText('You')).toBeInTheDocument()
    expect(await screen.findByRole('status')).toHaveTextContent(NOTICE)
    expect(screen.getByRole('status')).toHaveTextContent('No model is configured')
    expect(screen.queryByText('No messages yet')).not.toBeInTheDocument()
    expect(field).toHaveValue('')

    // Enter sends too; Shift+Enter does not.
    await user.type(field, 'line one{Shift>}{Enter}{/Shift}line two{Enter}')
    expect(within(log).getAllByRole('listitem')).toHaveLength(2)
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('line one line two')

    await act(() => flushAiAssistantSave())
    const stored = storage.saved.get(REF) as AiAssistantData
    expect(Object.values(stored.chats)[0].messages.map((m) => m.content)).toEqual([
      'How many rows are in todos?',
      'line one\nline two',
    ])
    expect(stream.bodies).toEqual([])
  })

  it('starts a new chat, which becomes the active one', async () => {
    const { user } = await renderOpenPanel()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'first chat message{Enter}')

    await user.click(screen.getByRole('button', { name: 'New chat' }))

    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByText('No messages yet')).toBeInTheDocument()
    expect(within(messages()).queryByText('first chat message')).not.toBeInTheDocument()
    // The first chat is named by its first question (issue 26).
    expect(within(chatList()).getByRole('button', { name: /^first chat message/ })).toBeInTheDocument()

    // A second click does not add another empty chat: the empty one stays active.
    await user.click(screen.getByRole('button', { name: 'New chat' }))
    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus()
  })

  it('loads saved chats with the most recently updated one active, and switches between them', async () => {
    storage.saved.set(
      REF,
      saved([
        chat('a', 'Indexes', '2025-02-01T00:00:00.000Z', ['Which indexes are unused?']),
        chat('b', 'Slow queries', '2025-03-01T00:00:00.000Z', ['Why is this query slow?']),
      ])
    )
    const { user } = await renderOpenPanel()
    expect(currentChat()).toHaveTextContent('Slow queries')
    expect(screen.getByText('Why is this query slow?')).toBeInTheDocument()

    await user.click(within(chatList()).getByRole('button', { name: /^Indexes/ }))
    expect(currentChat()).toHaveTextContent('Indexes')
    expect(screen.getByText('Which indexes are unused?')).toBeInTheDocument()
    expect(screen.queryByText('Why is this query slow?')).not.toBeInTheDocument()
  })

  it('deletes a chat after confirmation; deleting the active one selects the first remaining', async () => {
    storage.saved.set(
      REF,
      saved([
        chat('a', 'Indexes', '2025-02-01T00:00:00.000Z', ['Which indexes are unused?']),
        chat('b', 'Slow queries', '2025-03-01T00:00:00.000Z'),
      ])
    )
    const { user } = await renderOpenPanel()

    await user.click(screen.getByRole('button', { name: 'Delete chat Slow queries' }))
    const confirm = screen.getByRole('group', { name: 'Delete chat Slow queries' })
    expect(confirm).toHaveTextContent('Delete “Slow queries”?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Delete chat Slow queries' }))
    await user.click(within(screen.getByRole('group', { name: 'Delete chat Slow queries' })).getByRole('button', { name: 'Delete' }))

    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.queryByText('Slow queries')).not.toBeInTheDocument()
    expect(currentChat()).toHaveTextContent('Indexes')
    expect(screen.getByText('Which indexes are unused?')).toBeInTheDocument()
  })

  it('deleting the last chat leaves none, and sending a message starts one', async () => {
    const { user } = await renderOpenPanel()
    await user.click(screen.getByRole('button', { name: 'Delete chat New chat' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))

    expect(screen.getByText('No chats. Start a new chat or send a message.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'No chat selected' })).toBeInTheDocument()

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello again{Enter}')
    expect(within(messages()).getByText('hello again')).toBeInTheDocument()
    expect(currentChat()).toHaveTextContent('hello again')
  })

  it("shows the code fences of the user's own message as code", async () => {
    storage.saved.set(REF, saved([chat('a', 'Code', '2025-03-01T00:00:00.000Z', ['Why does this fail?\n```sql\nselect * from todos\n```'])]))
    await renderOpenPanel()
    const code = within(messages()).getByText('select * from todos')
    expect(code.tagName).toBe('CODE')
    expect(code.closest('pre')).toHaveAttribute('data-lang', 'sql')
    expect(within(messages()).getByText('Why does this fail?').tagName).toBe('P')
    expect(within(messages()).queryByText(/```/)).not.toBeInTheDocument()
  })

  it('renames a chat', async () => {
    const { user } = await renderOpenPanel()
    await user.click(screen.getByRole('button', { name: 'Rename chat New chat' }))
    const name = screen.getByRole('textbox', { name: 'Chat name' })
    expect(name).toHaveFocus()
    await user.clear(name)
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.type(name, 'Row level security{Enter}')

    expect(currentChat()).toHaveTextContent('Row level security')
    expect(screen.getByRole('heading', { name: 'Row level security' })).toBeInTheDocument()
  })

  it('clears the messages of the active chat', async () => {
    const { user } = await renderOpenPanel()
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'to be cleared{Enter}')
    await user.click(screen.getByRole('button', { name: 'Clear messages' }))
    expect(within(messages()).queryByText('to be cleared')).not.toBeInTheDocument()
    expect(screen.getByText('No messages yet')).toBeInTheDocument()
  })

  it('puts a picked suggestion in the composer and lists attached context', async () => {
    storage.saved.set(
      REF,
      saved([], {
        suggestions: { title: 'Suggestions', prompts: ['Explain my schema'] },
        tables: [{ schema: 'public', name: 'todos' }],
        sqlSnippets: ['select count(*) from todos'],
      })
    )
    const { user } = await renderOpenPanel()
    expect(screen.getByText('Tables: public.todos')).toBeInTheDocument()
    expect(screen.getByText('1 SQL snippet attached')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Explain my schema' }))
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Explain my schema')
  })

  it('closes with the close button and with Escape', async () => {
    const { user } = await renderOpenPanel()
    await user.click(screen.getByRole('button', { name: 'Close AI assistant' }))
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()

    act(() => aiAssistantActions.open())
    await user.click(screen.getByRole('textbox', { name: 'Message' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })
})
