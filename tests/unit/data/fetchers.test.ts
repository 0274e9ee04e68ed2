import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_HEAD_TIMEOUT_MS,
  del,
  GENERIC_ERROR_MESSAGE,
  get,
  head,
  NETWORK_ERROR_MESSAGE,
  parseRetryAfter,
  patch,
  post,
  put,
  resolveUrl,
  ResponseError,
  serializeQuery,
  setAccessTokenProvider,
} from '@/data/fetchers'
import { reportError } from '@/lib/error-reporting'
import { server } from '../../msw-server'

vi.mock('@/lib/error-reporting', () => ({ reportError: vi.fn(() => null) }))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
// Config defaults in jsdom: API_URL is /dashboard/api on the page's origin (http://localhost:3000).
const API = `${window.location.origin}/dashboard/api`

/** Runs `fn` and returns what it threw. */
async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

afterEach(() => {
  setAccessTokenProvider(null)
  vi.mocked(reportError).mockClear()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('requests', () => {
  it('sends a fresh UUID X-Request-Id with every request', async () => {
    const ids: (string | null)[] = []
    server.use(
      http.get(`${API}/platform/profile`, ({ request }) => {
        ids.push(request.headers.get('x-request-id'))
        return HttpResponse.json({ id: 1 })
      })
    )
    await get('/platform/profile')
    await get('/platform/profile')
    expect(ids).toHaveLength(2)
    expect(ids[0]).toMatch(UUID)
    expect(ids[1]).toMatch(UUID)
    expect(ids[0]).not.toBe(ids[1])
  })

  it('sends credentials and prefixes /platform paths with the API URL', async () => {
    let seen: Request | undefined
    server.use(
      http.get(`${API}/platform/organizations`, ({ request }) => {
        seen = request
        return HttpResponse.json([{ slug: 'acme' }])
      })
    )
    await expect(get('/platform/organizations')).resolves.toEqual([{ slug: 'acme' }])
    expect(seen?.credentials).toBe('include')
    expect(seen?.url).toBe(`${API}/platform/organizations`)
  })

  it('passes credentials: include to fetch itself', async () => {
    server.use(http.get(`${API}/platform/profile`, () => HttpResponse.json({})))
    const spy = vi.spyOn(globalThis, 'fetch')
    await get('/platform/profile')
    expect(spy).toHaveBeenCalledOnce()
    expect(spy.mock.calls[0][1]).toMatchObject({ credentials: 'include', method: 'GET' })
  })

  it('passes absolute URLs through', async () => {
    server.use(http.get('https://api.example.com/v1/things', () => HttpResponse.json({ ok: true })))
    await expect(get('https://api.example.com/v1/things')).resolves.toEqual({ ok: true })
    expect(resolveUrl('https://api.example.com/platform/x')).toBe('https://api.example.com/platform/x')
    expect(resolveUrl('/dashboard/api/get-utc-time')).toBe(`${window.location.origin}/dashboard/api/get-utc-time`)
  })

  it('serialises array query parameters as comma lists', async () => {
    let url = ''
    server.use(
      http.get(`${API}/platform/projects`, ({ request }) => {
        url = request.url
        return HttpResponse.json([])
      })
    )
    await get('/platform/projects', {
      query: { ids: ['a', 'b'], limit: 10, archived: false, skip: undefined, none: null },
    })
    expect(url).toBe(`${API}/platform/projects?ids=a,b&limit=10&archived=false`)
    expect(new URL(url).searchParams.get('ids')).toBe('a,b')
  })

  it('encodes query items but keeps the separating commas literal', () => {
    expect(serializeQuery({ q: 'a b&c', tags: ['x,y', 'z'] })).toBe('q=a%20b%26c&tags=x%2Cy,z')
    expect(resolveUrl('/platform/x?a=1', { b: [1, 2] })).toBe(`${API}/platform/x?a=1&b=1,2`)
  })

  it('sends a JSON body with Content-Type: application/json on POST and returns the JSON answer', async () => {
    let received: { method: string; contentType: string | null; body: unknown } | undefined
    server.use(
      http.post(`${API}/platform/profile/password-check`, async ({ request }) => {
        received = {
          method: request.method,
          contentType: request.headers.get('content-type'),
          body: await request.json(),
        }
        return HttpResponse.json({ result: { score: 4 } })
      })
    )
    const data = await post<{ result: { score: number } }>('/platform/profile/password-check', {
      password: 'hunter2',
    })
    expect(data.result.score).toBe(4)
    expect(received).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: { password: 'hunter2' },
    })
  })

  it('resolves to undefined for 204 and empty bodies', async () => {
    server.use(
      http.post(`${API}/platform/profile`, () => new HttpResponse(null, { status: 201 })),
      http.delete(`${API}/platform/things/1`, () => new HttpResponse(null, { status: 204 }))
    )
    await expect(post('/platform/profile')).resolves.toBeUndefined()
    await expect(del('/platform/things/1')).resolves.toBeUndefined()
  })

  it('has PUT, PATCH and DELETE helpers with JSON bodies', async () => {
    const seen: string[] = []
    const echo = async ({ request }: { request: Request }) => {
      seen.push(`${request.method} ${JSON.stringify(await request.json())}`)
      return HttpResponse.json({ ok: true })
    }
    server.use(
      http.put(`${API}/platform/things/1`, echo),
      http.patch(`${API}/platform/things/1`, echo),
      http.delete(`${API}/platform/things/1`, echo)
    )
    await put('/platform/things/1', { a: 1 })
    await patch('/platform/things/1', { b: 2 })
    await del('/platform/things/1', { body: { c: 3 } })
    expect(seen).toEqual(['PUT {"a":1}', 'PATCH {"b":2}', 'DELETE {"c":3}'])
  })

  it('sends FormData as it is, without forcing a JSON content type', async () => {
    let contentType: string | null = null
    server.use(
      http.post(`${API}/platform/upload`, ({ request }) => {
        contentType = request.headers.get('content-type')
        return HttpResponse.json({ ok: true })
      })
    )
    const form = new FormData()
    form.set('name', 'file')
    await post('/platform/upload', form)
    expect(contentType).toMatch(/^multipart\/form-data/)
  })
})

