/** The consumer of a LinePipe went away (the client left): the producer stops. */
export class PipeLeft extends Error {
  constructor() {
    super('the client left before the answer ended')
    this.name = 'PipeLeft'
  }
}

/**
 * Lines (text, or bytes) from one producer to one consumer (an HTTP response), with backpressure: `put` resolves once
 * the consumer has taken the line, so at most one line waits here. A consumer that stops iterating
 * makes the waiting and every later `put` reject with PipeLeft.
 */
export class LinePipe<T extends string | Uint8Array = string> implements AsyncIterable<T> {
  private queue: T[] = []
  private closed = false
  private failure: Error | null = null
  private left = false
  private producer: { resolve: () => void; reject: (error: Error) => void } | null = null
  private consumer: (() => void) | null = null

  /** Queues a line; resolves when the consumer took it. */
  put(text: T): Promise<void> {
    if (this.left) return Promise.reject(new PipeLeft())
    this.queue.push(text)
    this.wake()
    return new Promise((resolve, reject) => {
      this.producer = { resolve, reject }
    })
  }

  /** Queues a last line without waiting for it to be taken, and ends the pipe. */
  end(text?: T): void {
    if (text !== undefined && !this.left) this.queue.push(text)
    this.closed = true
    this.wake()
  }

  /** Ends the pipe with an error: the consumer's iteration throws once what waits is taken (a response then ends cut, not complete). */
  fail(error: Error): void {
    this.failure = error
    this.end()
  }

  private wake() {
    const consumer = this.consumer
    this.consumer = null
    consumer?.()
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      for (;;) {
        const text = this.queue.shift()
        if (text !== undefined) {
          const producer = this.producer
          this.producer = null
          producer?.resolve()
          yield text
          continue
        }
        if (this.closed) {
          if (this.failure) throw this.failure
          return
        }
        await new Promise<void>((resolve) => (this.consumer = resolve))
      }
    } finally {
      this.left = true
      this.queue = []
      this.producer?.reject(new PipeLeft())
      this.producer = null
    }
  }
}
