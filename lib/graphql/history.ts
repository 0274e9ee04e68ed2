import { GRAPHQL_HISTORY_LIMIT } from './limits'

/** One run kept in the explorer's history. */
export type HistoryEntry = { query: string; variables: string; ranAt: string }

/** The history after a run: newest first, an identical earlier run moved up, at most `limit` entries. */
export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry, limit = GRAPHQL_HISTORY_LIMIT): HistoryEntry[] {
  const rest = history.filter((h) => !(h.query.trim() === entry.query.trim() && h.variables.trim() === entry.variables.trim()))
  return [entry, ...rest].slice(0, limit)
}

/** A stored history, or [] when it is missing or not one (storage is user-editable). */
export function parseHistory(text: string | null): HistoryEntry[] {
  if (!text) return []
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) return []
    return value
      .filter((e): e is HistoryEntry => typeof e?.query === 'string' && typeof e?.variables === 'string' && typeof e?.ranAt === 'string')
      .slice(0, GRAPHQL_HISTORY_LIMIT)
  } catch {
    return []
  }
}

/** A short label for a history entry: the operation's name, else its first field. */
export function historyLabel(query: string): string {
  const named = /\b(query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query)
  if (named) return `${named[1]} ${named[2]}`
  const field = /{\s*([_A-Za-z][_0-9A-Za-z]*)/.exec(query)
  const kind = /^\s*mutation\b/.test(query) ? 'mutation' : 'query'
  return field ? `${kind} ${field[1]}` : query.trim().slice(0, 40) || '(empty)'
}
