import {
  addChat,
  addSqlSnippet,
  chatTitle,
  startChat,
  clearMessages,
  createEmptyState,
  deleteChat,
  deleteMessagesAfter,
  getActiveChat,
  listChats,
  renameChat,
  restoreOnLoad,
  saveMessages,
  saveMessagesToChat,
  selectChat,
  setInitialInput,
  setMessageResult,
  setSuggestions,
  setTables,
  toPersisted,
  type AiAssistantData,
  type AssistantChat,
  type AssistantMessage,
} from '@/state/ai-assistant.rules'
import { parseSavedState } from '@/state/ai-assistant.schema'

const REF = 'abcdefghijklmnop'

function message(id: string, role: AssistantMessage['role'] = 'user'): AssistantMessage {
  return { id, role, content: `content of ${id}`, createdAt: '2025-01-01T00:00:00.000Z', results: {} }
}

function chat(id: string, updatedAt: string, messages: AssistantMessage[] = []): AssistantChat {
  return { id, name: `Chat ${id}`, messages, createdAt: '2025-01-01T00:00:00.000Z', updatedAt }
}

function stateWith(chats: AssistantChat[], activeChatId: string | null = chats[0]?.id ?? null): AiAssistantData {
  return {
    ...createEmptyState(REF),
    activeChatId,
    chats: Object.fromEntries(chats.map((c) => [c.id, c])),
  }
}

const stamp = (id: string, now = '2025-06-01T12:00:00.000Z') => ({ id, now })

describe('new chat (spec §3, §4)', () => {
  it("is named 'New chat', empty, and becomes active", () => {
    const before = stateWith([chat('a', '2025-02-01T00:00:00.000Z')], 'a')
    const after = addChat(before, stamp('b'))
    expect(after.activeChatId).toBe('b')
    expect(after.chats.b).toEqual({
      id: 'b',
      name: 'New chat',
      messages: [],
      createdAt: '2025-06-01T12:00:00.000Z',
      updatedAt: '2025-06-01T12:00:00.000Z',
    })
    expect(after.chats.a).toBe(before.chats.a)
    expect(before.activeChatId).toBe('a') // rules never mutate their input
  })
})

describe('select and rename', () => {
  it('selects a known chat and ignores an unknown id', () => {
    const state = stateWith([chat('a', '2025-02-01T00:00:00.000Z'), chat('b', '2025-03-01T00:00:00.000Z')], 'a')
    expect(selectChat(state, 'b').activeChatId).toBe('b')
    expect(selectChat(state, 'nope')).toBe(state)
  })

  it('renames with a trimmed name, ignores a blank one, and keeps updatedAt', () => {
    const state = stateWith([chat('a', '2025-02-01T00:00:00.000Z')])
    const renamed = renameChat(state, 'a', '  Slow queries  ')
    expect(renamed.chats.a.name).toBe('Slow queries')
    expect(renamed.chats.a.updatedAt).toBe('2025-02-01T00:00:00.000Z')
    expect(renameChat(state, 'a', '   ')).toBe(state)
    expect(renameChat(state, 'nope', 'x')).toBe(state)
  })
})

describe('delete chat (spec §4)', () => {
  const chats = [
    chat('old', '2025-01-05T00:00:00.000Z'),
    chat('newest', '2025-03-01T00:00:00.000Z'),
    chat('middle', '2025-02-01T00:00:00.000Z'),
  ]

  it('deleting the active chat selects the first remaining chat (most recently updated)', () => {
    const after = deleteChat(stateWith(chats, 'newest'), 'newest')
    expect(Object.keys(after.chats)).toEqual(['old', 'middle'])
    expect(after.activeChatId).toBe('middle')
  })

  it('deleting the last chat leaves none active', () => {
    const after = deleteChat(stateWith([chat('only', '2025-01-01T00:00:00.000Z')]), 'only')
    expect(after.chats).toEqual({})
    expect(after.activeChatId).toBeNull()
  })

  it('deleting another chat keeps the active one', () => {
    const after = deleteChat(stateWith(chats, 'old'), 'middle')
    expect(after.activeChatId).toBe('old')
    expect(Object.keys(after.chats)).toEqual(['old', 'newest'])
  })

  it('lists chats most recently updated first', () => {
    expect(listChats(stateWith(chats)).map((c) => c.id)).toEqual(['newest', 'middle', 'old'])
  })
})

