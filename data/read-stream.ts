/**
 * Splits a streamed body into its records: the text between two matches of `delimiter`, decoded
 * as UTF-8 across chunk boundaries, empty records skipped. The text after the last delimiter is
 * a record too when `trailing` says so (JSON lines may end without a newline; a server-sent event
 * is only whole once its blank line arrived).
 */
export async function* readRecords(body: ReadableStream<Uint8Array>, delimiter: RegExp, trailing: boolean): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const separator = new RegExp(delimiter.source, delimiter.flags.replace('g', ''))
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let match: RegExpExecArray | null
      while ((match = separator.exec(buffer))) {
        const record = buffer.slice(0, match.index)
        buffer = buffer.slice(match.index + match[0].length)
        if (record.trim()) yield record
      }
    }
    buffer += decoder.decode()
    if (trailing && buffer.trim()) yield buffer
  } finally {
    reader.releaseLock()
  }
}

/** A body of JSON lines (`application/x-ndjson`), each line parsed. */
export async function* readJsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  for await (const line of readRecords(body, /\n/, true)) yield JSON.parse(line)
}

/** A server-sent event stream: the JSON of each event's `data:` lines (joined by newlines). */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  for await (const block of readRecords(body, /\r?\n\r?\n/, false)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n')
    if (data) yield JSON.parse(data)
  }
}
