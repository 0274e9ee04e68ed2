import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { PUBLICATIONS_SQL, toPublication, type Publication, type PublicationRow } from '@/lib/database/publications'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The database's publications, supabase_realtime first. */
export async function getPublications({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<Publication[]> {
  const { rows } = await executeSql<PublicationRow>({ projectRef, connectionString, sql: PUBLICATIONS_SQL }, signal)
  return rows.map(toPublication)
}

export const { options: publicationsQueryOptions, use: usePublicationsQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.publications(vars.projectRef), getPublications, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
