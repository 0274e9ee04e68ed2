import {
  aiAssistantActions,
  configureAiAssistantStorage,
  flushAiAssistantSave,
  getAiAssistantState,
  loadAiAssistantState,
  resetAiAssistantStore,
  type AiAssistantData,
  type AssistantMessage,
} from '@/state/ai-assistant'
import { createEmptyState } from '@/state/ai-assistant.rules'
import { createMemoryAiAssistantStorage, type MemoryAiAssistantStorage } from '@/state/ai-assistant.storage'

const REF = 'projectaaaaaaaaa'
const OTHER_REF = 'projectbbbbbbbbb'

let storage: MemoryAiAssistantStorage

function savedState(chats: { id: string; updatedAt: string; messages?: number }[], extra: Partial<AiAssistantData> = {}): AiAssistantData {
  return {
    ...createEmptyState(REF),
    activeChatId: chats[0]?.id ?? null,
    chats: Object.fromEntries(
      chats.map(({ id, updatedAt, messages = 0 }) => [
        id,
        {
          id,
          name: `Chat ${id}`,
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt,
          messages: Array.from({ length: messages }, (_, i) => message(`${id}-${i + 1}`)),
        },
      ])
    ),
    ...extra,
  }
}

function message(id: string): AssistantMessage {
  return { id, role: 'user', content: `hello ${id}`, createdAt: '2025-01-01T00:00:00.000Z', results: {} }
}

function savedFor(ref = REF) {
  return storage.saved.get(ref) as AiAssistantData | undefined
}

beforeEach(() => {
  resetAiAssistantStore()
  storage = createMemoryAiAssistantStorage()
  configureAiAssistantStorage(storage)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('loading a project (spec §4)', () => {
  it('creates an active "New chat" when nothing is saved', async () => {
    expect(getAiAssistantState().status).toBe('idle')
    const done = loadAiAssistantState(REF)
    expect(getAiAssistantState().status).toBe('loading')
    await done

    const state = getAiAssistantState()
    expect(state.status).toBe('ready')
    expect(state.projectRef).toBe(REF)
    expect(state.chats).toHaveLength(1)
    expect(state.activeChat?.name).toBe('New chat')
    expect(state.data?.activeChatId).toBe(state.activeChat?.id)
  })

  it('makes the most recently updated saved chat active', async () => {
    storage.saved.set(
      REF,
      savedState(
        [
          { id: 'a', updatedAt: '2025-01-02T00:00:00.000Z' },
          { id: 'b', updatedAt: '2025-05-02T00:00:00.000Z' },
          { id: 'c', updatedAt: '2025-03-02T00:00:00.000Z' },
        ],
        { activeChatId: 'a' }
      )
    )
    await loadAiAssistantState(REF)
    expect(getAiAssistantState().activeChat?.id).toBe('b')
    expect(getAiAssistantState().chats.map((c) => c.id)).toEqual(['b', 'c', 'a'])
  })

  it('discards a malformed saved state and starts fresh', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.saved.set(REF, { projectRef: REF, chats: 'not chats' })
    await loadAiAssistantState(REF)
    expect(warn).toHaveBeenCalledWith('AI assistant: discarded a malformed saved state')
    expect(getAiAssistantState().chats).toHaveLength(1)
    expect(getAiAssistantState().activeChat?.messages).toEqual([])
  })

  it('does not reload a project that is already loaded', async () => {
    await loadAiAssistantState(REF)
    aiAssistantActions.newChat()
    await loadAiAssistantState(REF)
    expect(getAiAssistantState().chats).toHaveLength(2)
  })

  it('a chat action before the load finishes changes nothing', () => {
    aiAssistantActions.newChat()
    expect(getAiAssistantState().data).toBeNull()
  })
})

describe('migration from localStorage (spec §7)', () => {
  it('moves older state into IndexedDB, then removes it', async () => {
    const legacy = savedState([{ id: 'old', updatedAt: '2025-01-01T00:00:00.000Z', messages: 25 }])
    storage.legacy.set(REF, JSON.parse(JSON.stringify(legacy)))

    await loadAiAssistantState(REF)

    expect(storage.legacy.has(REF)).toBe(false)
    expect(savedFor()?.chats.old.messages).toHaveLength(20)
    expect(getAiAssistantState().activeChat?.id).toBe('old')
  })

  it('keeps the older state when writing it to IndexedDB fails, and only logs', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    storage.save = vi.fn().mockRejectedValue(new Error('QuotaExceededError'))
    storage.legacy.set(REF, savedState([{ id: 'old', updatedAt: '2025-01-01T00:00:00.000Z' }]))

    await loadAiAssistantState(REF)

    expect(storage.legacy.has(REF)).toBe(true)
    expect(error).toHaveBeenCalledWith('AI assistant: failed to move its older saved state to IndexedDB', expect.any(Error))
    expect(getAiAssistantState().activeChat?.id).toBe('old')
  })

  it('discards malformed older state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.legacy.set(REF, '{not json')
    await loadAiAssistantState(REF)
    expect(storage.legacy.has(REF)).toBe(false)
    expect(storage.saved.has(REF)).toBe(false)
    expect(getAiAssistantState().activeChat?.name).toBe('New chat')
  })

  it('drops older state when IndexedDB already has the project', async () => {
    storage.saved.set(REF, savedState([{ id: 'current', updatedAt: '2025-02-01T00:00:00.000Z' }]))
    storage.legacy.set(REF, savedState([{ id: 'old', updatedAt: '2025-01-01T00:00:00.000Z' }]))
    await loadAiAssistantState(REF)
    expect(storage.legacy.has(REF)).toBe(false)
    expect(getAiAssistantState().chats.map((c) => c.id)).toEqual(['current'])
  })
})

