/** `GET /platform/projects/{ref}/logs`: the page of log lines the platform sends and the logs screen reads. */
import type { LogLine, LogSource } from '@/lib/catalogue/log-sources'
import type { LogLevel } from '@/lib/logs/log-lines'

/** A line of the logs endpoint: a spec §3 log line, with its source and level. */
export type ProjectLogLine = LogLine & {
  timestamp: string
  source: LogSource
  level: LogLevel
  identifier: string
  metadata: NonNullable<LogLine['metadata']>
}

/** GET /platform/projects/{ref}/logs */
export type ProjectLogsResponse = {
  result: ProjectLogLine[]
  /** The source asked for, or `all`. */
  source: LogSource | 'all'
  /** False when the embedded platform has no producer for the source (its result is always empty). */
  recorded: boolean
  plan: string
  retention_days: number
  /** The range actually read, after clamping to retention. */
  iso_timestamp_start: string
  iso_timestamp_end: string
  /** Pass as `cursor` for the next, older page; null when there is none. */
  next_cursor: string | null
}
