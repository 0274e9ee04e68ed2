import { getProjectAccess } from '../access'
import { requireCaller } from '../auth/caller'
import { createCronJobBody, cronJobParams, cronRunsQuery, runCronJobBody, updateCronJobBody } from '../cron/schemas'
import { createCronJob, deleteCronJob, getCronJob, listCronJobs, listCronRuns, updateCronJob } from '../cron/jobs'
import { assertProjectRuns, runCronJobNow } from '../cron/scheduler'
import { getStore } from '../db/store'
import type { Router } from '../http/router'
import { respond } from '../http/types'
import { parseBody, parseParams, parseQuery } from '../http/validate'
import { refParams } from '../projects/schemas'

const BASE = '/platform/projects/:ref/cron/jobs'

/**
 * Cron jobs of a project, scheduled by the platform (lib/platform-api/cron/scheduler.ts). Any
 * member reads jobs and their runs; creating, changing, deleting and running them executes SQL
 * on the project database, so it needs Developer or above.
 */
export function registerCronRoutes(router: Router): void {
  router.get(BASE, async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Read-only')
    return listCronJobs(db, Number(project.id))
  })

  router.post(BASE, async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Developer')
    const body = await parseBody(req, createCronJobBody)
    return respond(201, await createCronJob(db, Number(project.id), caller.userId, body))
  })

  router.get(`${BASE}/:id`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, cronJobParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Read-only')
    return getCronJob(db, Number(project.id), id)
  })

  router.patch(`${BASE}/:id`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, cronJobParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Developer')
    const body = await parseBody(req, updateCronJobBody)
    return updateCronJob(db, Number(project.id), id, body)
  })

  router.delete(`${BASE}/:id`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, cronJobParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Developer')
    await deleteCronJob(db, Number(project.id), id)
    return respond(204)
  })

  router.get(`${BASE}/:id/runs`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, cronJobParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Read-only')
    const page = parseQuery(req, cronRunsQuery)
    return listCronRuns(db, Number(project.id), id, page)
  })

  router.post(`${BASE}/:id/run`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, cronJobParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Developer')
    await parseBody(req, runCronJobBody)
    await getCronJob(db, Number(project.id), id)
    assertProjectRuns(project)
    return respond(201, await runCronJobNow(db, Number(project.id), project.ref, id))
  })
}
