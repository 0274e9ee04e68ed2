import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query'

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
