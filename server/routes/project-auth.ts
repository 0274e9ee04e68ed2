import { z } from 'zod'
import {
  createProjectUserBody,
  projectUsersQuery,
  updateProjectAuthConfigBody,
  updateProjectUserBody,
  type ProjectUsersPage,
} from '@/lib/api-types/project-auth'
import { route, type RouteContext } from '../http/route'
import { respond } from '../http/types'
import { createProjectUser, deleteProjectUser, getProjectUser, listProjectUsers, projectUserJson, updateProjectUser } from '../project-auth/admin'
import { getProjectAuthConfig, updateProjectAuthConfig } from '../project-auth/config'
import { projectRealm } from '../project-auth/realm'
import { createRecoveryLink } from '../project-auth/recovery'
import { refParams } from '../projects/schemas'
import { emptyBody } from '@/lib/api-types/projects'

/**
 * A project's own users and auth settings as the dashboard manages them (lib/api-types/
 * project-auth.ts), through the same admin module as `{url}/auth/v1/admin`.
 */

const BASE = '/platform/auth/:ref'
const userParams = refParams.extend({ id: z.uuid('must be a user id (uuid)') })
const reader = { scope: 'project', minimum: 'Read-only' } as const
const developer = { scope: 'project', minimum: 'Developer' } as const

type Ctx = RouteContext<unknown, unknown, unknown, typeof reader>
const realmOf = (ctx: Pick<Ctx, 'req' | 'project'>) => projectRealm(ctx.project.ref, ctx.req.headers)

export const projectAuthRoutes = [
  route({
    method: 'GET',
    path: `${BASE}/users`,
    summary: "List the project's users, newest first (search by address or id)",
    access: reader,
    params: refParams,
    query: projectUsersQuery,
    handler: async (ctx) => {
      const { users, total } = await listProjectUsers(await realmOf(ctx), { page: ctx.query.page, perPage: ctx.query.per_page, keywords: ctx.query.keywords || undefined })
      return { users: users.map(projectUserJson), total } satisfies ProjectUsersPage
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/users`,
    summary: 'Create a project user (confirmed unless email_confirm is false)',
    access: developer,
    params: refParams,
    body: createProjectUserBody,
    handler: async (ctx) => respond(201, projectUserJson(await createProjectUser(await realmOf(ctx), ctx.body))),
  }),
  route({
    method: 'GET',
    path: `${BASE}/users/:id`,
    summary: 'A project user',
    access: reader,
    params: userParams,
    handler: async (ctx) => projectUserJson(await getProjectUser(await realmOf(ctx), ctx.params.id)),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/users/:id`,
    summary: "Ban or unban a project user, confirm their address, or replace their metadata",
    access: developer,
    params: userParams,
    body: updateProjectUserBody,
    handler: async (ctx) => projectUserJson(await updateProjectUser(await realmOf(ctx), ctx.params.id, ctx.body, { replaceMetadata: true })),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/users/:id`,
    summary: 'Delete a project user and their sessions',
    access: developer,
    params: userParams,
    handler: async (ctx) => {
      await deleteProjectUser(await realmOf(ctx), ctx.params.id)
      return respond(204)
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/users/:id/recovery`,
    summary: 'Make a one-time recovery link for a project user (no mail is sent)',
    access: developer,
    params: userParams,
    body: emptyBody,
    handler: async (ctx) => {
      const realm = await realmOf(ctx)
      const user = await getProjectUser(realm, ctx.params.id)
      const { SITE_URL } = await getProjectAuthConfig(ctx.db, ctx.project.ref)
      const { action_link, expires_at } = await createRecoveryLink(realm, user, SITE_URL)
      return { action_link, expires_at }
    },
  }),
  route({
    method: 'GET',
    path: `${BASE}/config`,
    summary: "The project's auth settings",
    access: reader,
    params: refParams,
    handler: async ({ db, project }) => getProjectAuthConfig(db, project.ref),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/config`,
    summary: "Change the project's auth settings",
    access: { scope: 'project', minimum: 'Admin' },
    params: refParams,
    body: updateProjectAuthConfigBody,
    handler: async ({ db, caller, project, body }) =>
      updateProjectAuthConfig(db, caller, { id: Number(project.id), ref: project.ref, organization_id: Number(project.organization_id) }, body),
  }),
]
