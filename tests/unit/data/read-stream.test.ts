import { describe, expect, it } from 'vitest'
import { readJsonLines, readRecords, readServerSentEvents } from '@/data/read-stream'

/** A body that arrives in exactly these byte chunks. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

const bytes = (text: string) => new TextEncoder().encode(text)

/** `text` cut at every `size` bytes, so records and characters straddle chunks. */
const cut = (text: string, size: number) => {
  const all = bytes(text)
  const chunks: Uint8Array[] = []
  for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size))
  return chunks
}

async function collect<T>(source: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = []
  for await (const value of source) out.push(value)
  return out
}

describe('readRecords', () => {
  it('splits on the delimiter across chunk boundaries and decodes characters cut in two', async () => {
    const text = '{"a":"é"}\n\n{"b":"日本"}\n{"c":1}'
    for (const size of [1, 2, 3, 7, 100]) {
      expect(await collect(readJsonLines(body(cut(text, size))))).toEqual([{ a: 'é' }, { b: '日本' }, { c: 1 }])
    }
  })

  it('keeps the text after the last delimiter only when told to', async () => {
    expect(await collect(readRecords(body([bytes('one\ntwo')]), /\n/, true))).toEqual(['one', 'two'])
    expect(await collect(readRecords(body([bytes('one\ntwo')]), /\n/, false))).toEqual(['one'])
  })

  it('reads server-sent events with CRLF or LF blank lines, multi-line data and comments', async () => {
    const text = 'data: {"n":1}\r\n\r\n: keep-alive\n\nevent: x\ndata: {"n":\ndata: 2}\n\ndata: {"n":3}'
    for (const size of [1, 5, 1000]) {
      // the last event has no blank line after it: it never became whole
      expect(await collect(readServerSentEvents(body(cut(text, size))))).toEqual([{ n: 1 }, { n: 2 }])
    }
  })

  it('rejects a line that is not JSON', async () => {
    await expect(collect(readJsonLines(body([bytes('{"ok":1}\nnot json\n')])))).rejects.toThrow(SyntaxError)
  })
})
