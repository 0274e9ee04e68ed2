/**
 * Log sources a project exposes and the fields every log line shares (spec §3 "Log sources").
 */

export const LOG_SOURCES = [
  'edge_logs',
  'auth_logs',
  'auth_audit_logs',
  'storage_logs',
  'function_edge_logs',
  'function_logs',
  'postgres_logs',
  'realtime_logs',
  'postgrest_logs',
  'supavisor_logs',
  'pgbouncer_logs',
  'pg_upgrade_logs',
] as const
export type LogSource = (typeof LOG_SOURCES)[number]

export const LOG_SOURCE_LABELS: Record<LogSource, string> = {
  edge_logs: 'API Gateway',
  auth_logs: 'Auth',
  auth_audit_logs: 'Auth audit',
  storage_logs: 'Storage',
  function_edge_logs: 'Edge Functions requests',
  function_logs: 'Edge Functions',
  postgres_logs: 'Postgres',
  realtime_logs: 'Realtime',
  postgrest_logs: 'PostgREST',
  supavisor_logs: 'Shared pooler',
  pgbouncer_logs: 'Dedicated pooler',
  pg_upgrade_logs: 'Postgres upgrades',
}

/** Kind of value a log field holds, used by the query builder and the log table. */
export type LogFieldType = 'string' | 'number' | 'datetime' | 'object'

export type LogField = {
  name: string
  type: LogFieldType
  /** Nested fields when the type is `object`. */
  fields?: readonly LogField[]
}

/** spec §3: fields every log line has, with metadata holding request and response details. */
export const COMMON_LOG_FIELDS: readonly LogField[] = [
  { name: 'id', type: 'string' },
  { name: 'timestamp', type: 'datetime' },
  { name: 'event_message', type: 'string' },
  { name: 'identifier', type: 'string' },
  {
    name: 'metadata',
    type: 'object',
    fields: [
      { name: 'status_code', type: 'number' },
      { name: 'method', type: 'string' },
      { name: 'path', type: 'string' },
      { name: 'level', type: 'string' },
    ],
  },
]

/** A log line as returned for any source. */
export type LogLine = {
  id: string
  /** Microseconds or an ISO string, depending on the source. */
  timestamp: string | number
  event_message: string
  identifier?: string
  metadata?: {
    status_code?: number
    method?: string
    path?: string
    level?: string
    [key: string]: unknown
  }
}

/** True when the value names a known log source. */
export function isLogSource(value: unknown): value is LogSource {
  return typeof value === 'string' && (LOG_SOURCES as readonly string[]).includes(value)
}

/** The human label of a source, falling back to the raw name. */
export function logSourceLabel(source: string): string {
  return isLogSource(source) ? LOG_SOURCE_LABELS[source] : source
}
