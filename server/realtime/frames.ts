import type { RealtimeVsn } from '@/lib/api-types/realtime'

/**
 * Phoenix channel messages on the wire, as `@supabase/realtime-js` reads and writes them:
 * - vsn 1.0.0: a JSON object `{ join_ref, ref, topic, event, payload }` per text frame;
 * - vsn 2.0.0: a JSON array `[join_ref, ref, topic, event, payload]` per text frame, and user
 *   broadcasts as binary frames: from the client kind 3 (push: join_ref, ref, topic, event,
 *   metadata, then the payload, JSON or bytes), to the client kind 4 (topic, event, metadata,
 *   payload). Each length is one byte, so each field is at most 255 bytes.
 */

export type Message = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: unknown }

/** A broadcast's user payload when it was sent as bytes (binary frame, encoding 0). */
export type BinaryPayload = { bytes: Buffer }

export class FrameError extends Error {}

const KIND_PUSH = 3
const KIND_BROADCAST = 4
const ENCODING_BINARY = 0
const ENCODING_JSON = 1

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

function fromFields(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('a message needs a topic and an event')
  return { joinRef: text(joinRef), ref: text(ref), topic, event, payload: payload ?? {} }
}

/** A kind 3 binary frame: a user broadcast pushed by the client. */
function decodePush(data: Buffer): Message {
  if (data.length < 7) throw new FrameError('binary message too short')
  const [joinRefLength, refLength, topicLength, eventLength, metaLength, encoding] = data.subarray(1, 7)
  let offset = 7
  const take = (n: number) => {
    if (offset + n > data.length) throw new FrameError('binary message shorter than its header says')
    const part = data.subarray(offset, offset + n)
    offset += n
    return part.toString('utf8')
  }
  const joinRef = take(joinRefLength)
  const ref = take(refLength)
  const topic = take(topicLength)
  const event = take(eventLength)
  const meta = take(metaLength)
  const body = data.subarray(offset)
  let payload: unknown
  try {
    payload = encoding === ENCODING_JSON ? JSON.parse(body.toString('utf8')) : ({ bytes: Buffer.from(body) } satisfies BinaryPayload)
  } catch {
    throw new FrameError('binary message payload is not JSON')
  }
  const broadcast: Record<string, unknown> = { type: 'broadcast', event, payload }
  if (meta) {
    try {
      Object.assign(broadcast, { meta: JSON.parse(meta) })
    } catch {
      throw new FrameError('binary message metadata is not JSON')
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: broadcast }
}

/** One frame from the client, as a message; FrameError when it is not one. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: RealtimeVsn): Message {
  if (isBinary) {
    if (vsn !== '2.0.0' || data[0] !== KIND_PUSH) throw new FrameError('unexpected binary message')
    return decodePush(data)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString('utf8'))
  } catch {
    throw new FrameError('message is not JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('message is not a [join_ref, ref, topic, event, payload] array')
    return fromFields(...(parsed as [unknown, unknown, unknown, unknown, unknown]))
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FrameError('message is not an object')
  const m = parsed as Record<string, unknown>
  return fromFields(m.join_ref, m.ref, m.topic, m.event, m.payload)
}

/** A message to the client in the connection's serializer. */
export function encodeMessage(message: Message, vsn: RealtimeVsn): string {
  const { joinRef, ref, topic, event, payload } = message
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload])
  return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload })
}

const isBinaryPayload = (value: unknown): value is BinaryPayload =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as BinaryPayload).bytes)

/**
 * A user broadcast to the client: a kind 4 binary frame when its payload is bytes (vsn 2.0.0),
 * else an ordinary `broadcast` message whose payload is `{ type, event, payload }`.
 */
export function encodeBroadcast(topic: string, broadcast: { event: string; payload: unknown; meta?: unknown }, vsn: RealtimeVsn): string | Buffer {
  if (!isBinaryPayload(broadcast.payload)) {
    const body: Record<string, unknown> = { type: 'broadcast', event: broadcast.event, payload: broadcast.payload }
    if (broadcast.meta !== undefined) body.meta = broadcast.meta
    return encodeMessage({ joinRef: null, ref: null, topic, event: 'broadcast', payload: body }, vsn)
  }
  const bytes = broadcast.payload.bytes
  if (vsn !== '2.0.0') {
    // 1.0.0 has no binary frames: the bytes go as an array of numbers.
    return encodeMessage({ joinRef: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event: broadcast.event, payload: [...bytes] } }, vsn)
  }
  const topicBytes = Buffer.from(topic, 'utf8')
  const eventBytes = Buffer.from(broadcast.event, 'utf8')
  const metaBytes = Buffer.from(broadcast.meta === undefined ? '' : JSON.stringify(broadcast.meta), 'utf8')
  const header = Buffer.from([KIND_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, ENCODING_BINARY])
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, bytes])
}

/** A broadcast's user payload as it may travel between instances (JSON): bytes as base64. */
export function portablePayload(payload: unknown): unknown {
  return isBinaryPayload(payload) ? { $bytes: payload.bytes.toString('base64') } : payload
}

/** The payload `portablePayload` made, back. */
export function fromPortablePayload(payload: unknown): unknown {
  const b64 = (payload as { $bytes?: unknown } | null)?.$bytes
  return typeof b64 === 'string' && Object.keys(payload as object).length === 1 ? ({ bytes: Buffer.from(b64, 'base64') } satisfies BinaryPayload) : payload
}
