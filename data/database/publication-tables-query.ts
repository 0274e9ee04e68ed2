import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { PUBLICATION_TABLES_SQL, type PublishedTable } from '@/lib/database/publications'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type Variables = ProjectSqlVariables & { name?: string }

/** The tables a publication publishes. */
export async function getPublicationTables({ projectRef, connectionString, name }: Variables, signal?: AbortSignal): Promise<PublishedTable[]> {
  if (!name) throw new Error('Publication name is required')
  const { rows } = await executeSql<PublishedTable>({ projectRef, connectionString, sql: PUBLICATION_TABLES_SQL, parameters: [name] }, signal)
  return rows
}

export const { options: publicationTablesQueryOptions, use: usePublicationTablesQuery } = defineQuery(
  (vars: Variables) => databaseKeys.publicationTables(vars.projectRef, vars.name),
  getPublicationTables,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef && vars.name) }
)
