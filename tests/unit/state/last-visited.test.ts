import {
  NEW_SNIPPET_ID,
  TABLE_HISTORY_LIMIT,
  createLastVisitedStore,
  lastVisitedStore,
  parseSnippets,
  parseTables,
  resolveLandingOrganization,
  selectLastVisitedTable,
  selectTableHistory,
} from '@/state/last-visited'
import {
  LANDING_DONE_SESSION_KEY,
  LAST_VISITED_STORAGE_KEYS,
  createBrowserLastVisitedStorage,
  createMemoryLastVisitedStorage,
} from '@/state/last-visited.storage'

describe('last visited organization', () => {
  it('starts empty and remembers the slug in storage', () => {
    const storage = createMemoryLastVisitedStorage()
    const store = createLastVisitedStore(storage)
    expect(store.getState().organization).toBeNull()
    store.getState().setLastVisitedOrganization('acme')
    expect(store.getState().organization).toBe('acme')
    expect(storage.entries.get('organization')).toBe('acme')
  })

  it('loads what an earlier visit stored and can forget it', () => {
    const storage = createMemoryLastVisitedStorage({ organization: 'globex' })
    const store = createLastVisitedStore(storage)
    expect(store.getState().organization).toBe('globex')
    store.getState().clearLastVisitedOrganization()
    expect(store.getState().organization).toBeNull()
    expect(storage.entries.has('organization')).toBe(false)
  })

  it('ignores blank slugs', () => {
    const storage = createMemoryLastVisitedStorage({ organization: 'acme' })
    const store = createLastVisitedStore(storage)
    store.getState().setLastVisitedOrganization('  ')
    expect(store.getState().organization).toBe('acme')
  })

  it('lands on the last visited organization only while the user still belongs to it', () => {
    const orgs = [{ slug: 'acme' }, { slug: 'globex' }]
    expect(resolveLandingOrganization('globex', orgs)).toBe('globex')
    expect(resolveLandingOrganization('gone', orgs)).toBeNull()
    expect(resolveLandingOrganization(null, orgs)).toBeNull()
    expect(resolveLandingOrganization('acme', undefined)).toBeNull()
  })
})

describe('last visited SQL snippet (spec §4: a non-new SQL page records its id)', () => {
  it('records the snippet per project', () => {
    const storage = createMemoryLastVisitedStorage()
    const store = createLastVisitedStore(storage)
    store.getState().setLastVisitedSnippet('ref-a', 'snip-1')
    store.getState().setLastVisitedSnippet('ref-b', 'snip-2')
    store.getState().setLastVisitedSnippet('ref-a', 'snip-3')
    expect(store.getState().snippets).toEqual({ 'ref-a': 'snip-3', 'ref-b': 'snip-2' })
    expect(JSON.parse(storage.entries.get('snippets') ?? '')).toEqual({ 'ref-a': 'snip-3', 'ref-b': 'snip-2' })
  })

  it('does not record the new-snippet page', () => {
    const store = createLastVisitedStore(createMemoryLastVisitedStorage())
    store.getState().setLastVisitedSnippet('ref-a', 'snip-1')
    store.getState().setLastVisitedSnippet('ref-a', NEW_SNIPPET_ID)
    expect(store.getState().snippets['ref-a']).toBe('snip-1')
  })

  it('forgets a deleted snippet only when it is the remembered one', () => {
    const store = createLastVisitedStore(createMemoryLastVisitedStorage())
    store.getState().setLastVisitedSnippet('ref-a', 'snip-1')
    store.getState().clearLastVisitedSnippet('ref-a', 'other')
    expect(store.getState().snippets['ref-a']).toBe('snip-1')
    store.getState().clearLastVisitedSnippet('ref-a', 'snip-1')
    expect(store.getState().snippets['ref-a']).toBeUndefined()
  })
})

