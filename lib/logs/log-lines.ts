/**
 * The rules the logs screen applies to a log line (its wire shape is in lib/api-types/logs.ts): which sources the embedded platform records, the level of a line, its badge and timestamp.
 */
import { isLogSource, type LogLine, type LogSource } from '@/lib/catalogue/log-sources'
import { formatDateTime } from '@/lib/formatting'
import { isOneOf } from '@/lib/known-names'

/**
 * The sources the embedded platform produces: the API gateway (every platform request aimed at a
 * project), Postgres (every statement run on a project database), PostgREST (every answer of a
 * project's REST API), project auth (every `/auth/v1` request, and its audit events), storage
 * (every `/storage/v1` request), realtime (connections, refusals, errors) and Edge Functions
 * (every invocation, and what the code writes to its console). The others (poolers, upgrades)
 * have no producer here.
 */
export const RECORDED_LOG_SOURCES = [
  'edge_logs', 'postgres_logs', 'postgrest_logs', 'auth_logs', 'auth_audit_logs', 'storage_logs', 'realtime_logs', 'function_edge_logs', 'function_logs',
] as const satisfies readonly LogSource[]

export function isRecordedLogSource(source: string): boolean {
  return (RECORDED_LOG_SOURCES as readonly string[]).includes(source)
}

/** The level filter: every line is one of these, whatever words its source uses. */
export const LOG_LEVELS = ['info', 'warning', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const LOG_LEVEL_LABELS: Record<LogLevel, string> = { info: 'Info', warning: 'Warning', error: 'Error' }

export function isLogLevel(value: unknown): value is LogLevel {
  return isOneOf(LOG_LEVELS, value)
}

/** The level of a gateway request from its status: 5xx error, 4xx warning, anything else info. */
export function levelOfStatus(status: number): LogLevel {
  if (status >= 500) return 'error'
  if (status >= 400) return 'warning'
  return 'info'
}

/** The level of a Postgres severity word (LOG, NOTICE, WARNING, ERROR, FATAL, PANIC, ...). */
export function levelOfPostgresSeverity(severity: string): LogLevel {
  const word = severity.toUpperCase()
  if (word === 'ERROR' || word === 'FATAL' || word === 'PANIC') return 'error'
  if (word === 'WARNING') return 'warning'
  return 'info'
}

export type LogBadgeTone = 'default' | 'brand' | 'warning' | 'danger'

/** What the level column shows: the status code of a request, or the source's own level word. */
export function logLineBadge(line: { level: LogLevel; metadata: NonNullable<LogLine['metadata']> }): { label: string; tone: LogBadgeTone } {
  const tone: LogBadgeTone = line.level === 'error' ? 'danger' : line.level === 'warning' ? 'warning' : 'default'
  const status = line.metadata.status_code
  if (typeof status === 'number') return { label: String(status), tone: status < 400 ? 'brand' : tone }
  const word = typeof line.metadata.level === 'string' && line.metadata.level ? line.metadata.level : line.level
  return { label: word.toUpperCase(), tone }
}

/** spec §9: a log timestamp as `DD MMM YYYY, HH:mm:ss (ZZ)` in local time. */
export function formatLogTimestamp(value: string | number): string {
  // Some sources give microseconds since the epoch (spec §3 LogLine); dates want milliseconds.
  const date = typeof value === 'number' ? new Date(value > 1e14 ? value / 1000 : value) : value
  return formatDateTime(date)
}

/** A narrowing for untrusted values (query parameters, stored filters). */
export function parseLogSourceFilter(value: unknown): LogSource | 'all' | null {
  if (value === 'all') return 'all'
  return isLogSource(value) ? value : null
}
