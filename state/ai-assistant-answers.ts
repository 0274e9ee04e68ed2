/**
 * The answers being written, per chat, in memory only: the text that arrived so far and the
 * failure of the last request. Nothing here is saved; a finished answer goes into the chat
 * through the assistant store (`aiAssistantActions.saveAnswer`), which persists it.
 */
import { createStore, useStore } from 'zustand'
import type { AiStreamEvent } from '@/lib/api-types/ai'
import { appendAnswerEvent } from './ai-assistant-answer.rules'

/** An answer while it streams: the id and time it will be saved with, and its text so far. */
export type LiveAnswer = { messageId: string; createdAt: string; content: string }

export type ChatAnswerState = {
  /** The answer streaming now, or null. */
  live: LiveAnswer | null
  /** Why the last answer failed or was refused; cleared by the next request. */
  error: string | null
}

const IDLE: ChatAnswerState = { live: null, error: null }

const store = createStore<{ chats: Record<string, ChatAnswerState> }>(() => ({ chats: {} }))

function update(chatId: string, change: (state: ChatAnswerState) => ChatAnswerState) {
  const current = store.getState().chats[chatId] ?? IDLE
  const next = change(current)
  if (next !== current) store.setState((s) => ({ chats: { ...s.chats, [chatId]: next } }))
}

export const aiAnswerActions = {
  /** A request starts: an empty live answer, and no error. */
  start: (chatId: string, live: Omit<LiveAnswer, 'content'>) => update(chatId, () => ({ live: { ...live, content: '' }, error: null })),
  /** The next event of answer `messageId` goes into its text (an answer dropped since takes none). */
  apply: (chatId: string, messageId: string, event: AiStreamEvent) =>
    update(chatId, (state) => {
      if (state.live?.messageId !== messageId) return state
      const content = appendAnswerEvent(state.live.content, event)
      return content === state.live.content ? state : { ...state, live: { ...state.live, content } }
    }),
  /** Answer `messageId` failed: why, until the next request. */
  fail: (chatId: string, messageId: string, error: string) =>
    update(chatId, (state) => (state.live?.messageId === messageId ? { ...state, error } : state)),
  /** Answer `messageId` ended (done, stopped or failed): returns it as it is and forgets it. */
  finish: (chatId: string, messageId: string): LiveAnswer | null => {
    const live = store.getState().chats[chatId]?.live
    if (live?.messageId !== messageId) return null
    update(chatId, (state) => ({ ...state, live: null }))
    return live
  },
  /** Drops the answer streaming in a chat (cleared or deleted): nothing of it is saved. */
  discard: (chatId: string) => update(chatId, (state) => (state.live || state.error ? IDLE : state)),
  /** Forgets every chat's answer state (sign out, tests). */
  reset: () => store.setState({ chats: {} }, true),
}

export function getChatAnswerState(chatId: string): ChatAnswerState {
  return store.getState().chats[chatId] ?? IDLE
}

/** The answer state of a chat; IDLE without one. */
export function useChatAnswerState(chatId: string | null | undefined): ChatAnswerState {
  return useStore(store, (s) => (chatId ? (s.chats[chatId] ?? IDLE) : IDLE))
}
