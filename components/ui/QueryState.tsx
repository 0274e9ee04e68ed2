import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { ErrorState } from './ErrorState'
import { SkeletonLines } from './Skeleton'

export type QueryStateOptions<Data> = {
  /** What loads, plural: "Failed to load {what}" on failure, "Loading {what}" meanwhile. */
  what: string
  /** Overrides of those two texts. */
  errorTitle?: string
  loadingLabel?: string
  /** How many placeholder lines stand in while it loads. */
  lines?: number
  /** Shown when the data is an empty list (or `isEmpty` says so). */
  empty?: ReactNode
  isEmpty?: (data: Data) => boolean
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0

/**
 * STYLE §4, the states of a query's screen before its data: the failure (with Retry), placeholder
 * lines while it loads, `empty` when there is nothing. Null once there is data to show.
 */
export function queryState<Data>(
  query: UseQueryResult<Data>,
  { what, errorTitle, loadingLabel, lines = 4, empty, isEmpty = isEmptyList }: QueryStateOptions<Data>
): ReactNode {
  if (query.isError) {
    return <ErrorState title={errorTitle ?? `Failed to load ${what}`} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  }
  if (query.isPending) return <SkeletonLines lines={lines} label={loadingLabel ?? `Loading ${what}`} />
  if (empty !== undefined && isEmpty(query.data)) return empty
  return null
}
