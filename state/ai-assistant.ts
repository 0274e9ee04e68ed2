/**
 * The AI assistant store (spec §3, §4, §7, §9): the state of the current project's assistant,
 * its actions, and its persistence. The rules are the pure functions of
 * `ai-assistant.rules.ts`; this file applies them, loads a project's saved state through the
 * storage adapter and writes changes back, debounced. Nothing here talks to a server.
 */
import { ASSISTANT_SAVE_DEBOUNCE_MS } from '@/lib/constants'
import { randomUuid } from '@/lib/random-id'
import * as rules from './ai-assistant.rules'
import type {
  AiAssistantData,
  AssistantMessage,
  AssistantSnippetResult,
  AssistantSuggestions,
  AssistantTable,
  Stamp,
} from './ai-assistant.rules'
import { aiAnswerActions } from './ai-assistant-answers'
import { createBrowserAiAssistantStorage, type AiAssistantStorage } from './ai-assistant.storage'

import { initialState, store } from './ai-assistant.store'
import { getAiAssistantState, useAiAssistantState, type AiAssistantView } from './ai-assistant.view'

export type { AiAssistantStatus } from './ai-assistant.store'
export { getAiAssistantState, useAiAssistantState, type AiAssistantView }

// ---------------------------------------------------------------------------
// Persistence
// ---------------------------------------------------------------------------

/** undefined: not chosen yet (the browser adapter is created on first use); null: none. */
let storage: AiAssistantStorage | null | undefined
let saveTimer: ReturnType<typeof setTimeout> | null = null
let pendingSave: AiAssistantData | null = null
let loading: { projectRef: string; promise: Promise<void> } | null = null
let loadToken = 0

function getStorage(): AiAssistantStorage | null {
  if (storage === undefined) storage = createBrowserAiAssistantStorage()
  return storage
}

/** spec §8: failed assistant persistence is only logged, never thrown or shown. */
function logFailure(what: string, error: unknown) {
  console.error(`AI assistant: failed to ${what}`, error)
}

/** Replaces the storage adapter (tests; `null` turns persistence off). */
export function configureAiAssistantStorage(adapter: AiAssistantStorage | null): void {
  storage = adapter
}

/** Writes a pending change now instead of waiting for the debounce (project switch, page hide). */
export async function flushAiAssistantSave(): Promise<void> {
  if (saveTimer) clearTimeout(saveTimer)
  saveTimer = null
  const data = pendingSave
  pendingSave = null
  const adapter = getStorage()
  if (!data || !adapter) return
  try {
    // spec §9: only the last 20 messages of each chat are kept.
    await adapter.save(data.projectRef, rules.toPersisted(data))
  } catch (error) {
    logFailure('save its state', error)
  }
}

/** spec §9: saves are debounced 500 ms; the latest state is the one written. */
function scheduleSave(data: AiAssistantData) {
  pendingSave = data
  if (saveTimer) clearTimeout(saveTimer)
  saveTimer = setTimeout(() => void flushAiAssistantSave(), ASSISTANT_SAVE_DEBOUNCE_MS)
}

store.subscribe((state, previous) => {
  // A load finishing (previous.data null) is not a change worth writing back.
  if (state.status !== 'ready' || !state.data || !previous.data || state.data === previous.data) return
  if (state.projectRef !== previous.projectRef) return
  scheduleSave(state.data)
})

/**
 * Reads what a project has saved. spec §7: older localStorage state is migrated into IndexedDB
 * then removed (only once the copy is written, so a failed write loses nothing). spec §4:
 * malformed state is discarded.
 */
async function readSavedState(adapter: AiAssistantStorage, projectRef: string): Promise<AiAssistantData | null> {
  let raw: unknown
  try {
    raw = await adapter.load(projectRef)
  } catch (error) {
    logFailure('load its saved state', error)
    return null
  }
  let legacy: unknown
  try {
    legacy = adapter.loadLegacy(projectRef)
  } catch (error) {
    logFailure('read its older saved state', error)
  }

  const removeLegacy = () => {
    try {
      adapter.removeLegacy(projectRef)
    } catch (error) {
      logFailure('remove its older saved state', error)
    }
  }

  if (raw !== undefined && raw !== null) {
    // IndexedDB already holds the state: any localStorage copy is older and only in the way.
    if (legacy !== undefined) removeLegacy()
    const { parseSavedState } = await import('./ai-assistant.schema')
    const saved = parseSavedState(raw, projectRef)
    if (!saved) console.warn('AI assistant: discarded a malformed saved state')
    return saved
  }
  if (legacy === undefined) return null

  const { parseSavedState } = await import('./ai-assistant.schema')
  const migrated = parseSavedState(legacy, projectRef)
  if (!migrated) {
    console.warn('AI assistant: discarded a malformed older saved state')
    removeLegacy()
    return null
  }
  try {
    await adapter.save(projectRef, rules.toPersisted(migrated))
    removeLegacy()
  } catch (error) {
    logFailure('move its older saved state to IndexedDB', error)
  }
  return migrated
}

function stamp(): Stamp {
  return { id: randomUuid(), now: new Date().toISOString() }
}