describe('on load (spec §4)', () => {
  it('makes the most recently updated chat active, whatever was active before', () => {
    const saved = stateWith(
      [chat('a', '2025-01-01T00:00:00.000Z'), chat('b', '2025-04-01T00:00:00.000Z'), chat('c', '2025-02-01T00:00:00.000Z')],
      'a'
    )
    const loaded = restoreOnLoad(saved, REF, stamp('fresh'))
    expect(loaded.activeChatId).toBe('b')
    expect(Object.keys(loaded.chats)).toEqual(['a', 'b', 'c'])
  })

  it('creates a new active chat when none exist', () => {
    const loaded = restoreOnLoad(null, REF, stamp('fresh'))
    expect(loaded.projectRef).toBe(REF)
    expect(loaded.activeChatId).toBe('fresh')
    expect(loaded.chats.fresh.name).toBe('New chat')

    const emptySaved = { ...createEmptyState(REF), initialInput: 'kept' }
    const fromEmpty = restoreOnLoad(emptySaved, REF, stamp('fresh2'))
    expect(fromEmpty.activeChatId).toBe('fresh2')
    expect(fromEmpty.initialInput).toBe('kept')
  })
})

describe('clear messages (spec §4)', () => {
  it('empties the active chat and resets suggestions, snippets and input', () => {
    const state: AiAssistantData = {
      ...stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1'), message('2', 'assistant')]), chat('b', '2025-01-01T00:00:00.000Z', [message('3')])], 'a'),
      suggestions: { title: 'Try', prompts: ['Explain my schema'] },
      sqlSnippets: ['select 1'],
      initialInput: 'draft',
      tables: [{ schema: 'public', name: 'todos' }],
    }
    const after = clearMessages(state, '2025-06-01T00:00:00.000Z')
    expect(after.chats.a.messages).toEqual([])
    expect(after.chats.a.updatedAt).toBe('2025-06-01T00:00:00.000Z')
    expect(after.chats.b.messages).toHaveLength(1)
    expect(after.suggestions).toBeNull()
    expect(after.sqlSnippets).toEqual([])
    expect(after.initialInput).toBe('')
    expect(after.tables).toEqual([{ schema: 'public', name: 'todos' }])
  })
})

describe('delete messages after a message (spec §4)', () => {
  const state = stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1'), message('2', 'assistant'), message('3'), message('4', 'assistant')])])
  const ids = (data: AiAssistantData) => getActiveChat(data)!.messages.map((m) => m.id)
  const now = '2025-06-01T00:00:00.000Z'

  it('excluding the message keeps it', () => {
    expect(ids(deleteMessagesAfter(state, '2', { including: false }, now))).toEqual(['1', '2'])
  })

  it('including the message removes it too', () => {
    const after = deleteMessagesAfter(state, '2', { including: true }, now)
    expect(ids(after)).toEqual(['1'])
    expect(after.chats.a.updatedAt).toBe(now)
  })

  it('changes nothing for an unknown id or when nothing follows', () => {
    expect(deleteMessagesAfter(state, 'nope', { including: true }, now)).toBe(state)
    expect(deleteMessagesAfter(state, '4', { including: false }, now)).toBe(state)
  })
})

describe('save messages (spec §4)', () => {
  it('appends new messages and skips ids already present', () => {
    const state = stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1')])])
    const after = saveMessages(state, [{ ...message('1'), content: 'changed' }, message('2', 'assistant'), message('2', 'assistant')], stamp('unused'))
    expect(after.chats.a.messages.map((m) => [m.id, m.content])).toEqual([
      ['1', 'content of 1'],
      ['2', 'content of 2'],
    ])
    expect(after.chats.a.updatedAt).toBe('2025-06-01T12:00:00.000Z')
  })

  it('returns the same state when every id is present', () => {
    const state = stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1')])])
    expect(saveMessages(state, [message('1')], stamp('unused'))).toBe(state)
  })

  it('creates an active chat when there is none', () => {
    const after = saveMessages(stateWith([], null), [message('1')], stamp('created'))
    expect(after.activeChatId).toBe('created')
    expect(after.chats.created.messages.map((m) => m.id)).toEqual(['1'])
  })

  it('saves an answer into the chat it was asked in, even when another chat is active', () => {
    const state = stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1')]), chat('b', '2025-01-02T00:00:00.000Z')], 'b')
    const after = saveMessagesToChat(state, 'a', [message('2', 'assistant'), message('1')], '2025-06-01T12:00:00.000Z')
    expect(after.chats.a.messages.map((m) => m.id)).toEqual(['1', '2'])
    expect(after.chats.a.updatedAt).toBe('2025-06-01T12:00:00.000Z')
    expect(after.activeChatId).toBe('b')
    expect(after.chats.b).toBe(state.chats.b)
  })

  it('saves nothing into a chat that was deleted', () => {
    const state = stateWith([chat('a', '2025-01-01T00:00:00.000Z')])
    expect(saveMessagesToChat(state, 'gone', [message('2', 'assistant')], '2025-06-01T12:00:00.000Z')).toBe(state)
  })
})

