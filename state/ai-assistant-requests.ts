/**
 * Questions other screens put to the assistant (the SQL editor's "Explain" / "Fix with
 * assistant", the logs' "Explain this log line"): `askAssistant` opens the panel and leaves the
 * question here; the panel starts a new chat with it, sends it, and takes it (`takeAssistantQuestion`).
 */
import { createStore, useStore } from 'zustand'
import { aiAssistantActions } from './ai-assistant'

export type AssistantQuestion = { id: number; projectRef: string; prompt: string }

const store = createStore<{ question: AssistantQuestion | null }>(() => ({ question: null }))
let nextId = 1

/** Opens the assistant on `projectRef` and asks `prompt` in a new chat. */
export function askAssistant(projectRef: string, prompt: string): void {
  const text = prompt.trim()
  if (!text) return
  store.setState({ question: { id: nextId++, projectRef, prompt: text } })
  aiAssistantActions.open()
}

/** The question waiting for the panel of `projectRef`, if any. */
export function useAssistantQuestion(projectRef: string): AssistantQuestion | null {
  return useStore(store, (s) => (s.question?.projectRef === projectRef ? s.question : null))
}

/** The panel took the question (it is sent, or the user was told why not). */
export function takeAssistantQuestion(id: number): void {
  if (store.getState().question?.id === id) store.setState({ question: null })
}
