/**
 * Rules of the AI assistant state (spec §3, §4, §9) as pure functions: each takes the current
 * state and returns the next one (the same object when nothing changes, so the store can skip a
 * save). Ids and timestamps come in as arguments, which keeps every rule deterministic and
 * testable without a browser. The store (`state/ai-assistant.ts`) applies them.
 */
import { ASSISTANT_DEFAULT_CHAT_NAME, ASSISTANT_MAX_MESSAGES_PER_CHAT } from '@/lib/constants'
import { splitUserMessage } from './ai-assistant-answer.rules'

/** Rows returned by running one SQL snippet of a message. */
export type AssistantSnippetResult = unknown[]

// The types are those of the schemas that validate the saved state (ai-assistant.schema.ts,
// loaded lazily; a type-only import keeps the validator out of the page bundle).
import type { AiAssistantData, AssistantChat, AssistantMessage } from './ai-assistant.schema'
export type { AiAssistantData, AssistantChat, AssistantMessage }
export type AssistantRole = AssistantMessage['role']
export type AssistantSuggestions = NonNullable<AiAssistantData['suggestions']>
export type AssistantTable = AiAssistantData['tables'][number]

/** A fresh id and the current time, for rules that create something. */
export type Stamp = { id: string; now: string }

/** The state of a project that has never used the assistant (no chat yet). */
export function createEmptyState(projectRef: string): AiAssistantData {
  return {
    projectRef,
    open: false,
    activeChatId: null,
    initialInput: '',
    sqlSnippets: [],
    suggestions: null,
    tables: [],
    chats: {},
  }
}

/** A chat with no messages and the default name 'New chat'. */
export function createChat({ id, now }: Stamp, name: string = ASSISTANT_DEFAULT_CHAT_NAME): AssistantChat {
  return { id, name, messages: [], createdAt: now, updatedAt: now }
}

function time(iso: string): number {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? 0 : ms
}

/**
 * Chats in display order: most recently updated first (newest created first on a tie). "The
 * first remaining chat" of spec §4 is the first of this list, so deleting the active chat lands
 * on the one the user touched last, consistently with the rule on load.
 */
export function listChats(data: AiAssistantData): AssistantChat[] {
  return Object.values(data.chats).sort(
    (a, b) => time(b.updatedAt) - time(a.updatedAt) || time(b.createdAt) - time(a.createdAt)
  )
}

export function getActiveChat(data: AiAssistantData): AssistantChat | null {
  return data.activeChatId ? (data.chats[data.activeChatId] ?? null) : null
}

export function setOpen(data: AiAssistantData, open: boolean): AiAssistantData {
  return data.open === open ? data : { ...data, open }
}

/** spec §4: a new chat becomes active. */
export function addChat(data: AiAssistantData, stamp: Stamp): AiAssistantData {
  const chat = createChat(stamp)
  return { ...data, activeChatId: chat.id, chats: { ...data.chats, [chat.id]: chat } }
}

/**
 * A chat to start a conversation in: the active chat while it has no messages, else a new one
 * (issue 26: "New chat" and questions from other screens left empty chats behind).
 */
export function startChat(data: AiAssistantData, stamp: Stamp): AiAssistantData {
  const active = getActiveChat(data)
  return active && active.messages.length === 0 ? data : addChat(data, stamp)
}

export function selectChat(data: AiAssistantData, chatId: string): AiAssistantData {
  if (!data.chats[chatId] || data.activeChatId === chatId) return data
  return { ...data, activeChatId: chatId }
}

/**
 * Renames a chat. A blank name is ignored. Renaming does not touch `updatedAt`: the order of the
 * list follows the conversation, not its label.
 */
export function renameChat(data: AiAssistantData, chatId: string, name: string): AiAssistantData {
  const chat = data.chats[chatId]
  const trimmed = name.trim()
  if (!chat || !trimmed || chat.name === trimmed) return data
  return { ...data, chats: { ...data.chats, [chatId]: { ...chat, name: trimmed } } }
}

/** spec §4: deleting the active chat selects the first remaining chat, or none. */
export function deleteChat(data: AiAssistantData, chatId: string): AiAssistantData {
  if (!data.chats[chatId]) return data
  const chats = { ...data.chats }
  delete chats[chatId]
  const next = { ...data, chats }
  if (data.activeChatId === chatId) next.activeChatId = listChats(next)[0]?.id ?? null
  return next
}

/**
 * spec §4: on load the most recently updated chat becomes active, or a new chat is created if
 * none exist. `saved` is the validated saved state, or null when there is none (or it was
 * malformed and discarded).
 */
export function restoreOnLoad(saved: AiAssistantData | null, projectRef: string, stamp: Stamp): AiAssistantData {
  const data: AiAssistantData = saved ? { ...saved, projectRef } : createEmptyState(projectRef)
  const latest = listChats(data)[0]
  return latest ? { ...data, activeChatId: latest.id } : addChat(data, stamp)
}

function replaceActiveMessages(
  data: AiAssistantData,
  messages: AssistantMessage[],
  now: string
): AiAssistantData {
  const chat = getActiveChat(data)
  if (!chat) return data
  return { ...data, chats: { ...data.chats, [chat.id]: { ...chat, messages, updatedAt: now } } }
}

/** spec §4: clearing empties the active chat and resets suggestions, snippets and input. */
export function clearMessages(data: AiAssistantData, now: string): AiAssistantData {
  const chat = getActiveChat(data)
  const cleared = chat && chat.messages.length > 0 ? replaceActiveMessages(data, [], now) : data
  return { ...cleared, suggestions: null, sqlSnippets: [], initialInput: '' }
}

