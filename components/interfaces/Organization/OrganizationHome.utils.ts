import type { Project } from '@/data/projects/projects-query'
import { findRegion } from '@/lib/catalogue/regions'
import { isBranch } from '@/lib/projects'

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
