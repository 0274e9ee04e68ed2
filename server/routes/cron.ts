import { createCronJobBody, cronRunsQuery, runCronJobBody, updateCronJobBody } from '@/lib/api-types/cron'
import { cronJobParams } from '../cron/schemas'
import { createCronJob, deleteCronJob, getCronJob, listCronJobs, listCronRuns, updateCronJob } from '../cron/jobs'
import { assertProjectRuns, runCronJobNow } from '../cron/scheduler'
import { route } from '../http/route'
import { respond } from '../http/types'
import { refParams } from '../projects/schemas'

const BASE = '/platform/projects/:ref/cron/jobs'
const read = { scope: 'project', minimum: 'Read-only' } as const
const write = { scope: 'project', minimum: 'Developer' } as const

/**
 * Cron jobs of a project, scheduled by the platform (server/cron/scheduler.ts). Any
 * member reads jobs and their runs; creating, changing, deleting and running them executes SQL
 * on the project database, so it needs Developer or above.
 */
export const cronRoutes = [
  route({
    method: 'GET',
    path: BASE,
    summary: "List a project's cron jobs",
    access: read,
    params: refParams,
    handler: async ({ db, project }) => listCronJobs(db, Number(project.id)),
  }),
  route({
    method: 'POST',
    path: BASE,
    summary: 'Create a cron job',
    access: write,
    params: refParams,
    body: createCronJobBody,
    handler: async ({ db, project, caller, body }) => respond(201, await createCronJob(db, Number(project.id), caller.userId, body)),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Read a cron job',
    access: read,
    params: cronJobParams,
    handler: async ({ db, project, params }) => getCronJob(db, Number(project.id), params.id),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: "Change a cron job's name, schedule, command or activity",
    access: write,
    params: cronJobParams,
    body: updateCronJobBody,
    handler: async ({ db, project, params, body }) => updateCronJob(db, Number(project.id), params.id, body),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete a cron job and its runs',
    access: write,
    params: cronJobParams,
    handler: async ({ db, project, params }) => {
      await deleteCronJob(db, Number(project.id), params.id)
      return respond(204)
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id/runs`,
    summary: "A page of a cron job's runs, newest first",
    access: read,
    params: cronJobParams,
    query: cronRunsQuery,
    handler: async ({ db, project, params, query }) => listCronRuns(db, Number(project.id), params.id, query),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/run`,
    summary: 'Run a cron job now',
    access: write,
    params: cronJobParams,
    body: runCronJobBody,
    handler: async ({ db, project, params }) => {
      await getCronJob(db, Number(project.id), params.id)
      assertProjectRuns(project)
      return respond(201, await runCronJobNow(db, Number(project.id), project.ref, params.id))
    },
  }),
]
