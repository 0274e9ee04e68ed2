import * as Sentry from '@sentry/nextjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig, toPublicConfig } from '@/lib/config'
import {
  ERROR_SAMPLE_RATE,
  initErrorReporting,
  reportError,
  resetErrorReporting,
  setErrorTag,
} from '@/lib/error-reporting'

vi.mock('@sentry/nextjs', () => ({
  init: vi.fn(),
  captureException: vi.fn(),
  setTag: vi.fn(),
}))

const DSN = 'https://public@errors.example.com/1'

function configure(env: Record<string, string>): void {
  window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig(env))
}

/** Lets the queued SDK calls run. */
async function flush(): Promise<void> {
  await initErrorReporting()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
  resetErrorReporting()
  vi.mocked(Sentry.init).mockReset()
  vi.mocked(Sentry.captureException).mockReset()
  vi.mocked(Sentry.setTag).mockReset()
})

describe('without a DSN', () => {
  it('stays off: nothing is started, reported or thrown', async () => {
    await expect(initErrorReporting()).resolves.toBe(false)
    expect(reportError(new Error('boom'))).toBeNull()
    expect(() => setErrorTag('page', 'home')).not.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(Sentry.init).not.toHaveBeenCalled()
    expect(Sentry.captureException).not.toHaveBeenCalled()
  })
})

describe('with a DSN', () => {
  it('starts the SDK once with the DSN, sample rate 0.2 and the environment', async () => {
    configure({ SENTRY_DSN: DSN, IS_PLATFORM: 'false' })
    await expect(initErrorReporting()).resolves.toBe(true)
    await initErrorReporting()
    expect(Sentry.init).toHaveBeenCalledTimes(1)
    expect(ERROR_SAMPLE_RATE).toBe(0.2)
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: DSN,
        sampleRate: 0.2,
        environment: 'test',
        initialScope: { tags: { mode: 'self-hosted' } },
      })
    )
  })

  it('returns the event id at once and sends the error with it', async () => {
    configure({ SENTRY_DSN: DSN })
    await initErrorReporting()
    const error = new Error('boom')
    const id = reportError(error, { tags: { requestId: 'r-1', code: 500, skipped: undefined }, extra: { url: '/x' } })
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    await flush()
    expect(Sentry.captureException).toHaveBeenCalledWith(error, {
      event_id: id,
      captureContext: { tags: { requestId: 'r-1', code: '500' }, extra: { url: '/x' }, level: 'error' },
    })
  })

  it('starts the SDK itself when reportError comes first', async () => {
    configure({ SENTRY_DSN: DSN })
    const id = reportError(new Error('early'), { level: 'fatal' })
    expect(id).not.toBeNull()
    await flush()
    expect(Sentry.init).toHaveBeenCalledTimes(1)
    expect(Sentry.captureException).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ event_id: id, captureContext: expect.objectContaining({ level: 'fatal' }) })
    )
  })

  it('gives different ids to different reports', async () => {
    configure({ SENTRY_DSN: DSN })
    expect(reportError(new Error('a'))).not.toBe(reportError(new Error('b')))
  })

  it('keeps tags set before the SDK started and forwards later ones', async () => {
    configure({ SENTRY_DSN: DSN })
    setErrorTag('errorBoundary', true)
    await initErrorReporting()
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ initialScope: { tags: { mode: 'platform', errorBoundary: 'true' } } })
    )
    setErrorTag('page', '/org/[slug]')
    await flush()
    expect(Sentry.setTag).toHaveBeenCalledWith('page', '/org/[slug]')
  })

  it('stays quiet when the SDK cannot start', async () => {
    configure({ SENTRY_DSN: DSN })
    vi.mocked(Sentry.init).mockImplementationOnce(() => {
      throw new Error('blocked')
    })
    await expect(initErrorReporting()).resolves.toBe(false)
    expect(() => reportError(new Error('boom'))).not.toThrow()
    await flush()
    expect(Sentry.captureException).not.toHaveBeenCalled()
  })
})
