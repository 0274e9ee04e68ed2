import type { Socket } from 'node:net'
import { takeFrames, type Frame } from './messages'

/**
 * The messages a client sends, one at a time, as they complete. `next()` resolves with the next
 * message, null once the client is gone, or 'timeout' when none came within `timeoutMs`.
 */
export class Inbox {
  /** Until the startup message is read, messages carry no type byte. */
  private startup = true
  private buffer: Buffer = Buffer.alloc(0)
  private frames: Frame[] = []
  private waiter: ((frame: Frame | null) => void) | null = null
  private ended = false

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      if (this.ended) return
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
      this.cut()
    })
    const end = () => {
      this.ended = true
      this.wake(null)
    }
    socket.on('end', end)
    socket.on('close', end)
    socket.on('error', end)
  }

  /** The startup message was read: from now on every message has a type byte. */
  typed() {
    this.startup = false
    this.cut()
  }

  /** Startup messages are cut one at a time: the one read decides the framing of what follows. */
  private cut() {
    if (this.startup && this.frames.length > 0) return
    try {
      const { frames, rest } = takeFrames(this.buffer, !this.startup, this.startup ? 1 : Infinity)
      this.buffer = Buffer.from(rest)
      this.frames.push(...frames)
    } catch {
      this.ended = true // a length no client sends: the connection is not speaking Postgres
      this.frames = []
    }
    if (this.frames.length > 0) this.wake(this.frames.shift()!)
    else if (this.ended) this.wake(null)
  }

  private wake(frame: Frame | null) {
    const waiter = this.waiter
    if (!waiter) {
      if (frame) this.frames.unshift(frame)
      return
    }
    this.waiter = null
    waiter(frame)
  }

  next(timeoutMs?: number): Promise<Frame | null | 'timeout'> {
    const ready = this.frames.shift()
    if (ready) return Promise.resolve(ready)
    if (this.buffer.length > 0) this.cut()
    if (this.ended) return Promise.resolve(null)
    return new Promise((resolve) => {
      const timer = timeoutMs ? setTimeout(() => {
        this.waiter = null
        resolve('timeout')
      }, timeoutMs) : null
      timer?.unref()
      this.waiter = (frame) => {
        if (timer) clearTimeout(timer)
        resolve(frame)
      }
      if (this.frames.length > 0) this.wake(this.frames.shift()!)
    })
  }
}
