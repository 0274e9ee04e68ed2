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
