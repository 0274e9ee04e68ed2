import type { LogLevel } from '@/lib/logs/log-lines'
import { recordLogEvent } from './recorder'

/**
 * `realtime_logs` lines (spec §3 log sources): a project's realtime connections (opened, closed,
 * refused) and errors (a refused join, an over-limit message, a change that could not be
 * delivered). Never a key, a token or a message's payload. Queued: the socket never waits.
 */
export type RealtimeEvent = {
  ref: string
  level: LogLevel
  message: string
  /** The channel's topic (`realtime:room`), when the line is about one. */
  topic?: string
  /** The connection's role (`anon`, `authenticated`, `service_role`), once known. */
  role?: string | null
  /** The WebSocket close code, for a closed connection. */
  code?: number
}

export function recordRealtimeEvent(event: RealtimeEvent): void {
  recordLogEvent({
    ref: event.ref,
    source: 'realtime_logs',
    level: event.level,
    event_message: event.topic ? `${event.topic}: ${event.message}` : event.message,
    metadata: {
      level: event.level,
      topic: event.topic ?? null,
      role: event.role ?? null,
      ...(event.code !== undefined ? { code: event.code } : {}),
    },
  })
}
