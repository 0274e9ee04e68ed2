import { describe, expect, it } from 'vitest'
import { parseConfig, toPublicConfig } from '@/lib/config'

describe('the assistant settings', () => {
  it('are off until a base URL and a model are set; the defaults are the README’s', () => {
    expect(parseConfig({}).ai).toEqual({
      baseUrl: null,
      apiKey: null,
      model: null,
      optIn: ['AI_SQL_GENERATOR_OPT_IN', 'AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN'],
      timeoutMs: 60_000,
      requestsPerMinute: 20,
    })
  })

  it('read the provider, trim a trailing slash, and keep only known opt-in keys', () => {
    const { ai } = parseConfig({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'llama3.1',
      AI_API_KEY: ' sk-local ',
      AI_OPT_IN: 'AI_LOG_GENERATOR_OPT_IN, AI_EVERYTHING',
      AI_TIMEOUT_MS: '5000',
      AI_REQUESTS_PER_MINUTE: '3',
    })
    expect(ai).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', apiKey: 'sk-local', optIn: ['AI_LOG_GENERATOR_OPT_IN'], timeoutMs: 5000, requestsPerMinute: 3 })
    expect(parseConfig({ AI_OPT_IN: '' }).ai.optIn).toEqual([])
  })

  it('never hand the key (or any of them) to the browser', () => {
    const config = parseConfig({ AI_BASE_URL: 'https://models.example/v1', AI_MODEL: 'm', AI_API_KEY: 'sk-secret-value' })
    const browser = JSON.stringify(toPublicConfig(config))
    expect(browser).not.toContain('sk-secret-value')
    expect(browser).not.toContain('models.example')
  })
})
