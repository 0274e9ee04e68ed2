import { AI_CHAT_MAX_CHARS, AI_CHAT_MAX_MESSAGES, AI_MESSAGE_MAX_CHARS, type AiStreamEvent } from '@/lib/api-types/ai'
import {
  splitUserMessage,
  answerSnippets,
  appendAnswerEvent,
  splitAnswer,
  tablesUsedText,
  toRequestMessages,
  withheldNotice,
} from '@/state/ai-assistant-answer.rules'

const build = (...events: AiStreamEvent[]) => events.reduce(appendAnswerEvent, '')

describe('an answer as events arrive', () => {
  it('appends text as it comes; error and done add nothing', () => {
    const content = build({ type: 'text', delta: 'Hel' }, { type: 'text', delta: 'lo' }, { type: 'error', message: 'x' }, { type: 'done' })
    expect(content).toBe('Hello')
    expect(splitAnswer(content, 'm')).toEqual([{ kind: 'markdown', text: 'Hello' }])
  })

  it('writes tools, tables and withheld opt-ins as notes on lines of their own', () => {
    const content = build(
      { type: 'text', delta: 'Looking' },
      { type: 'tool', name: 'get_schema', summary: 'Read the schema of public.todos', ok: true },
      { type: 'tables', tables: [{ schema: 'public', name: 'todos' }, { schema: 'auth', name: 'users' }] },
      { type: 'withheld', keys: ['AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN'] },
      { type: 'text', delta: 'Done.' }
    )
    expect(splitAnswer(content, 'm')).toEqual([
      { kind: 'markdown', text: 'Looking' },
      { kind: 'note', note: 'tool', text: 'Read the schema of public.todos' },
      { kind: 'note', note: 'tables', text: 'Tables used: public.todos, auth.users' },
      { kind: 'note', note: 'withheld', text: withheldNotice(['AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN']) },
      { kind: 'markdown', text: 'Done.' },
    ])
  })

  it('ignores empty tables and withheld events', () => {
    expect(build({ type: 'tables', tables: [] }, { type: 'withheld', keys: [] })).toBe('')
  })

  it('keeps a snippet event’s id and title, even when its SQL holds backticks', () => {
    const sql = 'select 1 -- ``` not the end\n;'
    const content = build({ type: 'snippet', id: 'snip-1', title: 'One "quoted" title', sql })
    expect(splitAnswer(content, 'm')).toEqual([{ kind: 'sql', id: 'snip-1', title: 'One "quoted" title', sql, closed: true }])
  })
})

describe('splitting an answer', () => {
  it('gives code blocks ids from the message and their position, and leaves other languages to markdown', () => {
    const content = 'A\n```sql\nselect 1\n```\n```js\nconsole.log(1)\n```\n  ```postgresql\n  select 2\n  ```\nB'
    expect(splitAnswer(content, 'msg')).toEqual([
      { kind: 'markdown', text: 'A' },
      { kind: 'sql', id: 'msg-sql-1', title: 'SQL snippet 1', sql: 'select 1', closed: true },
      { kind: 'markdown', text: '```js\nconsole.log(1)\n```' },
      { kind: 'sql', id: 'msg-sql-2', title: 'SQL snippet 2', sql: 'select 2', closed: true },
      { kind: 'markdown', text: 'B' },
    ])
  })

  it('does not take a sql block out of a longer fence around it', () => {
    const content = '````md\n```sql\nselect 1\n```\n````'
    expect(splitAnswer(content, 'm')).toEqual([{ kind: 'markdown', text: content }])
  })

  it('a block still streaming runs to the end and is not closed', () => {
    expect(splitAnswer('Try:\n```sql\nselect * from', 'm')).toEqual([
      { kind: 'markdown', text: 'Try:' },
      { kind: 'sql', id: 'm-sql-1', title: 'SQL snippet 1', sql: 'select * from', closed: false },
    ])
  })

  it('lists the SQL of an answer’s blocks, blank ones left out', () => {
    expect(answerSnippets('```sql\nselect 1\n```\n```sql\n\n```', 'm')).toEqual(['select 1'])
  })
})

describe('notices', () => {
  it('names what each opt-in kept from the model', () => {
    expect(withheldNotice(['AI_SQL_GENERATOR_OPT_IN'])).toMatch(/^Your organization has not opted in to sending the database schema to the model/)
    expect(withheldNotice(['AI_SQL_GENERATOR_OPT_IN', 'AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN'])).toContain(
      'sending the database schema, row data and query results or log lines to the model'
    )
    expect(tablesUsedText([{ schema: 'public', name: 'todos' }])).toBe('Tables used: public.todos')
  })
})

describe('what a request carries', () => {
  it('sends answers without their notes and with plain sql blocks; empty messages are left out', () => {
    const answer = build(
      { type: 'tool', name: 'run_sql', summary: 'Ran a read-only query: 1 row', ok: true },
      { type: 'text', delta: 'Here:' },
      { type: 'snippet', id: 's', title: 'T', sql: 'select 1' }
    )
    expect(
      toRequestMessages([
        { role: 'user', content: ' Hi ' },
        { role: 'assistant', content: answer },
        { role: 'user', content: '   ' },
      ])
    ).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Here:\n\n```sql\nselect 1\n```' },
    ])
  })

  it('keeps the most recent messages within the count and character limits', () => {
    const many = Array.from({ length: AI_CHAT_MAX_MESSAGES + 5 }, (_, i) => ({ role: 'user' as const, content: `m${i}` }))
    const recent = toRequestMessages(many)
    expect(recent).toHaveLength(AI_CHAT_MAX_MESSAGES)
    expect(recent.at(-1)?.content).toBe(`m${AI_CHAT_MAX_MESSAGES + 4}`)

    const long = 'x'.repeat(AI_MESSAGE_MAX_CHARS + 10)
    const big = toRequestMessages([long, long, long, long, 'last'].map((content) => ({ role: 'user' as const, content })))
    expect(big.every((m) => m.content.length <= AI_MESSAGE_MAX_CHARS)).toBe(true)
    expect(big.reduce((sum, m) => sum + m.content.length, 0)).toBeLessThanOrEqual(AI_CHAT_MAX_CHARS)
    expect(big.at(-1)?.content).toBe('last')
    expect(big).toHaveLength(Math.floor((AI_CHAT_MAX_CHARS - 4) / AI_MESSAGE_MAX_CHARS) + 1)
  })
})

describe('splitUserMessage (issue 26: the user\'s code fences show as code)', () => {
  it('splits text and fenced blocks, with or without a language, an unclosed block running to the end', () => {
    expect(splitUserMessage('Why does this fail?\n```sql\nselect *\n  from todos\n```\nThanks')).toEqual([
      { kind: 'text', text: 'Why does this fail?' },
      { kind: 'code', lang: 'sql', code: 'select *\n  from todos' },
      { kind: 'text', text: 'Thanks' },
    ])
    expect(splitUserMessage('~~~\nplain\n~~~')).toEqual([{ kind: 'code', lang: '', code: 'plain' }])
    expect(splitUserMessage('look:\n```ts\nconst a = 1')).toEqual([
      { kind: 'text', text: 'look:' },
      { kind: 'code', lang: 'ts', code: 'const a = 1' },
    ])
    expect(splitUserMessage('just text\n\nwith lines')).toEqual([{ kind: 'text', text: 'just text\n\nwith lines' }])
  })
})
