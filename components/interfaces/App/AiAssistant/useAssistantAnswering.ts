import { useCallback, useEffect } from 'react'
import { useAiStatusQuery } from '@/data/ai/ai-status-query'
import { aiAssistantActions, type AiAssistantData, type AssistantChat } from '@/state/ai-assistant'
import { useChatAnswerState } from '@/state/ai-assistant-answers'
import { takeAssistantQuestion, useAssistantQuestion } from '@/state/ai-assistant-requests'
import { askInActiveChat, stopAnswer } from './ai-answer-runner'

type Options = {
  projectRef: string
  open: boolean
  /** The project's state, once loaded. */
  data: AiAssistantData | null
  activeChat: AssistantChat | null
}

function sameSuggestions(a: AiAssistantData['suggestions'], b: AiAssistantData['suggestions']): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * What the panel needs to get answers: the assistant's status (read while the panel is open),
 * its quick prompts as the suggestions of a new chat, sending (the request is made unless no
 * model is configured), stopping, and the questions other screens leave (`askAssistant`).
 */
export function useAssistantAnswering({ projectRef, open, data, activeChat }: Options) {
  const status = useAiStatusQuery({ projectRef, enabled: open })
  // Unknown (loading, or unreadable) is not "not configured": the platform decides then.
  const answers = status.data?.configured !== false
  const { live } = useChatAnswerState(activeChat?.id)

  const suggestions = status.data?.suggestions
  const shownSuggestions = data?.suggestions ?? null
  useEffect(() => {
    if (!data || !suggestions || suggestions.prompts.length === 0) return
    if (!sameSuggestions(shownSuggestions, suggestions)) aiAssistantActions.setSuggestions(suggestions)
  }, [data !== null, suggestions, shownSuggestions])

  const send = useCallback((content: string) => askInActiveChat(projectRef, content, { answer: answers }), [projectRef, answers])

  // A question from another screen: a new chat, the question sent in it, and taken.
  const question = useAssistantQuestion(projectRef)
  const loaded = data !== null
  useEffect(() => {
    if (!question || !loaded) return
    takeAssistantQuestion(question.id)
    aiAssistantActions.startChat()
    send(question.prompt)
  }, [question, loaded, send])

  const activeChatId = activeChat?.id
  const stop = useCallback(() => {
    if (activeChatId) stopAnswer(activeChatId)
  }, [activeChatId])

  return { status: status.data, statusFailed: status.isError, send, streaming: live !== null, stop }
}
