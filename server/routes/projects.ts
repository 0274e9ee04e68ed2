import { route } from '../http/route'
import { notFound } from '../http/errors'
import { respond } from '../http/types'
import { createBranch, createProject } from '../projects/create'
import { resumeAllProjectJobs, resumeProjectJobs } from '../projects/jobs'
import { renameProject, requestProjectAction } from '../projects/lifecycle'
import { listProjects, listBranches } from '../projects/list'
import { createBranchBody, createProjectBody, emptyBody, setDatabasePasswordBody, updateProjectBody } from '@/lib/api-types/projects'
import { setDatabasePassword } from '../projects/db-password'
import { refParams } from '../projects/schemas'
import { readProject, serializeBranch, serializeProject, serializeProjectDetail } from '../projects/serialize'
import type { ProjectAction } from '../projects/status'

/**
 * Projects (spec §3, §7) and their branches. Logic lives in `server/projects/`, whose
 * functions check the caller's role again themselves (the seed calls them without the router).
 */
const lifecycle = (path: string, action: ProjectAction, minimum: 'Admin' | 'Developer', summary: string) =>
  route({
    method: 'POST',
    path: `/platform/projects/:ref/${path}`,
    summary,
    access: { scope: 'project', minimum },
    params: refParams,
    body: emptyBody,
    handler: async ({ db, caller, project }) => serializeProjectDetail(await requestProjectAction(db, caller, project.ref, action)),
  })

export const projectRoutes = [
  route({
    method: 'GET',
    path: '/platform/projects',
    summary: "The caller's projects across their organizations",
    access: { scope: 'user' },
    handler: async ({ db, caller }) => {
      await resumeAllProjectJobs(db)
      const rows = await listProjects(db, caller)
      resumeProjectJobs(rows)
      return rows.map(serializeProject)
    },
  }),
  route({
    method: 'POST',
    path: '/platform/projects',
    summary: 'Create a project in an organization (provisioned in the background)',
    access: { scope: 'organization', minimum: 'Admin', slug: (input) => input.body.organization_slug },
    body: createProjectBody,
    handler: async ({ db, caller, body }) => {
      await resumeAllProjectJobs(db)
      return respond(201, await serializeProjectDetail(await createProject(db, caller, body)))
    },
  }),
  route({
    method: 'GET',
    path: '/platform/projects/:ref',
    summary: 'A project with its status and connection details',
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    handler: async ({ db, params }) => {
      await resumeAllProjectJobs(db)
      const row = await readProject(db, params.ref)
      if (!row) throw notFound(`Project ${params.ref} not found`) // removed since the access check
      resumeProjectJobs([row])
      return serializeProjectDetail(row)
    },
  }),
  route({
    method: 'PATCH',
    path: '/platform/projects/:ref',
    summary: 'Rename a project or branch',
    access: { scope: 'project', minimum: 'Admin' },
    params: refParams,
    body: updateProjectBody,
    handler: async ({ db, caller, params, body }) => serializeProjectDetail(await renameProject(db, caller, params.ref, body.name)),
  }),
  route({
    method: 'DELETE',
    path: '/platform/projects/:ref',
    summary: 'Delete a project and its branches (in the background)',
    access: { scope: 'project', minimum: 'Admin' },
    params: refParams,
    handler: async ({ db, caller, params }) => serializeProjectDetail(await requestProjectAction(db, caller, params.ref, 'remove')),
  }),
  route({
    method: 'POST',
    path: '/platform/projects/:ref/db-password',
    summary: "Set the password of the project's connection string (stored only as Postgres' SCRAM hash)",
    access: { scope: 'project', minimum: 'Admin' },
    params: refParams,
    body: setDatabasePasswordBody,
    handler: async ({ db, caller, params, body }) => {
      await setDatabasePassword(db, caller, params.ref, body.password)
      return respond(204)
    },
  }),
  lifecycle('pause', 'pause', 'Admin', 'Pause a project'),
  lifecycle('restore', 'restore', 'Admin', 'Restore a paused project'),
  lifecycle('restart', 'restart', 'Developer', "Restart a project's database"),
  route({
    method: 'GET',
    path: '/platform/projects/:ref/branches',
    summary: "A project's branches",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    handler: async ({ db, params }) => {
      const rows = await listBranches(db, params.ref)
      resumeProjectJobs(rows)
      return rows.map(serializeBranch)
    },
  }),
  route({
    method: 'POST',
    path: '/platform/projects/:ref/branches',
    summary: 'Create a branch of a project',
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams,
    body: createBranchBody,
    handler: async ({ db, caller, params, body }) => respond(201, serializeBranch(await createBranch(db, caller, params.ref, body.branch_name))),
  }),
  route({
    method: 'DELETE',
    path: '/platform/branches/:ref',
    summary: 'Delete a branch',
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams,
    handler: async ({ db, caller, params }) =>
      serializeBranch(await requestProjectAction(db, caller, params.ref, 'remove', { branchOnly: true })),
  }),
]
