import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { ENUM_TYPES_SQL, toEnumType, type EnumType, type EnumTypeRow } from '@/lib/database/enum-types'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The project's enum types with their values in order and the columns and functions using them. */
export async function getEnumTypes({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<EnumType[]> {
  const { rows } = await executeSql<EnumTypeRow>({ projectRef, connectionString, sql: ENUM_TYPES_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows.map(toEnumType)
}

export const { options: enumTypesQueryOptions, use: useEnumTypesQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.enumTypes(vars.projectRef), getEnumTypes, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
