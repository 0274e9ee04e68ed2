import { recordLogEvent } from './recorder'
import { answerLogEvent, type RestAnswer } from './rest-log'

/** What one answer of the project's storage API was: as a REST answer's, with the bytes it was sent. */
export type StorageAnswer = RestAnswer & {
  /** Bytes of the request's body, as its Content-Length declared them (an upload's). */
  uploadedBytes: number
}

/**
 * Records a `storage_logs` line for one answer of the project's storage API (spec §3 log sources),
 * as the REST API's lines are made (a signed URL's token and a key never logged), with the bytes
 * each way. Queued: the request never waits.
 */
export function recordStorageAnswer(answer: StorageAnswer): void {
  const event = answerLogEvent(answer, 'storage_logs')
  recordLogEvent({ ...event, metadata: { ...event.metadata, request_bytes: answer.uploadedBytes } })
}
