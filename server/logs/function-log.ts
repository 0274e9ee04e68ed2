import { levelOfStatus } from '@/lib/logs/log-lines'
import { recordLogEvent } from './recorder'

/** Which function a line is about. */
export type FunctionLogSubject = { ref: string; functionId: string; slug: string; version: number }

/** One invocation as the gateway answered it. */
export type FunctionInvocationLog = FunctionLogSubject & {
  executionId: string
  method: string
  /** The path below the function (`/{slug}/...`), without the query. */
  path: string
  status: number
  durationMs: number
  /** Whether a worker had to start for it. */
  cold: boolean
  /** Why the code gave no answer (a limit, a boot error), when so. */
  error?: string
  startedAt: Date
}

/** A `function_edge_logs` line: method, path, status, duration (spec §3 log sources). Never a header nor a body. Queued. */
export function recordFunctionInvocation(log: FunctionInvocationLog): void {
  const durationMs = Math.round(log.durationMs * 100) / 100
  const level = levelOfStatus(log.status)
  recordLogEvent({
    ref: log.ref,
    source: 'function_edge_logs',
    level,
    event_message: `${log.method} | ${log.status} | ${durationMs} ms | ${log.path}${log.error ? ` | ${log.error}` : ''}`,
    metadata: {
      function_id: log.functionId,
      function_slug: log.slug,
      version: log.version,
      execution_id: log.executionId,
      method: log.method,
      path: log.path,
      status_code: log.status,
      execution_time_ms: durationMs,
      cold_start: log.cold,
      level,
      ...(log.error ? { error: log.error } : {}),
    },
    timestamp: log.startedAt,
  })
}

const MAX_MESSAGE_CHARS = 10_000

/** A `function_logs` line: what the function's code wrote (console.*), with its level. Queued. */
export function recordFunctionConsole(subject: FunctionLogSubject, line: { level: 'debug' | 'info' | 'warn' | 'error'; message: string; executionId: string | null; timestamp: Date }): void {
  // The explorer's levels are info, warning and error; the console's own level stays in the metadata.
  const level = line.level === 'warn' ? 'warning' : line.level === 'error' ? 'error' : 'info'
  recordLogEvent({
    ref: subject.ref,
    source: 'function_logs',
    level,
    event_message: line.message.slice(0, MAX_MESSAGE_CHARS),
    metadata: { function_id: subject.functionId, function_slug: subject.slug, version: subject.version, execution_id: line.executionId, level, console_level: line.level },
    timestamp: line.timestamp,
  })
}