describe('snippets, suggestions, tables, input, results', () => {
  const base = stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1', 'assistant')])])

  it('adds trimmed snippets once', () => {
    const once = addSqlSnippet(base, ' select 1 ')
    expect(once.sqlSnippets).toEqual(['select 1'])
    expect(addSqlSnippet(once, 'select 1')).toBe(once)
    expect(addSqlSnippet(once, '  ')).toBe(once)
  })

  it('sets suggestions, tables and the initial input', () => {
    expect(setSuggestions(base, { title: 'Ideas', prompts: ['a'] }).suggestions).toEqual({ title: 'Ideas', prompts: ['a'] })
    expect(setTables(base, [{ schema: 'public', name: 't' }]).tables).toEqual([{ schema: 'public', name: 't' }])
    expect(setInitialInput(base, 'Explain this').initialInput).toBe('Explain this')
  })

  it("stores a snippet's rows on its message", () => {
    const after = setMessageResult(base, { messageId: '1', snippetId: 's1', results: [{ count: 3 }] })
    expect(after.chats.a.messages[0].results).toEqual({ s1: [{ count: 3 }] })
    expect(setMessageResult(base, { messageId: 'nope', snippetId: 's1', results: [] })).toBe(base)
  })
})

describe('what is saved (spec §9)', () => {
  it('keeps only the last 20 messages of each chat', () => {
    const many = Array.from({ length: 25 }, (_, i) => message(`m${i + 1}`))
    const state = stateWith([chat('a', '2025-01-01T00:00:00.000Z', many), chat('b', '2025-01-01T00:00:00.000Z', many.slice(0, 3))])
    const persisted = toPersisted(state)
    expect(persisted.chats.a.messages).toHaveLength(20)
    expect(persisted.chats.a.messages[0].id).toBe('m6')
    expect(persisted.chats.a.messages[19].id).toBe('m25')
    expect(persisted.chats.b.messages).toHaveLength(3)
    expect(state.chats.a.messages).toHaveLength(25) // the live state keeps everything
  })
})

describe('parseSavedState: malformed state is discarded (spec §4)', () => {
  const valid = stateWith([chat('a', '2025-01-01T00:00:00.000Z', [message('1')])])

  it('accepts a well-formed state', () => {
    expect(parseSavedState(JSON.parse(JSON.stringify(valid)), REF)).toEqual(valid)
  })

  it.each([
    ['not an object', 'garbage'],
    ['a missing field', { ...valid, chats: undefined }],
    ['a bad role', stateWith([chat('a', '2025-01-01T00:00:00.000Z', [{ ...message('1'), role: 'system' as 'user' }])])],
    ['a bad date', stateWith([chat('a', 'yesterday')])],
    ['a chat under the wrong key', { ...valid, chats: { other: valid.chats.a } }],
    ['another project', { ...valid, projectRef: 'someoneelse' }],
  ])('rejects %s', (_label, raw) => {
    expect(parseSavedState(raw, REF)).toBeNull()
  })

  it('treats nothing saved as null', () => {
    expect(parseSavedState(undefined, REF)).toBeNull()
    expect(parseSavedState(null, REF)).toBeNull()
  })
})

describe('issue 26: chats named by their first question, no empty chats piling up', () => {
  const stampOf = (id: string) => ({ id, now: '2025-01-02T00:00:00.000Z' })
  const ask = (content: string): AssistantMessage => ({ id: content, role: 'user', content, createdAt: '2025-01-02T00:00:00.000Z', results: {} })

  it('names a chat by its first question, once, and keeps a name the user gave', () => {
    let data = restoreOnLoad(null, REF, stampOf('c1'))
    data = saveMessages(data, [ask('Why is my   query slow?\nIt scans todos.')], stampOf('x'))
    expect(getActiveChat(data)?.name).toBe('Why is my query slow?')
    data = saveMessages(data, [ask('And the index?')], stampOf('y'))
    expect(getActiveChat(data)?.name).toBe('Why is my query slow?')
    const renamed = renameChat(addChat(data, stampOf('c2')), 'c2', 'Mine')
    expect(getActiveChat(saveMessages(renamed, [ask('Something else')], stampOf('z')))?.name).toBe('Mine')
  })

  it('makes the title of the text, not of its code, cut at a word to 48 characters', () => {
    expect(chatTitle('```sql\nselect 1\n```\nWhat does this return?')).toBe('What does this return?')
    expect(chatTitle('```sql\nselect 1\nfrom todos\n```')).toBe('select 1')
    expect(chatTitle('   ')).toBe('New chat')
    const long = chatTitle('How do I write a row level security policy that lets members read their team rows')
    expect(long.length).toBeLessThanOrEqual(48)
    expect(long).toBe('How do I write a row level security policy…')
  })

  it('starts a conversation in the active chat while it is empty, else in a new chat', () => {
    const data = restoreOnLoad(null, REF, stampOf('c1'))
    expect(startChat(data, stampOf('c2'))).toBe(data)
    const used = saveMessages(data, [ask('hello')], stampOf('x'))
    const next = startChat(used, stampOf('c2'))
    expect(next.activeChatId).toBe('c2')
    expect(Object.keys(next.chats)).toEqual(['c1', 'c2'])
  })
})
