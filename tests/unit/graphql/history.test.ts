import { addToHistory, historyLabel, parseHistory, type HistoryEntry } from '@/lib/graphql/history'
import { GRAPHQL_HISTORY_LIMIT } from '@/lib/graphql/limits'
import { isMutation, parseVariables } from '@/lib/graphql/variables'

const entry = (query: string, variables = ''): HistoryEntry => ({ query, variables, ranAt: '2024-01-01T00:00:00Z' })

describe('explorer history', () => {
  it('puts the newest first, moves a repeated run up and keeps the last 20', () => {
    let history: HistoryEntry[] = []
    for (let i = 0; i < 25; i++) history = addToHistory(history, entry(`{ q${i} }`))
    expect(history).toHaveLength(GRAPHQL_HISTORY_LIMIT)
    expect(history[0].query).toBe('{ q24 }')
    history = addToHistory(history, entry('{ q10 }'))
    expect(history[0].query).toBe('{ q10 }')
    expect(history.filter((h) => h.query === '{ q10 }')).toHaveLength(1)
    // Same query with other variables is another run.
    expect(addToHistory([entry('{ a }', '{"x":1}')], entry('{ a }', '{"x":2}'))).toHaveLength(2)
  })

  it('reads back only well-formed stored lists', () => {
    expect(parseHistory(null)).toEqual([])
    expect(parseHistory('not json')).toEqual([])
    expect(parseHistory('{"a":1}')).toEqual([])
    expect(parseHistory(JSON.stringify([entry('{ a }'), { query: 1 }]))).toEqual([entry('{ a }')])
  })

  it('labels entries by operation name or first field', () => {
    expect(historyLabel('query Posts { postsCollection { totalCount } }')).toBe('query Posts')
    expect(historyLabel('mutation { insertIntoPostsCollection(objects: []) { affectedCount } }')).toBe('mutation insertIntoPostsCollection')
    expect(historyLabel('{ heartbeat }')).toBe('query heartbeat')
  })
})

describe('variables', () => {
  it('accepts nothing or a JSON object and says what is wrong otherwise', () => {
    expect(parseVariables('  ')).toEqual({ ok: true, value: null })
    expect(parseVariables('{"id": 1}')).toEqual({ ok: true, value: { id: 1 } })
    expect(parseVariables('{id: 1}')).toMatchObject({ ok: false, message: expect.stringMatching(/not valid JSON/) })
    expect(parseVariables('[1]')).toMatchObject({ ok: false, message: expect.stringMatching(/must be a JSON object/) })
  })

  it('tells mutations from queries', () => {
    expect(isMutation('# comment\nmutation { a }')).toBe(true)
    expect(isMutation('query { a }')).toBe(false)
    expect(isMutation('{ mutation }')).toBe(false)
  })
})
