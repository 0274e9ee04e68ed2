import { LinePipe, PipeLeft } from '@/server/projects/stream-pipe'

// The pipe between a streamed result's producer (the database session) and the HTTP response.
describe('LinePipe', () => {
  it('holds the producer until the consumer took each line, so at most one line waits', async () => {
    const pipe = new LinePipe()
    const iterator = pipe[Symbol.asyncIterator]()
    let taken = false
    const put = pipe.put('a\n').then(() => (taken = true))
    await Promise.resolve()
    expect(taken).toBe(false)
    expect(await iterator.next()).toEqual({ value: 'a\n', done: false })
    await put
    expect(taken).toBe(true)
    pipe.end('last\n')
    expect(await iterator.next()).toEqual({ value: 'last\n', done: false })
    expect(await iterator.next()).toEqual({ value: undefined, done: true })
  })

  it('stops the producer when the consumer leaves, the waiting line and every later one', async () => {
    const pipe = new LinePipe()
    const iterator = pipe[Symbol.asyncIterator]()
    const first = pipe.put('a\n')
    await iterator.next()
    await first
    const waiting = pipe.put('b\n')
    await iterator.return(undefined)
    await expect(waiting).rejects.toBeInstanceOf(PipeLeft)
    await expect(pipe.put('c\n')).rejects.toBeInstanceOf(PipeLeft)
  })
})
