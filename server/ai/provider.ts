/**
 * The assistant's model: any OpenAI-compatible `chat/completions` endpoint (OpenAI, Ollama, vLLM,
 * llama.cpp's server, LM Studio), through the AI SDK's OpenAI-compatible provider. The key stays
 * here: it is sent to the provider only, and scrubbed from anything the provider says back.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import type { AiConfig } from '@/lib/config'

/** The configured model, or null when AI_BASE_URL or AI_MODEL is unset (the assistant says so). */
export function configuredModel(config: AiConfig): LanguageModel | null {
  if (!config.baseUrl || !config.model) return null
  const provider = createOpenAICompatible({
    name: 'assistant',
    baseURL: config.baseUrl,
    // Local servers take none; sent as a Bearer token when set.
    apiKey: config.apiKey ?? undefined,
  })
  return provider.chatModel(config.model)
}

/** A text with the key (and anything that looks like a bearer token of it) taken out. */
export function scrubSecret(text: string, config: AiConfig): string {
  const key = config.apiKey
  return key && key.length >= 4 ? text.split(key).join('[redacted]') : text
}
