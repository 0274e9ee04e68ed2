import { getServerConfig } from '@/lib/config'
import { auditOrg, getProjectAccess, type Role } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { badRequest, conflict, notFound } from '../http/errors'
import { assertFreeProjectLimit } from './create'
import { kickProjectJob } from './jobs'
import { INACTIVE_STATUSES } from './limits'
import { readProject, type ProjectListRow } from './serialize'
import { ACTION_RULES, type ProjectAction } from './status'
import { isDefaultProjectRef } from './targets'

const VERBS: Record<ProjectAction, string> = { pause: 'paused', restore: 'restored', restart: 'restarted', remove: 'deleted' }

/** Who may ask: restarting is part of working on a project; the rest changes what the organization runs. */
const MINIMUM_ROLE: Record<ProjectAction, Role> = { pause: 'Admin', restore: 'Admin', restart: 'Developer', remove: 'Admin' }

/**
 * Pause, restore, restart or delete: checks the transition (409 naming the current status),
 * moves the project (and, on delete, its branches) into the job's status in one transaction, and
 * starts the job. The response shows the transitional status; the job finishes in the background.
 */
export async function requestProjectAction(
  db: Db,
  caller: Caller,
  ref: string,
  action: ProjectAction,
  options: { branchOnly?: boolean } = {}
): Promise<ProjectListRow> {
  const minimum = options.branchOnly ? 'Developer' : MINIMUM_ROLE[action]
  const { project, org } = await getProjectAccess(db, caller, ref, minimum)
  if (options.branchOnly && !project.parent_project_ref) throw notFound(`Branch ${ref} not found`)
  if (!getServerConfig().isPlatform && isDefaultProjectRef(ref) && (action === 'pause' || action === 'remove')) {
    throw badRequest(`The default project of a self-hosted install cannot be ${VERBS[action]}`)
  }
  const rule = ACTION_RULES[action]
  if (!(rule.from as readonly string[]).includes(project.status)) {
    throw conflict(`Project ${ref} is ${project.status}: it can be ${VERBS[action]} only when ${rule.from.join(', ')}`)
  }
  const kicked = [ref]
  // A job still under way (say, provisioning) keeps its lease: it ends by seeing the new status
  // and hands over to the new job, so two jobs never work on one database at once.
  // Read inside the transaction: the job may finish (even remove the row's project) before a later read.
  const row = await db.transaction(async (tx) => {
    if (action === 'restore' && !project.parent_project_ref) {
      const countedAlready = !(INACTIVE_STATUSES as readonly string[]).includes(project.status)
      await assertFreeProjectLimit(tx, org, countedAlready ? 0 : 1)
    }
    const { rows } = await tx.query(
      `update platform.projects
          set status = $3, postgrest_status = 'OFFLINE', init_error = null, job_attempts = 0,
              status_changed_at = now(), updated_at = now()
        where ref = $1 and status = $2
        returning ref`,
      [ref, project.status, rule.to]
    )
    if (rows.length === 0) throw conflict(`Project ${ref} changed status meanwhile; reload it and try again`)
    if (action === 'remove') {
      const { rows: branches } = await tx.query<{ ref: string }>(
        `update platform.projects
            set status = 'GOING_DOWN', postgrest_status = 'OFFLINE', job_attempts = 0,
                status_changed_at = now(), updated_at = now()
          where parent_project_ref = $1 and status not in ('GOING_DOWN', 'REMOVED')
          returning ref`,
        [ref]
      )
      kicked.push(...branches.map((b) => b.ref))
    }
    await auditOrg(tx, caller, org.id, `project.${action}`, ref, { from: project.status, to: rule.to, ...(kicked.length > 1 ? { branches: kicked.slice(1) } : {}) })
    return (await readProject(tx, ref))!
  })
  for (const r of kicked) kickProjectJob(r)
  return row
}

/** PATCH /platform/projects/:ref: renames a project (or a branch). */
export async function renameProject(db: Db, caller: Caller, ref: string, name: string): Promise<ProjectListRow> {
  const { project, org } = await getProjectAccess(db, caller, ref, 'Admin')
  try {
    return await db.transaction(async (tx) => {
      await tx.query('update platform.projects set name = $2, updated_at = now() where ref = $1', [ref, name])
      await auditOrg(tx, caller, org.id, 'project.renamed', ref, { from: project.name, to: name })
      return (await readProject(tx, ref))!
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(`Project ${project.parent_project_ref} already has a branch named ${name}`)
    throw error
  }
}