describe('Authorization', () => {
  function captureAuthorization(): { value: () => string | null | undefined } {
    let value: string | null | undefined
    server.use(
      http.get(`${API}/platform/profile`, ({ request }) => {
        value = request.headers.get('authorization')
        return HttpResponse.json({})
      })
    )
    return { value: () => value }
  }

  it('adds Bearer <token> from the access token provider', async () => {
    const auth = captureAuthorization()
    setAccessTokenProvider(async () => 'token-123')
    await get('/platform/profile')
    expect(auth.value()).toBe('Bearer token-123')
  })

  it("keeps the caller's Authorization and does not ask the provider", async () => {
    const auth = captureAuthorization()
    const provider = vi.fn(async () => 'token-123')
    setAccessTokenProvider(provider)
    await get('/platform/profile', { headers: { Authorization: 'Bearer mine' } })
    expect(auth.value()).toBe('Bearer mine')
    expect(provider).not.toHaveBeenCalled()
  })

  it('sends no Authorization when the provider has no token, fails, or is not set', async () => {
    const auth = captureAuthorization()
    await get('/platform/profile')
    expect(auth.value()).toBeNull()

    setAccessTokenProvider(async () => undefined)
    await get('/platform/profile')
    expect(auth.value()).toBeNull()

    setAccessTokenProvider(async () => {
      throw new Error('no session')
    })
    await get('/platform/profile')
    expect(auth.value()).toBeNull()
  })

  it('never sends the token to a third-party origin', async () => {
    let value: string | null = 'unset'
    server.use(
      http.get('https://status.example.org/summary.json', ({ request }) => {
        value = request.headers.get('authorization')
        return HttpResponse.json({})
      })
    )
    setAccessTokenProvider(async () => 'token-123')
    await get('https://status.example.org/summary.json')
    expect(value).toBeNull()
  })

  it("sends a project's API on its own origin no cookie, token or request id of the dashboard's (a plain CORS request)", async () => {
    const seen: { authorization: string | null; requestId: string | null } = { authorization: 'unset', requestId: 'unset' }
    server.use(
      http.get('http://localhost:8083/abc/storage/v1/object/sign/docs/a.txt', ({ request }) => {
        seen.authorization = request.headers.get('authorization')
        seen.requestId = request.headers.get('x-request-id')
        return HttpResponse.text('hello')
      })
    )
    setAccessTokenProvider(async () => 'token-123')
    const spy = vi.spyOn(globalThis, 'fetch')
    expect(await get('http://localhost:8083/abc/storage/v1/object/sign/docs/a.txt?token=t')).toBe('hello')
    expect(seen).toEqual({ authorization: null, requestId: null })
    expect(spy.mock.calls[0][1]).toMatchObject({ credentials: 'omit' })
  })

  it('sends the token to an absolute API_URL on another origin', async () => {
    window.__DASHBOARD_CONFIG__ = {
      ...(await import('@/lib/config')).getConfig(),
      apiUrl: 'https://api.example.com',
    }
    try {
      let value: string | null = null
      server.use(
        http.get('https://api.example.com/platform/profile', ({ request }) => {
          value = request.headers.get('authorization')
          return HttpResponse.json({})
        })
      )
      setAccessTokenProvider(async () => 'token-123')
      await get('/platform/profile')
      expect(value).toBe('Bearer token-123')
    } finally {
      delete window.__DASHBOARD_CONFIG__
    }
  })
})

