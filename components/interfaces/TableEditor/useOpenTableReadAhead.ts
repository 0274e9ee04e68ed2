import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { rowsQueryOptions } from '@/data/table-editor/rows-query'
import { tableQueryOptions } from '@/data/table-editor/table-query'
import { isPlatform } from '@/lib/config'
import { rememberedTableShape } from '@/state/table-shapes'

const NO_FILTERS: never[] = []
const NO_SORTS: never[] = []

/**
 * Self-hosted (no connection string to wait for), the page of a table asks for its definition as
 * soon as it mounts, before the editor's code has loaded and alongside the project's detail, and
 * for its first rows too when the table's shape is remembered from an earlier visit. The editor
 * then finds both in the cache under the keys it uses itself (the rows under their shape, so a
 * table changed since is read again). On the platform, queries wait for the connection string.
 */
export function useOpenTableReadAhead(projectRef: string | undefined, tableId: number | undefined) {
  const queryClient = useQueryClient()
  // Started while the page renders, not in an effect: effects run once the whole app has hydrated,
  // about 100 ms later on a loaded machine. Once per table; the cache drops a repeated prefetch.
  const started = useRef<string | null>(null)
  const key = `${projectRef}/${tableId}`
  if (typeof window === 'undefined' || started.current === key) return // never while rendering on the server
  started.current = key
  if (isPlatform() || !projectRef || tableId === undefined || !Number.isSafeInteger(tableId)) return
  const db = { projectRef, connectionString: null }
  void queryClient.prefetchQuery(tableQueryOptions({ ...db, id: tableId }))
  const shape = rememberedTableShape(projectRef, tableId)
  if (!shape) return
  const table = { schema: shape.schema, name: shape.name, id: tableId, primaryKey: shape.primaryKey }
  void queryClient.prefetchInfiniteQuery(rowsQueryOptions({ ...db, table, filters: NO_FILTERS, sorts: NO_SORTS }))
}
