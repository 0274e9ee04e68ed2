import type { Db } from '../db/types'
import type { FreeProjectLimitCheck } from '@/lib/api-types/organizations'
import { FREE_PLAN_ACTIVE_PROJECT_LIMIT, countActiveProjects, listActiveFreeProjectsOfMember } from '../projects/limits'

export type MemberOverFreeLimit = {
  user_id: string
  username: string
  primary_email: string
  free_project_limit: number
  /** Active free-plan projects this person runs now, counting this organization when asked to. */
  active_free_projects: number
}

/**
 * Owners and Admins of an organization whose active free-plan projects, across every free
 * organization they run (spec §9: limit of 2), would exceed the limit after `additional` more.
 * With `countThisOrgAsFree` the organization's own active projects count even when it is paid
 * (the check before a downgrade to Free).
 */
export async function membersExceedingFreeProjectLimit(
  db: Db,
  org: { id: number; plan_id: string },
  additional: number,
  options: { countThisOrgAsFree?: boolean } = {}
): Promise<MemberOverFreeLimit[]> {
  const { rows: managers } = await db.query<{ user_id: string; username: string; primary_email: string }>(
    `select m.user_id,
            coalesce(pr.username, split_part(u.email, '@', 1)) as username,
            coalesce(pr.primary_email, u.email) as primary_email
       from platform.members m
       join platform.users u on u.id = m.user_id
       left join platform.profiles pr on pr.user_id = m.user_id
      where m.organization_id = $1 and m.role in ('Owner', 'Admin')
      order by lower(u.email)`,
    [org.id]
  )
  // A free organization's projects are already in each manager's list.
  const ownProjects = options.countThisOrgAsFree && org.plan_id !== 'free' ? await countActiveProjects(db, org.id) : 0
  const result: MemberOverFreeLimit[] = []
  for (const manager of managers) {
    const active = (await listActiveFreeProjectsOfMember(db, manager.user_id)).length + ownProjects
    if (active + additional > FREE_PLAN_ACTIVE_PROJECT_LIMIT) {
      result.push({ ...manager, free_project_limit: FREE_PLAN_ACTIVE_PROJECT_LIMIT, active_free_projects: active })
    }
  }
  return result
}

/** GET .../free-project-limit-check: who would pass the limit if this organization created one more free project. */
export async function freeProjectLimitCheck(db: Db, org: { id: number; plan_id: string }): Promise<FreeProjectLimitCheck> {
  const members = org.plan_id === 'free' ? await membersExceedingFreeProjectLimit(db, org, 1) : []
  return {
    members_exceeding_free_project_limit: members.map(({ username, primary_email, free_project_limit }) => ({
      username,
      primary_email,
      free_project_limit,
    })),
  }
}
