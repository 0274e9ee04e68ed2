import { getProjectAccess } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import { notFound } from '../http/errors'
import type { Router } from '../http/router'
import { respond } from '../http/types'
import { parseBody, parseParams } from '../http/validate'
import { createBranch, createProject } from '../projects/create'
import { resumeAllProjectJobs, resumeProjectJobs } from '../projects/jobs'
import { renameProject, requestProjectAction } from '../projects/lifecycle'
import { listProjects, listBranches } from '../projects/list'
import { createBranchBody, createProjectBody, emptyBody, refParams, updateProjectBody } from '../projects/schemas'
import { readProject, serializeBranch, serializeProject, serializeProjectDetail } from '../projects/serialize'
import type { ProjectAction } from '../projects/status'

/** Projects (spec §3, §7) and their branches. Logic lives in `lib/platform-api/projects/`. */
export function registerProjectRoutes(router: Router): void {
  router.get('/platform/projects', async (req) => {
    const caller = await requireCaller(req)
    const db = await getStore()
    await resumeAllProjectJobs(db)
    const rows = await listProjects(db, caller)
    resumeProjectJobs(rows)
    return rows.map(serializeProject)
  })

  router.post('/platform/projects', async (req) => {
    const caller = await requireCaller(req)
    const body = await parseBody(req, createProjectBody)
    const db = await getStore()
    await resumeAllProjectJobs(db)
    return respond(201, serializeProjectDetail(await createProject(db, caller, body)))
  })

  router.get('/platform/projects/:ref', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    await resumeAllProjectJobs(db)
    await getProjectAccess(db, caller, ref, 'Read-only')
    const row = await readProject(db, ref)
    if (!row) throw notFound(`Project ${ref} not found`) // removed since the access check
    resumeProjectJobs([row])
    return serializeProjectDetail(row)
  })

  router.patch('/platform/projects/:ref', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const { name } = await parseBody(req, updateProjectBody)
    return serializeProjectDetail(await renameProject(await getStore(), caller, ref, name))
  })

  router.delete('/platform/projects/:ref', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    return serializeProjectDetail(await requestProjectAction(await getStore(), caller, ref, 'remove'))
  })

  const actions: [string, ProjectAction][] = [
    ['pause', 'pause'],
    ['restore', 'restore'],
    ['restart', 'restart'],
  ]
  for (const [path, action] of actions) {
    router.post(`/platform/projects/:ref/${path}`, async (req) => {
      const caller = await requireCaller(req)
      const { ref } = parseParams(req, refParams)
      await parseBody(req, emptyBody)
      return serializeProjectDetail(await requestProjectAction(await getStore(), caller, ref, action))
    })
  }

  router.get('/platform/projects/:ref/branches', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    await getProjectAccess(db, caller, ref, 'Read-only')
    const rows = await listBranches(db, ref)
    resumeProjectJobs(rows)
    return rows.map(serializeBranch)
  })

  router.post('/platform/projects/:ref/branches', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const { branch_name } = await parseBody(req, createBranchBody)
    return respond(201, serializeBranch(await createBranch(await getStore(), caller, ref, branch_name)))
  })

  router.delete('/platform/branches/:ref', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    return serializeBranch(await requestProjectAction(await getStore(), caller, ref, 'remove', { branchOnly: true }))
  })
}
