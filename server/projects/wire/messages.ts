/**
 * The few Postgres wire protocol (v3) messages the loopback port writes or reads itself: the
 * startup and authentication phase, errors, and spotting ReadyForQuery in PGlite's output.
 * Everything after authentication is PGlite's own bytes, relayed as they are.
 */

export const PROTOCOL_3 = 196608
export const SSL_REQUEST = 80877103
export const GSSENC_REQUEST = 80877104
export const CANCEL_REQUEST = 80877102

function typed(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head.write(type, 0, 'latin1')
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}

const int32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeInt32BE(n)
  return b
}
const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8')

/** AuthenticationRequest: 0 ok, 10 SASL (mechanisms), 11 SASL continue, 12 SASL final. */
export function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  return typed('R', Buffer.concat([int32(code), data]))
}

export function saslMechanisms(...names: string[]): Buffer {
  return Buffer.concat([...names.map(cstring), Buffer.from([0])])
}

export function parameterStatus(name: string, value: string): Buffer {
  return typed('S', Buffer.concat([cstring(name), cstring(value)]))
}

export function backendKeyData(pid: number, secret: number): Buffer {
  return typed('K', Buffer.concat([int32(pid), int32(secret)]))
}

export function readyForQuery(status: 'I' | 'T' | 'E'): Buffer {
  return typed('Z', Buffer.from(status, 'latin1'))
}

/** ErrorResponse with severity, SQLSTATE and message (FATAL ones end the connection). */
export function errorResponse(severity: 'ERROR' | 'FATAL', code: string, message: string): Buffer {
  const fields = [`S${severity}`, `V${severity}`, `C${code}`, `M${message}`].map(cstring)
  return typed('E', Buffer.concat([...fields, Buffer.from([0])]))
}

/** A simple-protocol Query message (the port's own housekeeping statements). */
export function query(sql: string): Uint8Array {
  return new Uint8Array(typed('Q', cstring(sql)))
}

export type Frame = { type: string | null; bytes: Buffer; body: Buffer }

/**
 * Cuts up to `max` complete messages off the front of `buffer`. Startup-phase messages have no
 * type byte (`typed` false); after it, every message has one. Returns the messages and what is left.
 */
export function takeFrames(buffer: Buffer, typed: boolean, max = Infinity): { frames: Frame[]; rest: Buffer } {
  const frames: Frame[] = []
  let offset = 0
  const untyped = !typed
  while (frames.length < max) {
    const headLength = untyped ? 4 : 5
    if (buffer.length - offset < headLength) break
    const length = buffer.readInt32BE(offset + (untyped ? 0 : 1))
    if (length < 4 || length > 1 << 30) throw new Error(`invalid message length ${length}`)
    const total = length + (untyped ? 0 : 1)
    if (buffer.length - offset < total) break
    const bytes = buffer.subarray(offset, offset + total)
    frames.push({ type: untyped ? null : String.fromCharCode(bytes[0]), bytes, body: bytes.subarray(untyped ? 4 : 5) })
    offset += total
  }
  return { frames, rest: buffer.subarray(offset) }
}

/** A startup message's protocol version and its parameters (user, database, …). */
export function readStartup(body: Buffer): { code: number; params: Map<string, string> } {
  const code = body.readInt32BE(0)
  const params = new Map<string, string>()
  const parts = body.subarray(4).toString('utf8').split('\0')
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) params.set(parts[i], parts[i + 1])
  return { code, params }
}

/** SASLInitialResponse: the mechanism and the client-first message. */
export function readSaslInitial(body: Buffer): { mechanism: string; data: string } {
  const end = body.indexOf(0)
  const mechanism = body.subarray(0, end).toString('utf8')
  const length = body.readInt32BE(end + 1)
  return { mechanism, data: length < 0 ? '' : body.subarray(end + 5, end + 5 + length).toString('utf8') }
}

/** The transaction status of the last ReadyForQuery in a run of backend messages, if any. */
export function lastReadyStatus(output: Uint8Array): 'I' | 'T' | 'E' | null {
  let status: 'I' | 'T' | 'E' | null = null
  const view = new DataView(output.buffer, output.byteOffset, output.byteLength)
  for (let i = 0; i + 5 <= output.length; ) {
    const length = view.getInt32(i + 1)
    if (output[i] === 0x5a && length === 5) status = String.fromCharCode(output[i + 5]) as 'I' | 'T' | 'E'
    i += 1 + length
  }
  return status
}

/**
 * Backend output without the notifications (NotificationResponse, `A`) of `channels`: the
 * platform's own LISTENs on PGlite's one session (projects/notifications.ts), which are not the
 * client's to see.
 */
export function withoutNotifications(output: Uint8Array, channels: readonly string[]): Uint8Array {
  if (channels.length === 0 || output.length === 0) return output
  const { frames, rest } = takeFrames(Buffer.from(output.buffer, output.byteOffset, output.byteLength), true)
  const channelOf = (body: Buffer) => body.subarray(4, body.indexOf(0, 4)).toString('utf8')
  const kept = frames.filter((f) => f.type !== 'A' || !channels.includes(channelOf(f.body)))
  return kept.length === frames.length ? output : Buffer.concat([...kept.map((f) => f.bytes), rest])
}
