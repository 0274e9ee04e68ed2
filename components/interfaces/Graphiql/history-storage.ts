import { addToHistory, parseHistory, type HistoryEntry } from '@/lib/graphql/history'

/** localStorage adapter of the explorer's history, one list per project. */
const keyOf = (projectRef: string) => `graphiql-history:${projectRef}`

export function loadHistory(projectRef: string): HistoryEntry[] {
  try {
    return parseHistory(window.localStorage.getItem(keyOf(projectRef)))
  } catch {
    return []
  }
}

/** Records a run and answers the new list (kept in memory when storage is unavailable). */
export function recordRun(projectRef: string, current: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const next = addToHistory(current, entry)
  try {
    window.localStorage.setItem(keyOf(projectRef), JSON.stringify(next))
  } catch {
    // Storage full or disabled: the history lasts for this page only.
  }
  return next
}

export function clearHistory(projectRef: string): void {
  try {
    window.localStorage.removeItem(keyOf(projectRef))
  } catch {
    // Nothing stored to remove.
  }
}
