import { useAuth } from '@/components/layouts/AuthProvider'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/permissions/permissions-query'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '@/lib/catalogue/permission-actions'
import { isPlatform } from '@/lib/config'
import { doPermissionsCheck } from '@/lib/permissions'

/**
 * Whether the signed-in member may run mutations (writes to tables: Developer and above).
 * Unknown (still loading) counts as allowed, so no note flashes; the server decides anyway.
 */
export function useCanMutate(project: ProjectDetail | undefined): boolean {
  const platform = isPlatform()
  const { isLoggedIn } = useAuth()
  const permissions = usePermissionsQuery({ enabled: platform && isLoggedIn })
  const organizations = useOrganizationsQuery({ enabled: platform && isLoggedIn })
  if (!platform) return true
  const slug = project?.organization_slug ?? organizations.data?.find((o) => o.id === project?.organization_id)?.slug
  if (!permissions.data || !slug) return true
  return doPermissionsCheck({
    permissions: permissions.data,
    organizationSlug: slug,
    action: PERMISSION_ACTIONS.SQL_INSERT,
    resource: PERMISSION_RESOURCES.TABLES,
    projectRef: project?.ref,
    isPlatform: true,
  })
}
