import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { PROJECT_SELECT, type ProjectListRow } from './serialize'

/**
 * GET /platform/projects: the caller's live projects across their organizations (every project
 * when self-hosted). Branches are left out, as the hosted platform does: they appear in their
 * parent's `preview_branch_refs` (spec §5) and answer `GET /platform/projects/{ref}`.
 */
export async function listProjects(db: Db, caller: Caller): Promise<ProjectListRow[]> {
  const where = `p.status <> 'REMOVED' and p.parent_project_ref is null`
  const order = 'order by p.inserted_at, p.id'
  if (caller.selfHosted) {
    return (await db.query<ProjectListRow>(`${PROJECT_SELECT} where ${where} ${order}`)).rows
  }
  const { rows } = await db.query<ProjectListRow>(
    `${PROJECT_SELECT}
       join platform.members m on m.organization_id = p.organization_id and m.user_id = $1
      where ${where} ${order}`,
    [caller.userId]
  )
  return rows
}

/** The live branches of a project, oldest first. */
export async function listBranches(db: Db, parentRef: string): Promise<ProjectListRow[]> {
  const { rows } = await db.query<ProjectListRow>(
    `${PROJECT_SELECT} where p.parent_project_ref = $1 and p.status <> 'REMOVED' order by p.inserted_at, p.id`,
    [parentRef]
  )
  return rows
}
