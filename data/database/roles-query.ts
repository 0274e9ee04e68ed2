import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { isHiddenRole, PLATFORM_ROLE_PATTERN, ROLES_SQL, type RoleRow } from '@/lib/database/roles'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** Roles privileges can be granted to (no pg_* roles, no platform roles). */
export async function getDatabaseRoles({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<RoleRow[]> {
  const { rows } = await executeSql<RoleRow>({ projectRef, connectionString, sql: ROLES_SQL, parameters: [PLATFORM_ROLE_PATTERN] }, signal)
  return rows.filter((row) => !isHiddenRole(row.name))
}

export const { options: databaseRolesQueryOptions, use: useDatabaseRolesQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.roles(vars.projectRef), getDatabaseRoles, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
