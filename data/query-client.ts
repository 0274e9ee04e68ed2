/**
 * The query client: cache defaults and the retry policy, in one place (spec §7, §9; STYLE §3).
 */
import { QueryClient, type DefaultOptions } from '@tanstack/react-query'
import {
  DEFAULT_STALE_TIME_MS,
  QUERY_MAX_RETRIES as MAX_RETRIES,
  QUERY_RETRY_BASE_DELAY_MS as RETRY_BASE_DELAY_MS,
  QUERY_RETRY_MAX_DELAY_MS as RETRY_MAX_DELAY_MS,
} from '@/lib/constants'

export { DEFAULT_STALE_TIME_MS, MAX_RETRIES, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS }

/** HTTP status of an error: `code` of a ResponseError, or `status` of e.g. an auth-js error. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, status } = error as { code?: unknown; status?: unknown }
  if (typeof code === 'number') return code
  if (typeof status === 'number') return status
  return undefined
}

/**
 * spec §7: client errors (400–499) are not retried, except 429 (too many requests); any other
 * failure is retried up to 3 times. `failureCount` is the number of earlier retries (0 on the
 * first failure), as react-query passes it.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error)
  if (status !== undefined && status >= 400 && status < 500 && status !== 429) return false
  return failureCount < MAX_RETRIES
}

/**
 * spec §7: wait the server's Retry-After seconds when it gave them, otherwise 1 s doubling per
 * failure up to 30 s (1, 2, 4, 8, 16, 30, 30 … s). `failureIndex` is 0 for the first retry.
 */
export function retryDelay(failureIndex: number, error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const { retryAfter } = error as { retryAfter?: unknown }
    if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0) {
      return retryAfter * 1000
    }
  }
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, failureIndex), RETRY_MAX_DELAY_MS)
}

/**
 * A new query client with the spec's defaults. `overrides` are merged over them (tests use it
 * for a short retryDelay, for instance).
 */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        ...overrides.queries,
      },
      mutations: {
        // A mutation is never repeated behind the user's back.
        retry: false,
        ...overrides.mutations,
      },
    },
  })
}

let browserClient: QueryClient | undefined

/**
 * The query client to use: one for the whole browser session, but a new one per call on the
 * server so that no data leaks between requests of different users.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient()
  browserClient ??= createQueryClient()
  return browserClient
}
