/**
 * What a failed answer says in the chat: one clear sentence per way a provider fails, never the
 * key, never a stack. The sentences name the setting to check, for the operator who reads them.
 */
import { APICallError } from 'ai'
import type { AiConfig } from '@/lib/config'
import { scrubSecret } from './provider'

function causes(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current: unknown = error
  for (let i = 0; current && i < 6; i++) {
    chain.push(current)
    current = (current as { cause?: unknown }).cause ?? (current as { lastError?: unknown }).lastError
  }
  return chain
}

function codeOf(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

const BROKEN = 'The model’s answer could not be read: its stream broke off or was malformed. Try again.'

/**
 * The chat's message for a provider failure (`timedOut`: our own deadline fired; `started`: the
 * provider had begun to answer, so a dropped connection is a broken stream, not an unreachable server).
 */
export function describeProviderError(error: unknown, config: AiConfig, timedOut: boolean, started = false): string {
  if (timedOut) {
    return `The model did not answer within ${Math.round(config.timeoutMs / 100) / 10} s. Try again, or check that the server at AI_BASE_URL is running.`
  }
  const call = causes(error).find((e) => APICallError.isInstance(e))
  if (call && APICallError.isInstance(call) && call.statusCode !== undefined) {
    const status = call.statusCode
    if (status < 300) return BROKEN // the answer had begun: its stream broke
    if (status === 401 || status === 403) {
      return `The model provider refused the request (${status}): check AI_API_KEY.`
    }
    if (status === 404) return `The model provider does not know the model or the endpoint (404): check AI_MODEL and AI_BASE_URL.`
    if (status === 429) return 'The model provider is rate limiting this dashboard (429). Try again in a moment.'
    const said = scrubSecret(String((call.data as { error?: { message?: unknown } } | undefined)?.error?.message ?? ''), config).slice(0, 200)
    return `The model provider failed (${status})${said ? `: ${said}` : ''}. Try again.`
  }
  const code = codeOf(error)
  if (started) return BROKEN
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return `Could not reach the model at AI_BASE_URL (${code}). Check that the server is running and the address is right.`
  }
  const text = causes(error).map((e) => (e instanceof Error ? `${e.name} ${e.message}` : '')).join(' ')
  if (/JSON|parse|Type validation|invalid.*(chunk|response)|terminated/i.test(text)) {
    return BROKEN
  }
  if (/fetch failed|network|socket/i.test(text)) {
    return 'Could not reach the model at AI_BASE_URL. Check that the server is running and the address is right.'
  }
  return 'The model failed to answer. Try again.'
}
