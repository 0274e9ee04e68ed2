/**
 * A short memory of sessions found live, so a burst of requests on one session costs one lookup
 * rather than one each. Sign-outs through this process forget at once; one made through another
 * server instance takes effect here within LIVE_SESSION_TTL_MS. Bounded, and soft: losing it
 * (restart, another instance) only means looking the session up again.
 */
export const LIVE_SESSION_TTL_MS = 2_000
const MAX_ENTRIES = 10_000

type Entry = { userId: string; until: number }
const g = globalThis as typeof globalThis & { __liveSessions?: Map<string, Entry> }
const live: Map<string, Entry> = (g.__liveSessions ??= new Map())

/**
 * True when the session was found live, and owned by `userId`, less than LIVE_SESSION_TTL_MS ago.
 * A token naming someone else's session is not vouched for by that session's entry.
 */
export function isKnownLive(sessionId: string, userId: string, now = Date.now()): boolean {
  const entry = live.get(sessionId)
  if (!entry) return false
  if (entry.until > now) return entry.userId === userId
  live.delete(sessionId)
  return false
}

/** Remembers that a session was just found live. */
export function rememberLive(sessionId: string, userId: string, now = Date.now()): void {
  if (live.size >= MAX_ENTRIES) live.delete(live.keys().next().value as string)
  live.set(sessionId, { userId, until: now + LIVE_SESSION_TTL_MS })
}

/** Forgets sessions that were just signed out. */
export function forgetSessions(sessionIds: readonly string[]): void {
  for (const id of sessionIds) live.delete(id)
}
