import Serializer from '@supabase/realtime-js/dist/main/lib/serializer.js'
import { describe, expect, it } from 'vitest'
import { decodeFrame, encodeBroadcast, encodeMessage, FrameError, fromPortablePayload, portablePayload } from '@/server/realtime/frames'

/** The realtime frame codec against realtime-js's own serializer (vsn 2.0.0): what it writes we read, and the reverse. */

const serializer = new Serializer()
const encoded = (msg: Record<string, unknown>) => serializer.encode(msg as never, (out: unknown) => out) as unknown as string | ArrayBuffer
const decoded = (raw: string | ArrayBuffer) => serializer.decode(raw as never, (out: unknown) => out) as unknown as Record<string, unknown>

describe('realtime frames', () => {
  it('reads the JSON array messages realtime-js sends', () => {
    const raw = encoded({ join_ref: '1', ref: '2', topic: 'realtime:room', event: 'phx_join', payload: { config: {} } })
    expect(decodeFrame(Buffer.from(raw as string), false, '2.0.0')).toEqual({ joinRef: '1', ref: '2', topic: 'realtime:room', event: 'phx_join', payload: { config: {} } })
  })

  it('reads a user broadcast realtime-js pushes as a binary frame, JSON or bytes', () => {
    const json = encoded({ join_ref: '3', ref: '4', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'héllo', payload: { n: 1 } } })
    expect(decodeFrame(Buffer.from(json as ArrayBuffer), true, '2.0.0')).toEqual({
      joinRef: '3', ref: '4', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'héllo', payload: { n: 1 } },
    })
    const bytes = new Uint8Array([1, 2, 255]).buffer
    const binary = encoded({ join_ref: '3', ref: '5', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'bin', payload: bytes } })
    const message = decodeFrame(Buffer.from(binary as ArrayBuffer), true, '2.0.0')
    expect((message.payload as { payload: { bytes: Buffer } }).payload.bytes).toEqual(Buffer.from([1, 2, 255]))
  })

  it('writes replies and broadcasts realtime-js reads', () => {
    const reply = encodeMessage({ joinRef: '1', ref: '2', topic: 'realtime:room', event: 'phx_reply', payload: { status: 'ok', response: {} } }, '2.0.0')
    expect(decoded(reply)).toEqual({ join_ref: '1', ref: '2', topic: 'realtime:room', event: 'phx_reply', payload: { status: 'ok', response: {} } })
    expect(decoded(encodeBroadcast('realtime:room', { event: 'hi', payload: { a: 1 } }, '2.0.0') as string).payload).toEqual({ type: 'broadcast', event: 'hi', payload: { a: 1 } })
    const frame = encodeBroadcast('realtime:room', { event: 'bin', payload: { bytes: Buffer.from([7, 8]) } }, '2.0.0') as Buffer
    const read = decoded(frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.length) as ArrayBuffer)
    expect(read).toMatchObject({ topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'bin' } })
    expect(new Uint8Array((read.payload as { payload: ArrayBuffer }).payload)).toEqual(new Uint8Array([7, 8]))
  })

  it('writes and reads vsn 1.0.0 objects, and refuses what is not a message', () => {
    const text = encodeMessage({ joinRef: null, ref: '9', topic: 'phoenix', event: 'phx_reply', payload: {} }, '1.0.0')
    expect(JSON.parse(text)).toEqual({ join_ref: null, ref: '9', topic: 'phoenix', event: 'phx_reply', payload: {} })
    expect(decodeFrame(Buffer.from(text), false, '1.0.0')).toMatchObject({ ref: '9', topic: 'phoenix' })
    expect(() => decodeFrame(Buffer.from('{'), false, '2.0.0')).toThrow(FrameError)
    expect(() => decodeFrame(Buffer.from('[1,2]'), false, '2.0.0')).toThrow(FrameError)
    expect(() => decodeFrame(Buffer.from([3, 9, 9]), true, '2.0.0')).toThrow(FrameError)
  })

  it('carries bytes between instances as base64', () => {
    const payload = { bytes: Buffer.from([1, 2, 3]) }
    expect(fromPortablePayload(JSON.parse(JSON.stringify(portablePayload(payload))))).toEqual(payload)
    expect(fromPortablePayload({ a: 1 })).toEqual({ a: 1 })
  })
})