describe('errors', () => {
  it('shapes a failure: code, message from the body, requestId and retryAfter (seconds)', async () => {
    let sentId: string | null = null
    server.use(
      http.get(`${API}/platform/projects`, ({ request }) => {
        sentId = request.headers.get('x-request-id')
        return HttpResponse.json(
          { message: 'Too many requests, slow down' },
          { status: 429, headers: { 'Retry-After': '7' } }
        )
      })
    )
    const error = await caught(() => get('/platform/projects'))
    expect(error).toBeInstanceOf(ResponseError)
    expect(error).toMatchObject({
      name: 'ResponseError',
      message: 'Too many requests, slow down',
      code: 429,
      retryAfter: 7,
      body: { message: 'Too many requests, slow down' },
    })
    expect((error as ResponseError).requestId).toBe(sentId)
    expect(sentId).toMatch(UUID)
  })

  it('reads Retry-After given as an HTTP date', async () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString()
    server.use(
      http.get(`${API}/platform/projects`, () =>
        HttpResponse.json({}, { status: 503, headers: { 'Retry-After': inTenSeconds } })
      )
    )
    const error = (await caught(() => get('/platform/projects'))) as ResponseError
    expect(error.retryAfter).toBeGreaterThanOrEqual(9)
    expect(error.retryAfter).toBeLessThanOrEqual(10)
  })

  it('parses Retry-After values', () => {
    const now = Date.parse('2025-05-16T22:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120)
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('Fri, 16 May 2025 22:00:30 GMT', now)).toBe(30)
    expect(parseRetryAfter('Fri, 16 May 2025 21:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
  })

  it('prefers the request id the server echoes back', async () => {
    server.use(
      http.get(`${API}/platform/projects`, () =>
        HttpResponse.json({}, { status: 502, headers: { 'X-Request-Id': 'edge-42' } })
      )
    )
    const error = (await caught(() => get('/platform/projects'))) as ResponseError
    expect(error.requestId).toBe('edge-42')
  })

  it.each([
    [{ msg: 'Invalid login credentials' }, 'Invalid login credentials'],
    [{ error: 'invalid_grant', error_description: 'Refresh token expired' }, 'Refresh token expired'],
    [{ error: { message: 'Nested message' } }, 'Nested message'],
  ])('takes the message from %j', async (body, message) => {
    server.use(http.get(`${API}/platform/profile`, () => HttpResponse.json(body, { status: 400 })))
    const error = (await caught(() => get('/platform/profile'))) as ResponseError
    expect(error.message).toBe(message)
    expect(error.code).toBe(400)
  })

  it('says "An error has occurred: {status}" for an empty, message-less or non-JSON body', async () => {
    server.use(
      http.get(`${API}/platform/a`, () => new HttpResponse(null, { status: 500 })),
      http.get(`${API}/platform/b`, () => HttpResponse.json({ code: 'x' }, { status: 404 })),
      http.get(`${API}/platform/c`, () => HttpResponse.text('<html>Bad gateway</html>', { status: 502 }))
    )
    expect(await caught(() => get('/platform/a'))).toMatchObject({ message: 'An error has occurred: 500', code: 500 })
    expect(await caught(() => get('/platform/b'))).toMatchObject({ message: 'An error has occurred: 404', code: 404 })
    expect(await caught(() => get('/platform/c'))).toMatchObject({
      message: 'An error has occurred: 502',
      code: 502,
      body: '<html>Bad gateway</html>',
    })
  })

  it('turns a network failure into the "Unable to reach the server" error', async () => {
    server.use(http.get(`${API}/platform/profile`, () => HttpResponse.error()))
    const error = await caught(() => get('/platform/profile'))
    expect(error).toBeInstanceOf(ResponseError)
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, code: undefined })
    expect((error as ResponseError).requestId).toMatch(UUID)
  })

  it('falls back to a generic message for a thrown error without one', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new Error(''))
    const error = await caught(() => get('/platform/profile'))
    expect(error).toBeInstanceOf(ResponseError)
    expect((error as ResponseError).message).toBe(GENERIC_ERROR_MESSAGE)
    expect(new ResponseError(undefined).message).toBe('An API error has occurred')
  })

  it('rethrows an abort by the caller untouched', async () => {
    server.use(
      http.get(`${API}/platform/projects`, async () => {
        await delay('infinite')
        return HttpResponse.json([])
      })
    )
    const controller = new AbortController()
    const pending = caught(() => get('/platform/projects', { signal: controller.signal }))
    controller.abort()
    const error = await pending
    expect(error).not.toBeInstanceOf(ResponseError)
    expect((error as Error).name).toBe('AbortError')
  })

  it('rethrows an abort that happened before the request started', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await caught(() => get('/platform/projects', { signal: controller.signal }))
    expect((error as Error).name).toBe('AbortError')
  })

  it('reports server errors but not client errors, network failures or aborts', async () => {
    server.use(
      http.get(`${API}/platform/five`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      http.get(`${API}/platform/four`, () => HttpResponse.json({ message: 'nope' }, { status: 404 })),
      http.get(`${API}/platform/offline`, () => HttpResponse.error())
    )
    const error = await caught(() => get('/platform/five'))
    await caught(() => get('/platform/four'))
    await caught(() => get('/platform/offline'))
    expect(reportError).toHaveBeenCalledTimes(1)
    expect(reportError).toHaveBeenCalledWith(
      error,
      expect.objectContaining({
        tags: expect.objectContaining({ code: 500, method: 'GET', requestId: (error as ResponseError).requestId }),
      })
    )
  })
})