describe('saving (spec §9)', () => {
  it('is debounced 500 ms and writes the latest state once', async () => {
    vi.useFakeTimers()
    await loadAiAssistantState(REF)
    const save = vi.spyOn(storage, 'save')

    aiAssistantActions.addUserMessage('first')
    await vi.advanceTimersByTimeAsync(300)
    aiAssistantActions.addUserMessage('second')
    await vi.advanceTimersByTimeAsync(499)
    expect(save).not.toHaveBeenCalled()

    await vi.advanceTimersByTimeAsync(1)
    expect(save).toHaveBeenCalledTimes(1)
    const [ref, written] = save.mock.calls[0] as [string, AiAssistantData]
    expect(ref).toBe(REF)
    expect(Object.values(written.chats)[0].messages.map((m) => m.content)).toEqual(['first', 'second'])
  })

  it('does not write when a load finishes or when nothing changed', async () => {
    vi.useFakeTimers()
    const save = vi.spyOn(storage, 'save')
    await loadAiAssistantState(REF)
    aiAssistantActions.selectChat(getAiAssistantState().activeChat!.id) // already active
    await vi.advanceTimersByTimeAsync(1000)
    expect(save).not.toHaveBeenCalled()
  })

  it('keeps only the last 20 messages per chat in storage, all of them in memory', async () => {
    await loadAiAssistantState(REF)
    aiAssistantActions.saveMessages(Array.from({ length: 25 }, (_, i) => message(`m${i + 1}`)))
    await flushAiAssistantSave()

    const chatId = getAiAssistantState().activeChat!.id
    const stored = savedFor()!.chats[chatId].messages
    expect(stored).toHaveLength(20)
    expect(stored[0].id).toBe('m6')
    expect(getAiAssistantState().activeChat!.messages).toHaveLength(25)
  })

  it('a failed save is only logged', async () => {
    vi.useFakeTimers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await loadAiAssistantState(REF)
    storage.save = vi.fn().mockRejectedValue(new Error('disk full'))

    aiAssistantActions.addUserMessage('still here')
    await vi.advanceTimersByTimeAsync(500)

    expect(storage.save).toHaveBeenCalledTimes(1)
    expect(error).toHaveBeenCalledWith('AI assistant: failed to save its state', expect.any(Error))
    expect(getAiAssistantState().activeChat!.messages.map((m) => m.content)).toEqual(['still here'])
  })

  it('a failed load is only logged and starts fresh', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    storage.load = vi.fn().mockRejectedValue(new Error('blocked'))
    await expect(loadAiAssistantState(REF)).resolves.toBeUndefined()
    expect(error).toHaveBeenCalledWith('AI assistant: failed to load its saved state', expect.any(Error))
    expect(getAiAssistantState().status).toBe('ready')
    expect(getAiAssistantState().chats).toHaveLength(1)
  })

  it('writes the pending change of a project before switching to another', async () => {
    vi.useFakeTimers()
    await loadAiAssistantState(REF)
    aiAssistantActions.addUserMessage('for the first project')
    await loadAiAssistantState(OTHER_REF)

    const first = savedFor(REF)!
    expect(Object.values(first.chats)[0].messages[0].content).toBe('for the first project')
    expect(getAiAssistantState().projectRef).toBe(OTHER_REF)
    expect(getAiAssistantState().activeChat?.messages).toEqual([])
  })

  it('works without any storage (server, no IndexedDB)', async () => {
    configureAiAssistantStorage(null)
    await loadAiAssistantState(REF)
    expect(aiAssistantActions.addUserMessage('hi')?.content).toBe('hi')
    await expect(flushAiAssistantSave()).resolves.toBeUndefined()
  })
})

