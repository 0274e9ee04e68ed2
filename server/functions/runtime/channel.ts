/**
 * The platform's end of a worker's channel: a Unix socket in the worker's own directory that the
 * platform listens on and the bootstrap connects to once (the worker itself never listens, so its
 * sandbox can forbid listen() altogether). Frames: type (1 byte), invocation id (4), length (4),
 * payload. The bootstrap (bootstrap.ts) speaks the other end.
 */
import type net from 'node:net'

export const FRAME = {
  /** platform → worker: the request's head, JSON { e: execution id, m: method, u: url, h: headers } */
  REQUEST: 1,
  /** platform → worker: the request's whole body (possibly empty), right after REQUEST */
  BODY: 2,
  /** worker → platform: the handler is ready */
  READY: 10,
  /** worker → platform: JSON { s: status, t: status text, h: headers } */
  HEAD: 11,
  CHUNK: 12,
  END: 13,
  /** worker → platform: the response's body failed while streaming, JSON { m: message } */
  ERROR: 14,
} as const

export type Frame = { type: number; id: number; payload: Buffer }

const HEADER_BYTES = 9
/** The bootstrap cuts body chunks to 64 KB; a frame much bigger than that is not from it. */
const MAX_INCOMING_FRAME = 4 * 1024 * 1024

export class WorkerChannel {
  private buffered: Buffer = Buffer.alloc(0)
  private listener: ((frame: Frame) => void) | null = null
  /** Called when the worker broke the protocol (the worker should be stopped). */
  onProtocolError: (() => void) | null = null

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk))
    socket.on('error', () => {})
  }

  /** Where incoming frames go (one invocation at a time: the current one). */
  onFrame(listener: ((frame: Frame) => void) | null): void {
    this.listener = listener
  }

  send(type: number, id: number, payload: Buffer | string = Buffer.alloc(0)): void {
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload
    const header = Buffer.alloc(HEADER_BYTES)
    header.writeUInt8(type, 0)
    header.writeUInt32BE(id, 1)
    header.writeUInt32BE(body.length, 5)
    this.socket.write(header)
    if (body.length > 0) this.socket.write(body)
  }

  close(): void {
    this.socket.destroy()
  }

  private receive(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
    while (this.buffered.length >= HEADER_BYTES) {
      const length = this.buffered.readUInt32BE(5)
      if (length > MAX_INCOMING_FRAME) {
        this.buffered = Buffer.alloc(0)
        this.socket.destroy()
        this.onProtocolError?.()
        return
      }
      if (this.buffered.length < HEADER_BYTES + length) return
      const frame = { type: this.buffered.readUInt8(0), id: this.buffered.readUInt32BE(1), payload: this.buffered.subarray(HEADER_BYTES, HEADER_BYTES + length) }
      this.buffered = this.buffered.subarray(HEADER_BYTES + length)
      this.listener?.(frame)
    }
  }
}
