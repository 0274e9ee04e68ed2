// The worker's `execBatch` op (see pglite-worker.mjs): one simple query holding several requests
// of a project's API, each a whole transaction (projects/pglite-trips.ts). Unlike `exec`, an
// error does not lose what ran before it: the answer is every statement's result up to the first
// error, and that error. Postgres skips the rest of a simple query after an error, and leaves the
// session in the failed transaction: `recover` (statements run one by one, their errors ignored)
// makes it clean again before anything else reaches PGlite.
//
// Most of a batch's answer is of statements whose results nobody keeps (BEGIN, the claims, the
// request's end: about 13 of a request's 14). PGlite's execProtocol decodes every message of the
// answer into an object (16% of the worker's time under the REST bench): here the answer is taken
// raw (execProtocolRawStream, which PGlite does not parse) and only walked message by message by
// its 5-byte headers; errors and notifications alone are decoded here. The kept statements'
// messages cross to the client as bytes (`raw`, transferred, not copied) and are decoded there
// (pglite-batch-decode.ts): the worker is the busiest thread under the project API's load, and its
// time per request fell 17% in a micro-batch of 32 REST-like requests (total CPU too: decoding on
// the client costs less than cloning the decoded rows across).
// Notifications are handed to `onNotification`, as PGlite's own parsing would have dispatched them.
//   { id, op: 'execBatch', sql, keep, recover }  -> { raw: Uint8Array, ran, error: SerializedError | null }
// Plain ESM JavaScript, loaded by the worker from its own directory (never bundled).
import { protocol } from '@electric-sql/pglite'

// The raw answer, gathered from the chunks PGlite hands over (views of WASM memory, valid only
// during the call: copied). One buffer for the worker's life, which handles one call at a time;
// one grown past RETAIN_BYTES by a large answer is let go afterwards.
const INITIAL_BYTES = 256 * 1024
const RETAIN_BYTES = 4 * 1024 * 1024
let buffer = new Uint8Array(INITIAL_BYTES)
let used = 0

function take(chunk) {
  const need = used + chunk.length
  if (need > buffer.length) {
    const grown = new Uint8Array(Math.max(need, buffer.length * 2))
    grown.set(buffer.subarray(0, used))
    buffer = grown
  }
  buffer.set(chunk, used)
  used = need
}

/** The messages of whole protocol messages' bytes, decoded by PGlite's parser. */
function decode(bytes) {
  const out = []
  new protocol.Parser().parse(bytes, (m) => out.push(m))
  return out
}

const ERROR = 0x45 // 'E' ErrorResponse
const NOTIFICATION = 0x41 // 'A' NotificationResponse
const COMMAND_COMPLETE = 0x43 // 'C' CommandComplete

/**
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {{ sql: string, keep: number[], recover?: string[] }} message `keep`: the statements (0-based, ascending) whose results are wanted
 * @param {(e: unknown) => object} serializeError
 * @param {((channel: string, payload: string) => void) | undefined} onNotification where notifications of the answer go
 */
export async function execBatch(db, message, serializeError, onNotification) {
  used = 0
  let bytes
  try {
    await db.execProtocolRawStream(protocol.serialize.query(message.sql), { onRawData: take })
    bytes = buffer.subarray(0, used) // read before the next call reuses the buffer
  } finally {
    if (buffer.length > RETAIN_BYTES) buffer = new Uint8Array(INITIAL_BYTES)
    used = 0
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const keep = new Set(message.keep)
  const kept = [] // [start, end) of each kept statement's messages
  let ran = 0
  let start = 0 // where the running statement's messages begin
  let error = null
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = bytes[at]
    const end = at + 1 + view.getInt32(at + 1)
    if (type === ERROR && !error) {
      error = decode(bytes.subarray(at, end))[0]
    } else if (type === NOTIFICATION) {
      const n = decode(bytes.subarray(at, end))[0]
      onNotification?.(n.channel, n.payload)
    } else if (type === COMMAND_COMPLETE && !error) {
      if (keep.has(ran)) kept.push(start, end)
      ran++
      start = end
    }
    at = end
  }
  let size = 0
  for (let i = 0; i < kept.length; i += 2) size += kept[i + 1] - kept[i]
  const raw = new Uint8Array(size)
  for (let i = 0, at = 0; i < kept.length; at += kept[i + 1] - kept[i], i += 2) raw.set(bytes.subarray(kept[i], kept[i + 1]), at)
  if (error) for (const sql of message.recover ?? []) await db.exec(sql).catch(() => {})
  return { raw, ran, error: error ? serializeError(error) : null }
}
