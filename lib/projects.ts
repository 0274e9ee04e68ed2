import type { Project } from '@/lib/api-types/projects'
import { findRegion } from '@/lib/catalogue/regions'
/** Project reference rules (spec §3 Project, §5). */

/** The fields of a project these rules read. */
export type ProjectRefFields = {
  ref: string
  parent_project_ref?: string | null
  preview_branch_refs?: readonly string[] | null
}

/** The ref permissions and billing act on: a branch's parent, otherwise the project itself. */
export function getEffectiveParentRef(project: Pick<ProjectRefFields, 'ref' | 'parent_project_ref'>): string {
  // spec §3: parent_project_ref when present, otherwise ref
  return project.parent_project_ref || project.ref
}

/** True when the project is a branch of another project. */
export function isBranch(project: Pick<ProjectRefFields, 'ref' | 'parent_project_ref'>): boolean {
  return Boolean(project.parent_project_ref) && project.parent_project_ref !== project.ref
}

/**
 * True when the ref names a listed project or, on the hosted platform, one of the listed
 * projects' preview branches.
 */
export function isValidProjectRef(
  ref: string | null | undefined,
  projects: readonly ProjectRefFields[] | null | undefined,
  isPlatform: boolean
): boolean {
  // spec §5: in the project list, or (platform only) in some project's preview_branch_refs
  if (!ref || !projects) return false
  if (projects.some((project) => project.ref === ref)) return true
  return isPlatform && projects.some((project) => project.preview_branch_refs?.includes(ref) ?? false)
}

/** A project with its branches, as the organization home lists them. */
export type ProjectWithBranches = { project: Project; branches: Project[] }

const byName = (a: Project, b: Project) => a.name.localeCompare(b.name) || a.ref.localeCompare(b.ref)

/**
 * The organization's projects, each with its branches under it (spec §3: a branch points to its
 * parent). Removed projects are left out; a branch whose parent is not listed stands on its own.
 */
export function groupOrganizationProjects(projects: readonly Project[], organizationId: number): ProjectWithBranches[] {
  const own = projects.filter((p) => p.organization_id === organizationId && p.status !== 'REMOVED')
  const parents = new Set(own.filter((p) => !isBranch(p)).map((p) => p.ref))
  const branchesOf = new Map<string, Project[]>()
  for (const project of own) {
    if (!isBranch(project) || !parents.has(project.parent_project_ref as string)) continue
    const list = branchesOf.get(project.parent_project_ref as string) ?? []
    list.push(project)
    branchesOf.set(project.parent_project_ref as string, list)
  }
  return own
    .filter((p) => !isBranch(p) || !parents.has(p.parent_project_ref as string))
    .sort(byName)
    .map((project) => ({ project, branches: (branchesOf.get(project.ref) ?? []).sort(byName) }))
}

/** The region's display name (lib/catalogue/regions), or its code when the catalogue does not know it. */
export function regionLabel(code: string | null | undefined): string {
  if (!code) return 'Unknown region'
  return findRegion(code)?.displayName ?? code
}

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
