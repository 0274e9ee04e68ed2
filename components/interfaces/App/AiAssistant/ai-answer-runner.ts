/**
 * Sends a chat to the assistant and follows its answer: the events go into the live answer of
 * the chat (state/ai-assistant-answers.ts) as they arrive, and when the stream ends (done,
 * stopped or failed) what arrived is saved into the chat it was asked in. Lives outside React so
 * an answer keeps streaming, and is saved, while the panel is closed or another chat is shown.
 */
import { streamAiChat } from '@/data/ai/ai-chat-stream'
import { isAbortError, isResponseError } from '@/data/fetchers'
import { randomUuid } from '@/lib/random-id'
import { aiAssistantActions, getAiAssistantState, type AssistantMessage } from '@/state/ai-assistant'
import { answerSnippets, toRequestMessages } from '@/state/ai-assistant-answer.rules'
import { aiAnswerActions, getChatAnswerState } from '@/state/ai-assistant-answers'

const controllers = new Map<string, AbortController>()

/** Plain words for a request the platform refused or that never got there. */
export function describeRequestError(error: unknown): string {
  if (isResponseError(error)) {
    if (error.code === 429) {
      return error.retryAfter !== undefined
        ? `Too many requests to the assistant. Try again in ${error.retryAfter} s.`
        : 'Too many requests to the assistant. Try again in a moment.'
    }
    if (error.code !== undefined && error.code >= 500) {
      return `The assistant's service failed (error ${error.code}). Try again in a moment.`
    }
    return error.message
  }
  return error instanceof Error ? error.message : 'The assistant could not answer. Try again.'
}

/** Streams the answer to `history` (the chat's messages, the question last) into chat `chatId`. */
export async function requestAnswer(projectRef: string, chatId: string, history: readonly AssistantMessage[]): Promise<void> {
  const messageId = randomUuid()
  aiAnswerActions.start(chatId, { messageId, createdAt: new Date().toISOString() })
  const controller = new AbortController()
  controllers.set(chatId, controller)
  // Stop ends the answer at once, whether or not the body's reader notices the abort.
  const stopped = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new DOMException('The answer was stopped.', 'AbortError')), { once: true })
  )
  try {
    const streaming = streamAiChat(
      { projectRef, messages: toRequestMessages(history) },
      (event) => {
        if (event.type === 'tables') aiAssistantActions.setTables(event.tables)
        if (event.type === 'error') aiAnswerActions.fail(chatId, messageId, event.message)
        aiAnswerActions.apply(chatId, messageId, event)
      },
      controller.signal
    )
    streaming.catch(() => {}) // settled by the race below; a late abort is no news
    await Promise.race([streaming, stopped])
  } catch (error) {
    if (!isAbortError(error)) aiAnswerActions.fail(chatId, messageId, describeRequestError(error))
  } finally {
    if (controllers.get(chatId) === controller) controllers.delete(chatId)
    const answer = aiAnswerActions.finish(chatId, messageId)
    if (answer && answer.content.trim()) {
      const { content, createdAt } = answer
      aiAssistantActions.saveAnswer(chatId, { id: messageId, role: 'assistant', content, createdAt, results: {} })
      for (const sql of answerSnippets(content, messageId)) aiAssistantActions.addSqlSnippet(sql)
    }
  }
}

/** Stops the answer streaming in `chatId`; what arrived so far is kept and saved. */
export function stopAnswer(chatId: string): void {
  controllers.get(chatId)?.abort()
}

/** Stops and drops the answer of a chat that is cleared or deleted: nothing of it is saved. */
export function discardAnswer(chatId: string): void {
  aiAnswerActions.discard(chatId)
  controllers.get(chatId)?.abort()
}

/**
 * Saves what the user wrote into the active chat and, when `answer` (a model is configured, or
 * the status is not known yet and the platform decides), asks for the answer. Returns whether
 * the message was saved; nothing is sent while the chat's previous answer still streams.
 */
export function askInActiveChat(projectRef: string, content: string, { answer }: { answer: boolean }): boolean {
  const active = getAiAssistantState().activeChat
  if (active && getChatAnswerState(active.id).live) return false
  const message = aiAssistantActions.addUserMessage(content)
  if (!message) return false
  // The draft was sent: it must not come back as the initial input of the next message.
  aiAssistantActions.setInitialInput('')
  const chat = getAiAssistantState().activeChat
  if (answer && chat) void requestAnswer(projectRef, chat.id, chat.messages)
  return true
}
