import { redactPasswords } from '@/lib/sql/redact'
import { isDashboardApplication } from '@/lib/logs/application-names'
import { levelOfPostgresSeverity } from '@/lib/logs/log-lines'
import { recordLogEvent } from './recorder'

/** Statements longer than this are cut in the log (a 1 MiB script would otherwise be stored whole). */
export const MAX_LOGGED_STATEMENT_CHARS = 2_000

type Outcome =
  | { ok: true; result: { command: string | null; rowCount: number | null } }
  | { ok: false; error: { message: string; code: string; detail: string | null; hint: string | null; position: number | null; severity: string | null } }

function cut(statement: string): { text: string; truncated: boolean } {
  const trimmed = statement.trim()
  if (trimmed.length <= MAX_LOGGED_STATEMENT_CHARS) return { text: trimmed, truncated: false }
  return { text: `${trimmed.slice(0, MAX_LOGGED_STATEMENT_CHARS)}…`, truncated: true }
}

/**
 * Records a Postgres line (postgres_logs) for a statement run on a project database: LOG with its
 * command, row count and duration on success; the error's severity (ERROR) with SQLSTATE, message
 * and detail on failure. Parameter values are never logged (they may be secrets), only their count.
 * The application that ran it (`x-pg-application-name`) is kept, and the dashboard's own statements
 * are marked `dashboard: true`, which the logs hide unless asked.
 */
export function recordStatement(
  ref: string,
  input: { query: string; parameters?: unknown[]; readOnly: boolean; applicationName?: string | null },
  outcome: Outcome,
  durationMs: number,
  startedAt: Date
): void {
  // A role's password never reaches the logs.
  const statement = cut(redactPasswords(input.query))
  const duration = Math.round(durationMs * 1000) / 1000
  const common = {
    query: statement.text,
    query_truncated: statement.truncated,
    parameter_count: input.parameters?.length ?? 0,
    read_only: input.readOnly,
    duration_ms: duration,
    application_name: input.applicationName ?? null,
    dashboard: isDashboardApplication(input.applicationName),
  }
  if (outcome.ok) {
    recordLogEvent({
      ref,
      source: 'postgres_logs',
      level: 'info',
      event_message: `duration: ${duration.toFixed(3)} ms  statement: ${statement.text}`,
      metadata: { level: 'LOG', command: outcome.result.command, row_count: outcome.result.rowCount, ...common },
      timestamp: startedAt,
    })
    return
  }
  const severity = outcome.error.severity ?? 'ERROR'
  recordLogEvent({
    ref,
    source: 'postgres_logs',
    level: levelOfPostgresSeverity(severity),
    event_message: `${severity}:  ${outcome.error.message}`,
    metadata: {
      level: severity,
      sql_state_code: outcome.error.code,
      message: outcome.error.message,
      detail: outcome.error.detail,
      hint: outcome.error.hint,
      position: outcome.error.position,
      ...common,
    },
    timestamp: startedAt,
  })
}