/**
 * spec §4: drops the messages of the active chat that follow `messageId`, and that message too
 * when `including` is true. An unknown id changes nothing.
 */
export function deleteMessagesAfter(
  data: AiAssistantData,
  messageId: string,
  { including }: { including: boolean },
  now: string
): AiAssistantData {
  const chat = getActiveChat(data)
  const index = chat ? chat.messages.findIndex((message) => message.id === messageId) : -1
  if (!chat || index === -1) return data
  const keep = chat.messages.slice(0, including ? index : index + 1)
  return keep.length === chat.messages.length ? data : replaceActiveMessages(data, keep, now)
}

/**
 * spec §4: appends messages to the active chat, skipping ids already present (a message that
 * is streamed or re-sent is saved once). Without an active chat a new one is created, so a
 * message is never dropped.
 */
export function saveMessages(data: AiAssistantData, messages: AssistantMessage[], stamp: Stamp): AiAssistantData {
  const base = getActiveChat(data) ? data : addChat(data, stamp)
  return appendToChat(base, getActiveChat(base)!, messages, stamp.now)
}

/**
 * Appends messages to the chat `chatId`, active or not (an answer that finishes after the user
 * switched chats goes where it was asked), skipping ids already present. A deleted chat takes none.
 */
export function saveMessagesToChat(
  data: AiAssistantData,
  chatId: string,
  messages: AssistantMessage[],
  now: string
): AiAssistantData {
  const chat = data.chats[chatId]
  return chat ? appendToChat(data, chat, messages, now) : data
}

function appendToChat(data: AiAssistantData, chat: AssistantChat, messages: AssistantMessage[], now: string): AiAssistantData {
  const seen = new Set(chat.messages.map((message) => message.id))
  const added: AssistantMessage[] = []
  for (const message of messages) {
    if (seen.has(message.id)) continue
    seen.add(message.id)
    added.push(message)
  }
  if (added.length === 0) return data
  const all = [...chat.messages, ...added]
  // A chat still under the default name is named by its first question (issue 26).
  const question = chat.name === ASSISTANT_DEFAULT_CHAT_NAME ? all.find((m) => m.role === 'user') : undefined
  const updated = { ...chat, name: question ? chatTitle(question.content) : chat.name, messages: all, updatedAt: now }
  return { ...data, chats: { ...data.chats, [chat.id]: updated } }
}

/** The longest title a chat gets from its first question. */
export const CHAT_TITLE_MAX = 48

/**
 * A chat's title from its first question: the first line of its text (its code only when it is all code),
 * whitespace collapsed, cut at a word boundary to CHAT_TITLE_MAX characters with an ellipsis.
 */
export function chatTitle(question: string): string {
  const parts = splitUserMessage(question)
  const prose = parts.find((part) => part.kind === 'text')
  const code = parts.find((part) => part.kind === 'code')
  const source = prose?.kind === 'text' ? prose.text : code?.kind === 'code' ? code.code : ''
  const line = (source.split('\n').find((l) => l.trim()) ?? '').replace(/\s+/g, ' ').trim()
  if (!line) return ASSISTANT_DEFAULT_CHAT_NAME
  if (line.length <= CHAT_TITLE_MAX) return line
  const cut = line.slice(0, CHAT_TITLE_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > CHAT_TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Attaches an SQL snippet as context for the next message; blank or repeated snippets are ignored. */
export function addSqlSnippet(data: AiAssistantData, sql: string): AiAssistantData {
  const snippet = sql.trim()
  if (!snippet || data.sqlSnippets.includes(snippet)) return data
  return { ...data, sqlSnippets: [...data.sqlSnippets, snippet] }
}

export function setSuggestions(data: AiAssistantData, suggestions: AssistantSuggestions | null): AiAssistantData {
  return { ...data, suggestions }
}

export function setTables(data: AiAssistantData, tables: AssistantTable[]): AiAssistantData {
  return { ...data, tables }
}

export function setInitialInput(data: AiAssistantData, initialInput: string): AiAssistantData {
  return data.initialInput === initialInput ? data : { ...data, initialInput }
}

/** Stores the rows of one snippet of a message, in whichever chat holds that message. */
export function setMessageResult(
  data: AiAssistantData,
  { messageId, snippetId, results }: { messageId: string; snippetId: string; results: AssistantSnippetResult }
): AiAssistantData {
  const chat = Object.values(data.chats).find((c) => c.messages.some((m) => m.id === messageId))
  if (!chat) return data
  const messages = chat.messages.map((m) =>
    m.id === messageId ? { ...m, results: { ...m.results, [snippetId]: results } } : m
  )
  return { ...data, chats: { ...data.chats, [chat.id]: { ...chat, messages } } }
}

/** spec §9: what is written to storage keeps only the last 20 messages of each chat. */
export function toPersisted(data: AiAssistantData): AiAssistantData {
  const chats: Record<string, AssistantChat> = {}
  for (const [id, chat] of Object.entries(data.chats)) {
    chats[id] =
      chat.messages.length > ASSISTANT_MAX_MESSAGES_PER_CHAT
        ? { ...chat, messages: chat.messages.slice(-ASSISTANT_MAX_MESSAGES_PER_CHAT) }
        : chat
  }
  return { ...data, chats }
}
