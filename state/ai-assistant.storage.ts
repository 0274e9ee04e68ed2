/**
 * Where the AI assistant state is kept (spec §7: only in the browser, an IndexedDB store keyed by
 * project ref; older localStorage state is migrated). A thin adapter with no rules in it: the
 * store (`state/ai-assistant.ts`) decides what to load, validate, migrate and save, so its rules
 * are tested against the in-memory adapter below.
 */
import { openDB } from 'idb'

export const AI_ASSISTANT_DB_NAME = 'dashboard-ai-assistant'
export const AI_ASSISTANT_DB_VERSION = 1
/** One object store; each record is the state of one project, under its ref (out-of-line key). */
export const AI_ASSISTANT_DB_STORE = 'project-state'
/** Older builds kept the state in localStorage under this prefix plus the project ref. */
export const AI_ASSISTANT_LEGACY_KEY_PREFIX = 'dashboard-ai-assistant-'

export function legacyAiAssistantKey(projectRef: string): string {
  return `${AI_ASSISTANT_LEGACY_KEY_PREFIX}${projectRef}`
}

/** Values come back unvalidated: checking them is the store's job. */
export type AiAssistantStorage = {
  /** The saved state of a project, or undefined when there is none. */
  load(projectRef: string): Promise<unknown>
  save(projectRef: string, state: unknown): Promise<void>
  /** State left in localStorage by an older build, or undefined. */
  loadLegacy(projectRef: string): unknown
  removeLegacy(projectRef: string): void
  /** Forgets every project's state (sign out). */
  clear(): Promise<void>
}

/** The part of an idb database the adapter uses; tests may hand in a fake. */
export type AiAssistantKeyValueDb = {
  get(store: string, key: string): Promise<unknown>
  put(store: string, value: unknown, key: string): Promise<unknown>
  clear(store: string): Promise<void>
}

function openAssistantDb(): Promise<AiAssistantKeyValueDb> {
  return openDB(AI_ASSISTANT_DB_NAME, AI_ASSISTANT_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(AI_ASSISTANT_DB_STORE)) db.createObjectStore(AI_ASSISTANT_DB_STORE)
    },
    // Another tab wants a newer version: let it upgrade instead of blocking it.
    blocking(_current, _next, event) {
      ;(event.target as IDBDatabase).close()
    },
  }) as Promise<AiAssistantKeyValueDb>
}

type BrowserStorageOptions = {
  openDb?: () => Promise<AiAssistantKeyValueDb>
  localStorage?: Storage
}

/**
 * The browser adapter: IndexedDB through idb, legacy state from localStorage. Returns null on the
 * server or where IndexedDB does not exist; the assistant then works for the session only, and
 * any legacy state is left alone rather than "migrated" into nothing.
 */
export function createBrowserAiAssistantStorage(options: BrowserStorageOptions = {}): AiAssistantStorage | null {
  if (typeof window === 'undefined') return null
  const open = options.openDb ?? (typeof indexedDB === 'undefined' ? null : openAssistantDb)
  if (!open) return null
  const local = options.localStorage ?? window.localStorage

  let db: Promise<AiAssistantKeyValueDb> | null = null
  const getDb = () => {
    if (!db) {
      // A failed open is retried on the next call instead of failing forever.
      db = open().catch((error: unknown) => {
        db = null
        throw error
      })
    }
    return db
  }

  return {
    async load(projectRef) {
      return (await getDb()).get(AI_ASSISTANT_DB_STORE, projectRef)
    },
    async save(projectRef, state) {
      await (await getDb()).put(AI_ASSISTANT_DB_STORE, state, projectRef)
    },
    loadLegacy(projectRef) {
      const text = local.getItem(legacyAiAssistantKey(projectRef))
      if (text === null) return undefined
      try {
        return JSON.parse(text) as unknown
      } catch {
        // Not JSON: hand back the text so validation rejects it and the store discards it.
        return text
      }
    },
    removeLegacy(projectRef) {
      local.removeItem(legacyAiAssistantKey(projectRef))
    },
    async clear() {
      for (let i = local.length - 1; i >= 0; i--) {
        const key = local.key(i)
        if (key?.startsWith(AI_ASSISTANT_LEGACY_KEY_PREFIX)) local.removeItem(key)
      }
      await (await getDb()).clear(AI_ASSISTANT_DB_STORE)
    },
  }
}

export type MemoryAiAssistantStorage = AiAssistantStorage & {
  saved: Map<string, unknown>
  legacy: Map<string, unknown>
}

/**
 * An adapter that keeps everything in memory, for tests of the store and the panel. Values
 * are cloned on the way in and out, as IndexedDB would, so callers cannot share objects with it.
 */
export function createMemoryAiAssistantStorage(
  initial: { saved?: Record<string, unknown>; legacy?: Record<string, unknown> } = {}
): MemoryAiAssistantStorage {
  const saved = new Map(Object.entries(initial.saved ?? {}))
  const legacy = new Map(Object.entries(initial.legacy ?? {}))
  return {
    saved,
    legacy,
    async load(projectRef) {
      return structuredClone(saved.get(projectRef))
    },
    async save(projectRef, state) {
      saved.set(projectRef, structuredClone(state))
    },
    loadLegacy(projectRef) {
      return structuredClone(legacy.get(projectRef))
    },
    removeLegacy(projectRef) {
      legacy.delete(projectRef)
    },
    async clear() {
      saved.clear()
      legacy.clear()
    },
  }
}
