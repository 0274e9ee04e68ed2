/** Shared by the assistant panel tests: rendering with a query client, the status and chat endpoints. */
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { AiAssistantPanel } from '@/components/interfaces/App/AiAssistant/AiAssistantPanel'
import { createQueryClient } from '@/data/query-client'
import type { AiChatBody, AiStatus, AiStreamEvent } from '@/lib/api-types/ai'

export const REF = 'projectaaaaaaaaa'

export function aiStatus(overrides: Partial<AiStatus> = {}): AiStatus {
  return { configured: true, model: 'test-model', opt_in: [], suggestions: { title: 'Suggestions', prompts: [] }, ...overrides }
}

export const statusHandler = (status: AiStatus = aiStatus()) =>
  http.get(`*/platform/projects/${REF}/ai/status`, () => HttpResponse.json(status))

/** The panel (after `before`, e.g. the button controlling it) with a fresh query client (no retries) and a toaster. */
export function renderPanel(before?: ReactNode) {
  const queryClient = createQueryClient({ queries: { retry: false } })
  return render(
    <QueryClientProvider client={queryClient}>
      {before}
      <AiAssistantPanel projectRef={REF} />
      <Toaster />
    </QueryClientProvider>
  )
}

const encoder = new TextEncoder()
const frame = (event: AiStreamEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`)

/**
 * The chat endpoint answering with a stream the test feeds: `send` pushes events, `end` closes
 * it. `bodies` records what each request carried.
 */
export function chatStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null
  const bodies: AiChatBody[] = []
  const handler = http.post(`*/platform/projects/${REF}/ai/chat`, async ({ request }) => {
    bodies.push((await request.json()) as AiChatBody)
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } })
  })
  return {
    handler,
    bodies,
    send: (...events: AiStreamEvent[]) => events.forEach((event) => controller?.enqueue(frame(event))),
    end: () => controller?.close(),
  }
}

/** The chat endpoint answering with all of `events` at once. */
export const chatAnswer = (...events: AiStreamEvent[]) =>
  http.post(`*/platform/projects/${REF}/ai/chat`, () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        events.forEach((event) => c.enqueue(frame(event)))
        c.close()
      },
    })
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } })
  })