describe('head', () => {
  it('answers with the status and headers', async () => {
    let method = ''
    server.use(
      http.head(`${API}/platform/storage/object`, ({ request }) => {
        method = request.method
        return new HttpResponse(null, { status: 200, headers: { 'Content-Length': '42' } })
      })
    )
    const result = await head('/platform/storage/object')
    expect(method).toBe('HEAD')
    expect(result.status).toBe(200)
    expect(result.headers.get('content-length')).toBe('42')
  })

  it('gives up after its timeout with a ResponseError', async () => {
    server.use(
      http.head(`${API}/platform/slow`, async () => {
        await delay('infinite')
        return new HttpResponse(null)
      })
    )
    const error = await caught(() => head('/platform/slow', { timeout: 30 }))
    expect(error).toBeInstanceOf(ResponseError)
    expect((error as ResponseError).message).toMatch(/timed out/)
    expect(reportError).not.toHaveBeenCalled()
  })

  it('waits 60 s by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    server.use(
      http.head(`${API}/platform/slow`, async () => {
        await delay('infinite')
        return new HttpResponse(null)
      })
    )
    let settled: unknown = 'pending'
    void head('/platform/slow').catch((error: unknown) => {
      settled = error
    })
    await vi.advanceTimersByTimeAsync(DEFAULT_HEAD_TIMEOUT_MS - 1)
    expect(settled).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBeInstanceOf(ResponseError)
  })

  it("still honours the caller's signal", async () => {
    server.use(
      http.head(`${API}/platform/slow`, async () => {
        await delay('infinite')
        return new HttpResponse(null)
      })
    )
    const controller = new AbortController()
    const pending = caught(() => head('/platform/slow', { signal: controller.signal }))
    controller.abort()
    const error = await pending
    expect(error).not.toBeInstanceOf(ResponseError)
    expect((error as Error).name).toBe('AbortError')
  })

  it('fails with a ResponseError on a failed status', async () => {
    server.use(http.head(`${API}/platform/missing`, () => new HttpResponse(null, { status: 404 })))
    expect(await caught(() => head('/platform/missing'))).toMatchObject({
      message: 'An error has occurred: 404',
      code: 404,
    })
  })
})
