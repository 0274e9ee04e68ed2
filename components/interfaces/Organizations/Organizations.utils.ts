import type { Project } from '@/data/projects/projects-query'
import { isBranch } from '@/lib/projects'

/** Projects of an organization as its list shows them: branches and removed projects are not counted. */
export function countOrganizationProjects(projects: readonly Project[], organizationId: number): number {
  return projects.filter((p) => p.organization_id === organizationId && !isBranch(p) && p.status !== 'REMOVED').length
}

/** "1 project", "3 projects". */
export function projectCountLabel(count: number): string {
  return count === 1 ? '1 project' : `${count} projects`
}

/** The organization slug of `?error=org_not_found&org={slug}` (spec §2), or null. */
export function orgNotFoundSlug(query: Record<string, string | string[] | undefined>): string | null {
  const error = typeof query.error === 'string' ? query.error : undefined
  if (error !== 'org_not_found') return null
  const org = typeof query.org === 'string' ? query.org.trim() : ''
  return org === '' ? null : org
}
