import type { QueryClient } from '@tanstack/react-query'
import { lastVisitedStore } from '@/state/last-visited'
import { getGotrueClient } from '@/data/auth/gotrue-client'

/** spec §4 Sign out: the auth client first, then local state, storage and the query cache. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await getGotrueClient().signOut()
  } catch (error) {
    // The session is cleared locally even when the server cannot be reached.
    console.error('Sign out failed on the server', error)
  }
  queryClient.clear()
  // Loaded on demand: the assistant's code is not part of every page.
  const { clearAiAssistantStorage } = await import('@/state/ai-assistant')
  await clearAiAssistantStorage().catch((error: unknown) => console.error('Clearing the assistant state failed', error))
  window.localStorage.clear()
  window.sessionStorage.clear()
  // In-memory stores re-read the now empty storage.
  lastVisitedStore.getState().reload()
}
