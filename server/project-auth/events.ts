import type { IncomingHttpHeaders } from 'node:http'
import { levelOfStatus } from '@/lib/logs/log-lines'
import type { AuthEvent } from '../auth/realm'
import { recordLogEvent } from '../logs/recorder'

/**
 * What project auth tells the rest of the platform: an `auth_logs` line per `/auth/v1` request,
 * an `auth_audit_logs` line per event (GoTrue's action names). Never a
 * password or a token: events carry ids, the address, the client address and a reason.
 */

/** GoTrue's log types of its audit actions. */
const LOG_TYPES: Record<AuthEvent['action'], string> = {
  user_signedup: 'team',
  login: 'account',
  login_failed: 'account',
  logout: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_modified: 'user',
  user_deleted: 'team',
  user_invited: 'team',
  user_recovery_requested: 'user',
  user_updated_password: 'user',
}

/** One `auth_audit_logs` line. */
export function recordAuthAudit(ref: string, event: AuthEvent): void {
  const actor = event.email ?? event.userId ?? 'anonymous'
  recordLogEvent({
    ref,
    source: 'auth_audit_logs',
    level: event.action === 'login_failed' ? 'warning' : 'info',
    event_message: `${event.action}: ${actor}`,
    metadata: {
      action: event.action,
      actor_id: event.userId,
      actor_username: event.email ?? null,
      log_type: LOG_TYPES[event.action],
      traits: event.metadata ?? {},
    },
  })
}

/** One `auth_logs` line: method, path (never the query, which may carry a token), status, duration. */
export function recordAuthRequest(
  ref: string,
  request: { method: string; path: string; status: number; startedAt: Date; durationMs: number; headers: IncomingHttpHeaders }
): void {
  const duration = Math.round(request.durationMs * 100) / 100
  const level = levelOfStatus(request.status)
  recordLogEvent({
    ref,
    source: 'auth_logs',
    level,
    event_message: `${request.method} | ${request.status} | ${duration} ms | ${request.path}`,
    metadata: { method: request.method, path: request.path, status_code: request.status, duration, level, component: 'api' },
    timestamp: request.startedAt,
  })
}
