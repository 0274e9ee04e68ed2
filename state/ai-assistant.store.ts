/** The AI assistant's store itself: `ai-assistant.ts` changes it, `ai-assistant.view.ts` reads it. */
import { createStore } from 'zustand/vanilla'
import type { AiAssistantData } from './ai-assistant.rules'

export type AiAssistantStatus = 'idle' | 'loading' | 'ready'

export type StoreState = {
  projectRef: string | null
  status: AiAssistantStatus
  /** The loaded project's state; null until its load finishes. */
  data: AiAssistantData | null
  /**
   * An open/close asked for before the state is loaded (e.g. `?aiAssistantPanelOpen=true` on
   * first render). It wins over the saved flag when the load finishes.
   */
  pendingOpen: boolean | null
}

export const initialState: StoreState = { projectRef: null, status: 'idle', data: null, pendingOpen: null }

export const store = createStore<StoreState>(() => initialState)
