import type { Db } from '../db/types'

/** spec §9: the free plan allows 2 active projects. */
export const FREE_PLAN_ACTIVE_PROJECT_LIMIT = 2

/** Statuses that do not count as active (a paused or removed project frees its slot). */
export const INACTIVE_STATUSES = ['INACTIVE', 'REMOVED', 'GOING_DOWN', 'PAUSING', 'INIT_FAILED'] as const

/**
 * Active (non-branch) projects in free-plan organizations where `userId` is an Owner or Admin:
 * the free limit counts across the free organizations a person runs, as the hosted product does.
 */
export async function listActiveFreeProjectsOfMember(db: Db, userId: string) {
  const { rows } = await db.query<{ ref: string; name: string; organization_slug: string }>(
    `select p.ref, p.name, o.slug as organization_slug
       from platform.projects p
       join platform.organizations o on o.id = p.organization_id
       join platform.members m on m.organization_id = o.id and m.user_id = $1 and m.role in ('Owner', 'Admin')
      where o.plan_id = 'free' and p.parent_project_ref is null and p.status <> all($2::text[])
      order by p.inserted_at`,
    [userId, [...INACTIVE_STATUSES]]
  )
  return rows
}

/** Active (non-branch) projects of one organization. */
export async function countActiveProjects(db: Db, organizationId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from platform.projects
      where organization_id = $1 and parent_project_ref is null and status <> all($2::text[])`,
    [organizationId, [...INACTIVE_STATUSES]]
  )
  return rows[0].n
}