describe('panel open flag (spec §2, §4)', () => {
  it('opens, closes and toggles, and saves the flag', async () => {
    await loadAiAssistantState(REF)
    aiAssistantActions.open()
    expect(getAiAssistantState().open).toBe(true)
    aiAssistantActions.toggle()
    expect(getAiAssistantState().open).toBe(false)
    aiAssistantActions.toggle()
    expect(getAiAssistantState().open).toBe(true)
    aiAssistantActions.close()
    expect(getAiAssistantState().open).toBe(false)
    aiAssistantActions.open()
    await flushAiAssistantSave()
    expect(savedFor()?.open).toBe(true)
  })

  it('restores the saved flag on load', async () => {
    storage.saved.set(REF, savedState([], { open: true }))
    await loadAiAssistantState(REF)
    expect(getAiAssistantState().open).toBe(true)
  })

  it('an open or close asked before the load wins over the saved flag', async () => {
    storage.saved.set(REF, savedState([], { open: true }))
    aiAssistantActions.close()
    await loadAiAssistantState(REF)
    expect(getAiAssistantState().open).toBe(false)

    resetAiAssistantStore()
    storage.saved.set(REF, savedState([], { open: false }))
    const done = loadAiAssistantState(REF)
    aiAssistantActions.toggle()
    expect(getAiAssistantState().open).toBe(true)
    await done
    expect(getAiAssistantState().open).toBe(true)
  })
})

describe('actions (spec §4)', () => {
  beforeEach(async () => {
    await loadAiAssistantState(REF)
  })

  it('a new chat becomes active; deleting it selects the first remaining chat, or none', () => {
    const first = getAiAssistantState().activeChat!.id
    aiAssistantActions.newChat()
    const second = getAiAssistantState().activeChat!.id
    expect(second).not.toBe(first)
    expect(getAiAssistantState().chats).toHaveLength(2)

    aiAssistantActions.deleteChat(second)
    expect(getAiAssistantState().activeChat?.id).toBe(first)
    aiAssistantActions.deleteChat(first)
    expect(getAiAssistantState().activeChat).toBeNull()
    expect(getAiAssistantState().chats).toEqual([])

    // With no chat left, sending a message starts one rather than dropping it.
    aiAssistantActions.addUserMessage('again')
    expect(getAiAssistantState().activeChat?.messages.map((m) => m.content)).toEqual(['again'])
  })

  it('clearing resets the active chat, suggestions, snippets and input', () => {
    aiAssistantActions.addUserMessage('hello')
    aiAssistantActions.addSqlSnippet('select 1')
    aiAssistantActions.setSuggestions({ title: 'Ideas', prompts: ['Explain'] })
    aiAssistantActions.setInitialInput('draft')
    aiAssistantActions.clearMessages()
    const { activeChat, data } = getAiAssistantState()
    expect(activeChat?.messages).toEqual([])
    expect(data).toMatchObject({ sqlSnippets: [], suggestions: null, initialInput: '' })
  })

  it('deletes messages after a message, including it or not', () => {
    const a = aiAssistantActions.addUserMessage('a')!
    aiAssistantActions.addUserMessage('b')
    aiAssistantActions.addUserMessage('c')
    aiAssistantActions.deleteMessagesAfter(a.id, { including: false })
    expect(getAiAssistantState().activeChat!.messages.map((m) => m.content)).toEqual(['a'])
    aiAssistantActions.deleteMessagesAfter(a.id, { including: true })
    expect(getAiAssistantState().activeChat!.messages).toEqual([])
  })

  it('ignores a blank user message', () => {
    expect(aiAssistantActions.addUserMessage('   ')).toBeNull()
    expect(getAiAssistantState().activeChat!.messages).toEqual([])
  })
})
