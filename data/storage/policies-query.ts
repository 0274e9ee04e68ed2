import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { sqlKeys } from '@/data/sql/keys'
import { defineQuery } from '@/data/query'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Policy } from '@/lib/database/policies'
import { parseStoragePolicies, STORAGE_POLICIES_SQL } from '@/lib/storage/policy-templates'

/** The policies on storage.objects (Dashboard → Storage → Policies); refreshed after every database script. */
export async function getStoragePolicies({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<Policy[]> {
  const { rows } = await executeSql({ projectRef, connectionString, sql: STORAGE_POLICIES_SQL }, signal)
  return parseStoragePolicies(rows)
}

export const { options: storagePoliciesQueryOptions, use: useStoragePoliciesQuery } = defineQuery(
  (vars: ProjectSqlVariables) => [...sqlKeys.query(vars.projectRef, 'storage'), 'policies'] as const,
  getStoragePolicies,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef) }
)
