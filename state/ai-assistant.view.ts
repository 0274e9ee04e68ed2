/** Reading the AI assistant's state, in React and outside it. */
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import * as rules from './ai-assistant.rules'
import type { AiAssistantData, AssistantChat } from './ai-assistant.rules'
import { store, type AiAssistantStatus, type StoreState } from './ai-assistant.store'

export type AiAssistantView = {
  projectRef: string | null
  status: AiAssistantStatus
  open: boolean
  data: AiAssistantData | null
  activeChat: AssistantChat | null
  /** Most recently updated first. */
  chats: AssistantChat[]
}

function toView({ projectRef, status, data, pendingOpen }: StoreState): AiAssistantView {
  return {
    projectRef,
    status,
    open: data ? data.open : (pendingOpen ?? false),
    data,
    activeChat: data ? rules.getActiveChat(data) : null,
    chats: data ? rules.listChats(data) : [],
  }
}

/** The current state, outside React (tests, event handlers). */
export function getAiAssistantState(): AiAssistantView {
  return toView(store.getState())
}

/** The current project's assistant state; re-renders on every change. */
export function useAiAssistantState(): AiAssistantView {
  const { projectRef, status, data, pendingOpen } = useStore(
    store,
    useShallow((s: StoreState) => ({
      projectRef: s.projectRef,
      status: s.status,
      data: s.data,
      pendingOpen: s.pendingOpen,
    }))
  )
  return useMemo(
    () => toView({ projectRef, status, data, pendingOpen }),
    [projectRef, status, data, pendingOpen]
  )
}
