export type FakeRequest = {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: {
    model: string
    stream?: boolean
    messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[]
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[]
    [key: string]: unknown
  }
  /** When the request arrived and when the first piece of text was sent (epoch ms). */
  receivedAt: number
  firstChunkAt?: number
  /** The caller hung up before the reply was complete. */
  closedEarly?: boolean
}
export type FakeReply = {
  text?: string[]
  toolCalls?: { name: string; arguments: unknown }[]
  status?: number
  error?: string
  hang?: boolean
  broken?: boolean
  cut?: boolean
  stall?: boolean
  delayMs?: number
  firstDelayMs?: number
}
export type FakeScript = (request: FakeRequest) => FakeReply
export type FakeOpenAI = {
  baseUrl: string
  port: number
  requests: FakeRequest[]
  setScript(script: FakeScript): void
  close(): Promise<void>
}
export function startFakeOpenAI(options?: { script?: FakeScript; apiKey?: string; port?: number; delayMs?: number; firstDelayMs?: number }): Promise<FakeOpenAI>
export function defaultScript(request: FakeRequest): FakeReply
export function lastMessage(request: FakeRequest, role: string): string
export function tokens(text: string, size?: number): string[]