/**
 * Loads a project's assistant state (spec §4: the most recently updated chat becomes active, or
 * a new chat is created). Calling it again for the loaded project does nothing; calling it for
 * another project first writes any pending change of the current one.
 */
export function loadAiAssistantState(projectRef: string): Promise<void> {
  const current = store.getState()
  if (current.projectRef === projectRef && current.status !== 'idle') {
    return loading?.projectRef === projectRef ? loading.promise : Promise.resolve()
  }
  void flushAiAssistantSave()
  const token = ++loadToken
  store.setState({ projectRef, status: 'loading', data: null })

  const adapter = getStorage()
  const promise = (adapter ? readSavedState(adapter, projectRef) : Promise.resolve(null)).then((saved) => {
    if (token !== loadToken) return // a later load (another project, or a reset) took over
    let data = rules.restoreOnLoad(saved, projectRef, stamp())
    const { pendingOpen } = store.getState()
    if (pendingOpen !== null) data = rules.setOpen(data, pendingOpen)
    store.setState({ status: 'ready', data, pendingOpen: null })
    loading = null
  })
  loading = { projectRef, promise }
  return promise
}

/** Forgets the in-memory state and any pending save (sign out, tests). */
export function resetAiAssistantStore(): void {
  if (saveTimer) clearTimeout(saveTimer)
  saveTimer = null
  pendingSave = null
  loading = null
  loadToken++
  store.setState(initialState, true)
  aiAnswerActions.reset()
}

/** spec §4 sign out: forgets the state of every project, in memory and in the browser. */
export async function clearAiAssistantStorage(): Promise<void> {
  resetAiAssistantStore()
  try {
    await getStorage()?.clear()
  } catch (error) {
    logFailure('clear its saved state', error)
  }
}

// ---------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------

/** Applies a rule to the loaded state; before the load finishes there is nothing to change. */
function apply(rule: (data: AiAssistantData) => AiAssistantData) {
  const { data } = store.getState()
  if (!data) return
  const next = rule(data)
  if (next !== data) store.setState({ data: next })
}

function setPanelOpen(open: (current: boolean) => boolean) {
  const { data, pendingOpen } = store.getState()
  if (data) apply((d) => rules.setOpen(d, open(d.open)))
  else store.setState({ pendingOpen: open(pendingOpen ?? false) })
}

export const aiAssistantActions = {
  open: () => setPanelOpen(() => true),
  close: () => setPanelOpen(() => false),
  toggle: () => setPanelOpen((open) => !open),
  newChat: () => apply((d) => rules.addChat(d, stamp())),
  /** The active chat while it is empty, else a new one: what "New chat" and other screens' questions use. */
  startChat: () => apply((d) => rules.startChat(d, stamp())),
  selectChat: (chatId: string) => apply((d) => rules.selectChat(d, chatId)),
  renameChat: (chatId: string, name: string) => apply((d) => rules.renameChat(d, chatId, name)),
  deleteChat: (chatId: string) => apply((d) => rules.deleteChat(d, chatId)),
  clearMessages: () => apply((d) => rules.clearMessages(d, new Date().toISOString())),
  deleteMessagesAfter: (messageId: string, options: { including: boolean }) =>
    apply((d) => rules.deleteMessagesAfter(d, messageId, options, new Date().toISOString())),
  saveMessages: (messages: AssistantMessage[]) => apply((d) => rules.saveMessages(d, messages, stamp())),
  /** Saves an answer into the chat it was asked in, active or not. */
  saveAnswer: (chatId: string, message: AssistantMessage) =>
    apply((d) => rules.saveMessagesToChat(d, chatId, [message], new Date().toISOString())),
  /** Appends what the user typed to the active chat; returns the message, or null if not saved. */
  addUserMessage: (content: string): AssistantMessage | null => {
    const text = content.trim()
    if (!text || !store.getState().data) return null
    const message: AssistantMessage = {
      id: randomUuid(),
      role: 'user',
      content: text,
      createdAt: new Date().toISOString(),
      results: {},
    }
    apply((d) => rules.saveMessages(d, [message], stamp()))
    return message
  },
  addSqlSnippet: (sql: string) => apply((d) => rules.addSqlSnippet(d, sql)),
  setSuggestions: (suggestions: AssistantSuggestions | null) => apply((d) => rules.setSuggestions(d, suggestions)),
  setTables: (tables: AssistantTable[]) => apply((d) => rules.setTables(d, tables)),
  setInitialInput: (input: string) => apply((d) => rules.setInitialInput(d, input)),
  setMessageResult: (update: { messageId: string; snippetId: string; results: AssistantSnippetResult }) =>
    apply((d) => rules.setMessageResult(d, update)),
}

export type AiAssistantActions = typeof aiAssistantActions

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/** The actions; a stable object, safe in effect dependencies. */
export function useAiAssistantActions(): AiAssistantActions {
  return aiAssistantActions
}

export type {
  AiAssistantData,
  AssistantChat,
  AssistantMessage,
  AssistantRole,
  AssistantSnippetResult,
  AssistantSuggestions,
  AssistantTable,
} from './ai-assistant.rules'
