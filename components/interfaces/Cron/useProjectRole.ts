import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { isPlatform } from '@/lib/config'

type Role = 'Owner' | 'Admin' | 'Developer' | 'Read-only'
const RANK: Record<Role, number> = { Owner: 4, Admin: 3, Developer: 2, 'Read-only': 1 }

/**
 * The caller's role in the project's organization, to offer only the actions the platform will
 * accept (it decides anyway). Self-hosted, every check is allowed (spec §6). While unknown,
 * `atLeast` answers false, so write actions appear once the role is known.
 */
export function useProjectRole(projectRef: string | undefined) {
  const platform = isPlatform()
  const project = useProjectDetailQuery({ ref: projectRef })
  const organizations = useOrganizationsQuery({ enabled: platform })
  const role = platform
    ? ((organizations.data?.find((o) => o.id === project.data?.organization_id)?.role as Role | undefined) ?? null)
    : 'Owner'
  return {
    role,
    atLeast: (minimum: Role) => role !== null && RANK[role] >= RANK[minimum],
  }
}
