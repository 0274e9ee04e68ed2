import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { get, ResponseError } from '@/data/fetchers'
import {
  createQueryClient,
  DEFAULT_STALE_TIME_MS,
  getQueryClient,
  retryDelay,
  shouldRetry,
} from '@/data/query-client'
import { server } from '../../msw-server'

vi.mock('@/lib/error-reporting', () => ({ reportError: vi.fn(() => null) }))

const API = `${window.location.origin}/dashboard/api`

function failure(code: number | undefined, retryAfter?: number): ResponseError {
  return new ResponseError('failed', { code, retryAfter })
}

describe('retryDelay', () => {
  it('doubles from 1 s up to a 30 s cap', () => {
    const schedule = [0, 1, 2, 3, 4, 5, 6].map((index) => retryDelay(index, failure(503)))
    expect(schedule).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
  })

  it("waits the server's Retry-After seconds when given", () => {
    expect(retryDelay(0, failure(429, 5))).toBe(5_000)
    expect(retryDelay(3, failure(503, 2))).toBe(2_000)
    expect(retryDelay(2, failure(503, 0))).toBe(0)
  })

  it('backs off exponentially for errors that are not ResponseErrors', () => {
    expect(retryDelay(1, new Error('x'))).toBe(2_000)
    expect(retryDelay(0, undefined)).toBe(1_000)
  })
})

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 409, 422, 499])('does not retry a %i', (code) => {
    expect(shouldRetry(0, failure(code))).toBe(false)
  })

  it('retries 429 up to 3 times', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure(429)))).toEqual([true, true, true, false])
  })

  it.each([500, 502, 503, 504])('retries a %i up to 3 times, then stops', (code) => {
    expect([0, 1, 2, 3, 4].map((count) => shouldRetry(count, failure(code)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })

  it('retries network failures and unknown errors up to 3 times', () => {
    expect(shouldRetry(0, failure(undefined))).toBe(true)
    expect(shouldRetry(2, new Error('boom'))).toBe(true)
    expect(shouldRetry(3, new Error('boom'))).toBe(false)
  })

  it('reads the status of errors that carry `status` (e.g. auth errors)', () => {
    expect(shouldRetry(0, { status: 401, message: 'expired' })).toBe(false)
    expect(shouldRetry(0, { status: 500, message: 'down' })).toBe(true)
  })
})

describe('createQueryClient', () => {
  it('uses the spec defaults', () => {
    const client = createQueryClient()
    const defaults = client.getDefaultOptions()
    expect(defaults.queries?.staleTime).toBe(DEFAULT_STALE_TIME_MS)
    expect(DEFAULT_STALE_TIME_MS).toBe(60_000)
    expect(defaults.queries?.retry).toBe(shouldRetry)
    expect(defaults.queries?.retryDelay).toBe(retryDelay)
    expect(defaults.mutations?.retry).toBe(false)
  })

  it('lets overrides replace single defaults', () => {
    const client = createQueryClient({ queries: { retryDelay: 1 } })
    const defaults = client.getDefaultOptions()
    expect(defaults.queries?.retryDelay).toBe(1)
    expect(defaults.queries?.retry).toBe(shouldRetry)
  })

  it('getQueryClient gives one client for the browser session', () => {
    expect(getQueryClient()).toBe(getQueryClient())
  })
})

describe('retry policy with a real QueryClient', () => {
  function renderQuery(path: string, overrides: Parameters<typeof createQueryClient>[0] = {}) {
    const client = createQueryClient(overrides)
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    return renderHook(
      () => useQuery({ queryKey: ['test', path], queryFn: ({ signal }) => get(path, { signal }) }),
      { wrapper }
    )
  }

  it('fails a 404 after one request', async () => {
    let calls = 0
    server.use(
      http.get(`${API}/platform/projects/nope`, () => {
        calls++
        return HttpResponse.json({ message: 'Project not found' }, { status: 404 })
      })
    )
    const { result } = renderQuery('/platform/projects/nope')
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(calls).toBe(1)
    expect(result.current.error).toMatchObject({ code: 404, message: 'Project not found' })
  })

  it('retries a 503 and succeeds', async () => {
    let calls = 0
    server.use(
      http.get(`${API}/platform/projects`, () => {
        calls++
        return calls < 3
          ? HttpResponse.json({ message: 'unavailable' }, { status: 503 })
          : HttpResponse.json([{ ref: 'abc' }])
      })
    )
    const { result } = renderQuery('/platform/projects', { queries: { retryDelay: 1 } })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(calls).toBe(3)
    expect(result.current.data).toEqual([{ ref: 'abc' }])
  })

  it('stops a 500 after 3 retries (4 requests)', async () => {
    let calls = 0
    server.use(
      http.get(`${API}/platform/projects`, () => {
        calls++
        return new HttpResponse(null, { status: 500 })
      })
    )
    const { result } = renderQuery('/platform/projects', { queries: { retryDelay: 1 } })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(calls).toBe(4)
    expect(result.current.error).toMatchObject({ code: 500, message: 'An error has occurred: 500' })
  })

  it('retries a 429 after the Retry-After the server sent', async () => {
    const times: number[] = []
    server.use(
      http.get(`${API}/platform/projects`, () => {
        times.push(Date.now())
        return times.length === 1
          ? HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'Retry-After': '0' } })
          : HttpResponse.json([])
      })
    )
    // The real retryDelay: Retry-After 0 s means no wait instead of the 1 s back-off.
    const { result } = renderQuery('/platform/projects')
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 900 })
    expect(times).toHaveLength(2)
    expect(times[1] - times[0]).toBeLessThan(900)
  })

  it('waits 1 s, 2 s, then 4 s between retries of a 503 (real retryDelay, fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      let calls = 0
      server.use(
        http.get(`${API}/platform/projects`, () => {
          calls++
          return calls <= 3
            ? HttpResponse.json({ message: 'unavailable' }, { status: 503 })
            : HttpResponse.json([{ ref: 'abc' }])
        })
      )
      const client = createQueryClient()
      const data = client.fetchQuery({
        queryKey: ['projects'],
        queryFn: ({ signal }) => get('/platform/projects', { signal }),
      })
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(1)
      for (const [wait, callsAfter] of [
        [1_000, 2],
        [2_000, 3],
        [4_000, 4],
      ]) {
        await vi.advanceTimersByTimeAsync(wait - 1)
        expect(calls).toBe(callsAfter - 1)
        await vi.advanceTimersByTimeAsync(1)
        expect(calls).toBe(callsAfter)
      }
      await expect(data).resolves.toEqual([{ ref: 'abc' }])
    } finally {
      vi.useRealTimers()
    }
  })
})
