import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'

/**
 * One query of `data/`: its cache key, its fetcher and how long its data stays fresh. Returns the
 * `queryOptions` builder (prefetching, `setQueryData`, tests) and the hook components use. The
 * query runs once `ready(args)` holds (e.g. the ref or slug is known) and the caller's `enabled`
 * (default true) allows it.
 */
export function defineQuery<Args extends object, Data, Key extends QueryKey>(
  key: (args: Args) => Key,
  fetch: (args: Args, signal: AbortSignal) => Promise<Data>,
  { staleTime, ready }: { staleTime: number; ready?: (args: Args) => boolean }
) {
  const options = (args: Args & { enabled?: boolean }) =>
    queryOptions({
      queryKey: key(args),
      queryFn: ({ signal }) => fetch(args, signal),
      staleTime,
      enabled: (args.enabled ?? true) && (ready?.(args) ?? true),
    })
  return { options, use: (args: Args & { enabled?: boolean }) => useQuery(options(args)) }
}

/**
 * A GET of one project's resource as a query: `fetch({ projectRef }, signal)` reads `url(projectRef)`
 * (which throws without a ref), and the query waits for the ref.
 */
export function defineProjectGet<Data, Key extends QueryKey = QueryKey>(
  key: (projectRef: string | undefined) => Key,
  url: (projectRef: string | undefined) => string,
  staleTime: number = DEFAULT_STALE_TIME_MS
) {
  const fetch = ({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<Data> => get<Data>(url(projectRef), { signal })
  const query = defineQuery(({ projectRef }: { projectRef?: string }) => key(projectRef), fetch, { staleTime, ready: ({ projectRef }) => Boolean(projectRef) })
  return { fetch, ...query }
}

/**
 * A query without variables (the signed-in user's profile, organizations, MFA state): its
 * `options()` and hook take only whether it may run yet (default yes).
 */
export function defineUserQuery<Data, Key extends QueryKey>(key: () => Key, fetch: (signal: AbortSignal) => Promise<Data>, staleTime: number) {
  const query = defineQuery((_: { enabled?: boolean }) => key(), (_, signal) => fetch(signal), { staleTime })
  return { options: (args: { enabled?: boolean } = {}) => query.options(args), use: (args: { enabled?: boolean } = {}) => query.use(args) }
}
