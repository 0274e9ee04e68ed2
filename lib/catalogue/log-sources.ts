/**
 * Log sources a project exposes and the fields every log line shares (spec §3 "Log sources").
 */
import { isOneOf, labelOrValue, namesOf } from '@/lib/known-names'

export const LOG_SOURCE_LABELS = {
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
export type LogSource = keyof typeof LOG_SOURCE_LABELS
export const LOG_SOURCES = namesOf(LOG_SOURCE_LABELS)

/** Kind of value a log field holds, used by the query builder and the log table. */
export type LogFieldType = 'string' | 'number' | 'datetime' | 'object'

export type LogField = {
  name: string
  type: LogFieldType
  /** Nested fields when the type is `object`. */
  fields?: readonly LogField[]
}

/** Fields of the given names and types, in the table's order. */
const fieldsOf = (types: Record<string, LogFieldType>): LogField[] => Object.entries(types).map(([name, type]) => ({ name, type }))

/** spec §3: fields every log line has, with metadata holding request and response details. */
export const COMMON_LOG_FIELDS: readonly LogField[] = [
  ...fieldsOf({ id: 'string', timestamp: 'datetime', event_message: 'string', identifier: 'string' }),
  { name: 'metadata', type: 'object', fields: fieldsOf({ status_code: 'number', method: 'string', path: 'string', level: 'string' }) },
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
  return isOneOf(LOG_SOURCES, value)
}

/** The human label of a source, falling back to the raw name. */
export function logSourceLabel(source: string): string {
  return labelOrValue(LOG_SOURCE_LABELS, source)
}