describe('table history (spec §3: history per project)', () => {
  it('keeps the most recent table first without duplicates', () => {
    const store = createLastVisitedStore(createMemoryLastVisitedStorage())
    const { recordTableVisit } = store.getState()
    recordTableVisit('ref-a', 1)
    recordTableVisit('ref-a', '2')
    recordTableVisit('ref-a', 1)
    recordTableVisit('ref-b', 9)
    expect(selectTableHistory(store.getState(), 'ref-a')).toEqual(['1', '2'])
    expect(selectLastVisitedTable(store.getState(), 'ref-a')).toBe('1')
    expect(selectLastVisitedTable(store.getState(), 'ref-b')).toBe('9')
    expect(selectLastVisitedTable(store.getState(), 'ref-c')).toBeNull()
    expect(selectTableHistory(store.getState(), 'ref-c')).toEqual([])
  })

  it(`remembers at most ${TABLE_HISTORY_LIMIT} tables per project`, () => {
    const store = createLastVisitedStore(createMemoryLastVisitedStorage())
    for (let id = 1; id <= TABLE_HISTORY_LIMIT + 3; id++) store.getState().recordTableVisit('ref-a', id)
    const history = selectTableHistory(store.getState(), 'ref-a')
    expect(history).toHaveLength(TABLE_HISTORY_LIMIT)
    expect(history[0]).toBe(String(TABLE_HISTORY_LIMIT + 3))
  })

  it('removes a table from the history and drops empty histories', () => {
    const storage = createMemoryLastVisitedStorage()
    const store = createLastVisitedStore(storage)
    store.getState().recordTableVisit('ref-a', 1)
    store.getState().recordTableVisit('ref-a', 2)
    store.getState().removeTableFromHistory('ref-a', 2)
    expect(selectTableHistory(store.getState(), 'ref-a')).toEqual(['1'])
    store.getState().removeTableFromHistory('ref-a', 1)
    expect(store.getState().tables).toEqual({})
    expect(JSON.parse(storage.entries.get('tables') ?? '')).toEqual({})
  })
})

describe('stored values are checked', () => {
  it('discards malformed JSON and wrong shapes', () => {
    expect(parseSnippets('{not json')).toEqual({})
    expect(parseSnippets('[1,2]')).toEqual({})
    expect(parseSnippets(JSON.stringify({ a: 'x', b: 3, c: '', d: null, e: 'new' }))).toEqual({ a: 'x', b: '3' })
    expect(parseTables('"text"')).toEqual({})
    expect(parseTables(JSON.stringify({ a: ['1', 1, '2', null, ''], b: 'no', c: [] }))).toEqual({ a: ['1', '2'] })
  })

  it('loads a store from malformed storage without failing', () => {
    const store = createLastVisitedStore(createMemoryLastVisitedStorage({ snippets: '{', tables: 'null' }))
    expect(store.getState().snippets).toEqual({})
    expect(store.getState().tables).toEqual({})
  })

  it('reload picks up what another tab wrote', () => {
    const storage = createMemoryLastVisitedStorage()
    const store = createLastVisitedStore(storage)
    storage.write('organization', 'acme')
    expect(store.getState().organization).toBeNull()
    store.getState().reload()
    expect(store.getState().organization).toBe('acme')
  })
})

describe('browser adapter', () => {
  it('reads and writes localStorage under its keys', () => {
    const storage = createBrowserLastVisitedStorage()
    storage.write('organization', 'acme')
    expect(window.localStorage.getItem(LAST_VISITED_STORAGE_KEYS.organization)).toBe('acme')
    expect(storage.read('organization')).toBe('acme')
    storage.remove('organization')
    expect(window.localStorage.getItem(LAST_VISITED_STORAGE_KEYS.organization)).toBeNull()
  })

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
      removeItem: () => {
        throw new Error('blocked')
      },
    } as unknown as Storage
    const storage = createBrowserLastVisitedStorage(() => blocked, () => blocked)
    expect(storage.read('organization')).toBeNull()
    expect(() => storage.write('organization', 'x')).not.toThrow()
    expect(() => storage.remove('organization')).not.toThrow()
    expect(storage.readLandingDone()).toBe(false)
    expect(() => storage.writeLandingDone()).not.toThrow()
    expect(createBrowserLastVisitedStorage(() => undefined).read('tables')).toBeNull()
  })

  it('the browser store persists through localStorage', () => {
    lastVisitedStore.getState().setLastVisitedOrganization('initech')
    expect(window.localStorage.getItem(LAST_VISITED_STORAGE_KEYS.organization)).toBe('initech')
    lastVisitedStore.getState().clearLastVisitedOrganization()
  })
})

describe('landing once per tab session', () => {
  it('starts undecided and remembers the decision in session storage', () => {
    const storage = createMemoryLastVisitedStorage()
    const store = createLastVisitedStore(storage)
    expect(store.getState().landingDone).toBe(false)
    store.getState().markLandingDone()
    expect(store.getState().landingDone).toBe(true)
    expect(storage.session.landingDone).toBe(true)
    expect(createLastVisitedStore(storage).getState().landingDone).toBe(true)
  })

  it('the browser adapter keeps the flag in sessionStorage', () => {
    const storage = createBrowserLastVisitedStorage()
    expect(storage.readLandingDone()).toBe(false)
    storage.writeLandingDone()
    expect(window.sessionStorage.getItem(LANDING_DONE_SESSION_KEY)).toBe('true')
    expect(storage.readLandingDone()).toBe(true)
  })
})
