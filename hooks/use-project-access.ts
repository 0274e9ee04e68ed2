import { useAuth } from '@/hooks/use-auth'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/permissions/permissions-query'
import { useProjectConnection } from '@/hooks/use-project-connection'
import { ROLES, roleAtLeast, type Role } from '@/lib/api-types/roles'
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '@/lib/catalogue/permission-actions'
import { isPlatform } from '@/lib/config'
import { doPermissionsCheck } from '@/lib/permissions'

/** Why write controls are disabled for a Read-only member (spec §6). */
export const READ_ONLY_REASON = 'Read-only members cannot change the database. Ask an Owner, Admin or Developer.'

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value)

/**
 * What the signed-in member may do in a project, for every screen to decide what it shows and
 * enables (the platform checks again; this only spares people controls that would fail).
 * spec §6: checks apply on the hosted platform only; self-hosted, the caller is Owner and every
 * check passes. Carries the project's connection too (`useProjectConnection`).
 * - `role` / `atLeast(minimum)`: null / false while the role is unknown, so write actions appear
 *   once it is known;
 * - `canWrite` / `writeBlockedReason`: the database screens' rule: only a known Read-only member is
 *   blocked (a Read-only member's SQL runs read-only);
 * - `can(action, resource)`: the permission matcher of spec §6 over the caller's permissions,
 *   true while they are loading.
 */
export function useProjectAccess(projectRef: string | undefined) {
  const platform = isPlatform()
  const connection = useProjectConnection(projectRef)
  const { isLoggedIn } = useAuth()
  const organizations = useOrganizationsQuery({ enabled: platform })
  const permissions = usePermissionsQuery({ enabled: platform && isLoggedIn })
  const organization = organizations.data?.find((org) => org.id === connection.project?.organization_id)
  const role: Role | null = !platform ? 'Owner' : isRole(organization?.role) ? organization.role : null
  const readOnly = platform && role === 'Read-only'
  const slug = connection.project?.organization_slug ?? organization?.slug

  function can(action: string, resource: string): boolean {
    if (!platform || !permissions.data || !slug) return true
    return doPermissionsCheck({ permissions: permissions.data, organizationSlug: slug, action, resource, projectRef, isPlatform: true })
  }

  return {
    ...connection,
    role,
    atLeast: (minimum: Role) => role !== null && roleAtLeast(role, minimum),
    can,
    /** Writes to tables (GraphQL mutations, the table editor): Developer and above. */
    canMutateTables: can(PERMISSION_ACTIONS.SQL_INSERT, PERMISSION_RESOURCES.TABLES),
    db: { projectRef: projectRef ?? '', connectionString: connection.connectionString },
    canWrite: !readOnly,
    writeBlockedReason: readOnly ? READ_ONLY_REASON : null,
  }
}

export type ProjectAccess = ReturnType<typeof useProjectAccess>
