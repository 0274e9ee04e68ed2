import { postStream } from '@/data/fetchers'
import type { AiChatMessage, AiStreamEvent } from '@/lib/api-types/ai'

export type AiChatStreamVariables = { projectRef: string; messages: AiChatMessage[] }

/** Splits a server-sent event stream into the JSON of its `data:` lines, one event per blank line. */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '')
        const data = block
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n')
        if (data) yield JSON.parse(data)
      }
    }
  } finally {
    reader.releaseLock()
  }
}

/**
 * `POST /platform/projects/{ref}/ai/chat`: sends the chat's recent messages and calls `onEvent`
 * with each event of the answer as it arrives. Resolves when the stream ends; rejects with a
 * ResponseError when the request is refused (400, 429 with Retry-After, ...), or with an
 * AbortError when `signal` stops it. An answer cut short without `done` ends with an `error` event.
 */
export async function streamAiChat(
  { projectRef, messages }: AiChatStreamVariables,
  onEvent: (event: AiStreamEvent) => void,
  signal?: AbortSignal
): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  await postStream(
    `/platform/projects/${encodeURIComponent(projectRef)}/ai/chat`,
    { messages },
    async (response) => {
      if (!response.body) throw new Error('The answer has no body')
      let finished = false
      for await (const event of readServerSentEvents(response.body)) {
        const e = event as AiStreamEvent
        if (e.type === 'done' || e.type === 'error') finished = true
        onEvent(e)
      }
      if (!finished) onEvent({ type: 'error', message: 'The answer was cut off before it finished. Try again.' })
    },
    { signal }
  )
}
