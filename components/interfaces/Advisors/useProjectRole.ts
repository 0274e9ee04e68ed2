import { roleRank, type ProjectRoleName } from './Advisors.utils'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { isPlatform } from '@/lib/config'

/**
 * The caller's role in the project's organization, for showing only the actions the platform will
 * allow (it checks again). spec §1: self-hosted, every access check is allowed (Owner).
 */
export function useProjectRole(projectRef: string | undefined): { role: ProjectRoleName | null; atLeast: (minimum: ProjectRoleName) => boolean } {
  const platform = isPlatform()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const { data: organizations } = useOrganizationsQuery({ enabled: platform })
  const found = organizations?.find((org) => org.id === project?.organization_id)?.role
  const role: ProjectRoleName | null = !platform ? 'Owner' : found && found in ROLE_NAMES ? (found as ProjectRoleName) : null
  return { role, atLeast: (minimum) => role !== null && roleRank(role) >= roleRank(minimum) }
}

const ROLE_NAMES: Record<ProjectRoleName, true> = { Owner: true, Admin: true, Developer: true, 'Read-only': true }
