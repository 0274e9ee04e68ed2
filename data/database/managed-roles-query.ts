import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { defineQuery } from '@/data/query'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { CURRENT_ROLE_SQL, MANAGED_ROLES_SQL, projectRolePrefix, type CurrentRoleRow, type ManagedRoleRow } from '@/lib/database/role-management'
import { PLATFORM_ROLE_PATTERN } from '@/lib/database/roles'
import { databaseKeys } from './keys'

export type ManagedRoles = { roles: ManagedRoleRow[]; current: CurrentRoleRow | null }

/** The database's roles (this project's platform roles, never another project's) and the member's own role's rights. */
export async function getManagedRoles({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<ManagedRoles> {
  if (!projectRef) throw new Error('Project ref is required')
  const [roles, current] = await Promise.all([
    executeSql<ManagedRoleRow>({ projectRef, connectionString, sql: MANAGED_ROLES_SQL, parameters: [PLATFORM_ROLE_PATTERN, projectRolePrefix(projectRef)] }, signal),
    executeSql<CurrentRoleRow>({ projectRef, connectionString, sql: CURRENT_ROLE_SQL, parameters: [] }, signal),
  ])
  return { roles: roles.rows, current: current.rows[0] ?? null }
}

export const { options: managedRolesQueryOptions, use: useManagedRolesQuery } = defineQuery(
  (vars: ProjectSqlVariables) => databaseKeys.managedRoles(vars.projectRef),
  getManagedRoles,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef) }
)
