import { levelOfStatus } from '@/lib/logs/log-lines'
import { recordLogEvent } from './recorder'
import { restLogPath } from './rest-log'

/** What one answer of the project's storage API was, for its log line. */
export type StorageAnswer = {
  ref: string
  method: string
  /** The request's URL as received (`/dashboard/api/project/{ref}/storage/v1/...?...`). */
  url: string
  status: number
  durationMs: number
  role: string | null
  /** Bytes of the answer's body (a download's object). */
  bytes: number
  /** Bytes of the request's body, as its Content-Length declared them. */
  uploadedBytes: number
  startedAt: Date
}

/**
 * Records a `storage_logs` line for one answer of the project's storage API (spec §3 log sources):
 * method, path (signed URLs' tokens and keys never), status, duration, role and bytes each way.
 * Queued: the request never waits.
 */
export function recordStorageAnswer(answer: StorageAnswer): void {
  const { path, query } = restLogPath(answer.url)
  const durationMs = Math.round(answer.durationMs * 100) / 100
  const level = levelOfStatus(answer.status)
  recordLogEvent({
    ref: answer.ref,
    source: 'storage_logs',
    level,
    event_message: `${answer.method} | ${answer.status} | ${durationMs} ms | ${answer.role ?? '-'} | ${path}`,
    metadata: {
      method: answer.method,
      path,
      search: query,
      status_code: answer.status,
      duration_ms: durationMs,
      role: answer.role,
      response_bytes: answer.bytes,
      request_bytes: answer.uploadedBytes,
      level,
    },
    timestamp: answer.startedAt,
  })
}
