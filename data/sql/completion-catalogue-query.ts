import { queryOptions, useQuery } from '@tanstack/react-query'
import { buildCatalogue, COMPLETION_CATALOGUE_SQL, type CatalogueRow, type CompletionCatalogue } from '@/lib/sql/completion'
import { executeSql } from './execute-sql'
import { sqlKeys } from './keys'

/** Schema objects change only through SQL the user runs; the editor refreshes this after DDL. */
const COMPLETION_CATALOGUE_STALE_TIME_MS = 5 * 60_000

type Variables = { projectRef?: string; connectionString?: string | null }

/** The project's schemas, tables and columns for autocompletion: one catalogue query. */
export async function getCompletionCatalogue({ projectRef, connectionString }: Variables, signal?: AbortSignal): Promise<CompletionCatalogue> {
  const result = await executeSql<CatalogueRow>({ projectRef, connectionString, sql: COMPLETION_CATALOGUE_SQL }, signal)
  return buildCatalogue(result.rows)
}

export function completionCatalogueQueryOptions({ projectRef, connectionString, enabled = true }: Variables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: sqlKeys.query(projectRef, 'completion-catalogue'),
    queryFn: ({ signal }) => getCompletionCatalogue({ projectRef, connectionString }, signal),
    staleTime: COMPLETION_CATALOGUE_STALE_TIME_MS,
    enabled: enabled && Boolean(projectRef),
    // Completion is a convenience: a failure leaves the editor without suggestions, quietly.
    retry: false,
  })
}

export function useCompletionCatalogueQuery(variables: Variables & { enabled?: boolean }) {
  return useQuery(completionCatalogueQueryOptions(variables))
}
