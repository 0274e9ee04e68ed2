/**
 * The browser adapter. jsdom has no IndexedDB and fake-indexeddb is not installed, so the idb
 * part runs against a fake database with the same get/put/clear calls; what is checked is that
 * records go to the one object store under the project ref. localStorage is jsdom's real one.
 */
import {
  AI_ASSISTANT_DB_STORE,
  createBrowserAiAssistantStorage,
  legacyAiAssistantKey,
  type AiAssistantKeyValueDb,
} from '@/state/ai-assistant.storage'

function fakeDb() {
  const stores = new Map<string, Map<string, unknown>>()
  const table = (name: string) => stores.get(name) ?? stores.set(name, new Map()).get(name)!
  const db: AiAssistantKeyValueDb = {
    get: vi.fn(async (store: string, key: string) => table(store).get(key)),
    put: vi.fn(async (store: string, value: unknown, key: string) => table(store).set(key, value)),
    clear: vi.fn(async (store: string) => table(store).clear()),
  }
  return { db, table }
}

describe('createBrowserAiAssistantStorage', () => {
  it('gives no adapter where IndexedDB does not exist, so nothing is migrated into nothing', () => {
    expect(typeof indexedDB).toBe('undefined')
    expect(createBrowserAiAssistantStorage()).toBeNull()
  })

  it('saves and loads one record per project ref in the object store', async () => {
    const { db, table } = fakeDb()
    const storage = createBrowserAiAssistantStorage({ openDb: async () => db })!
    await storage.save('ref1', { open: true })
    expect(db.put).toHaveBeenCalledWith(AI_ASSISTANT_DB_STORE, { open: true }, 'ref1')
    expect(await storage.load('ref1')).toEqual({ open: true })
    expect(await storage.load('ref2')).toBeUndefined()
    expect(table(AI_ASSISTANT_DB_STORE).size).toBe(1)
  })

  it('opens the database once, and again after a failed open', async () => {
    const { db } = fakeDb()
    const openDb = vi.fn().mockRejectedValueOnce(new Error('blocked')).mockResolvedValue(db)
    const storage = createBrowserAiAssistantStorage({ openDb })!
    await expect(storage.load('ref1')).rejects.toThrow('blocked')
    await storage.load('ref1')
    await storage.save('ref1', {})
    expect(openDb).toHaveBeenCalledTimes(2)
  })

  it('reads and removes the older localStorage state', () => {
    const storage = createBrowserAiAssistantStorage({ openDb: async () => fakeDb().db })!
    expect(storage.loadLegacy('ref1')).toBeUndefined()

    localStorage.setItem(legacyAiAssistantKey('ref1'), JSON.stringify({ open: true }))
    expect(legacyAiAssistantKey('ref1')).toBe('dashboard-ai-assistant-ref1')
    expect(storage.loadLegacy('ref1')).toEqual({ open: true })
    storage.removeLegacy('ref1')
    expect(localStorage.getItem(legacyAiAssistantKey('ref1'))).toBeNull()
  })

  it('hands back text that is not JSON, for validation to reject', () => {
    const storage = createBrowserAiAssistantStorage({ openDb: async () => fakeDb().db })!
    localStorage.setItem(legacyAiAssistantKey('ref1'), '{oops')
    expect(storage.loadLegacy('ref1')).toBe('{oops')
  })

  it('clear forgets every project, in IndexedDB and localStorage, and nothing else', async () => {
    const { db, table } = fakeDb()
    const storage = createBrowserAiAssistantStorage({ openDb: async () => db })!
    await storage.save('ref1', {})
    localStorage.setItem(legacyAiAssistantKey('ref1'), '{}')
    localStorage.setItem(legacyAiAssistantKey('ref2'), '{}')
    localStorage.setItem('theme', 'dark')

    await storage.clear()

    expect(table(AI_ASSISTANT_DB_STORE).size).toBe(0)
    expect(localStorage.length).toBe(1)
    expect(localStorage.getItem('theme')).toBe('dark')
  })
})
