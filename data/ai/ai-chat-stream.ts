import { postStream } from '@/data/fetchers'
import { readServerSentEvents } from '@/data/read-stream'
import type { AiChatMessage, AiStreamEvent } from '@/lib/api-types/ai'

export type AiChatStreamVariables = { projectRef: string; messages: AiChatMessage[] }

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
