import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { LANGUAGES_SQL } from '@/lib/database/functions'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The trusted languages installed in the database (plpgsql, sql, and any trusted one an extension added). */
export async function getLanguages({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<string[]> {
  const { rows } = await executeSql<{ name: string }>({ projectRef, connectionString, sql: LANGUAGES_SQL, parameters: [] }, signal)
  return rows.map((row) => row.name)
}

export const { options: languagesQueryOptions, use: useLanguagesQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.languages(vars.projectRef), getLanguages, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
