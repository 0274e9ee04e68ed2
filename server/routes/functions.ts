import { z } from 'zod'
import { route, type RouteContext } from '../http/route'
import { respond } from '../http/types'
import { refParams } from '../projects/schemas'
import { deleteFunction, deployFunction, DeployError, getFunction, getVersion, listFunctions, listVersions, rollbackFunction, updateFunction, type FunctionsActor } from '../functions/functions'
import { forgetProjectServing, forgetServing } from '../functions/invoke'
import { deleteFunctionSecrets, listFunctionSecrets, setFunctionSecrets } from '../functions/secrets'
import { invokeFromDashboard } from '../functions/test-invoke'
import { deleteSecretsBody, deployFunctionBody, invokeFunctionBody, rollbackFunctionBody, setSecretsBody, updateFunctionBody } from '@/lib/api-types/functions'
import { FUNCTION_SLUG_PATTERN } from '@/lib/functions/rules'

/**
 * Edge Functions of a project (issue 14) and their secrets, in the Management API's shapes. Any
 * member may look at functions, their code, versions and counts; deploying, changing, invoking
 * from the dashboard and every call about secrets (names included, as for vault secrets) need
 * Developer or above. Changes are audit-logged (functions/functions.ts, functions/secrets.ts).
 */
const BASE = '/platform/projects/:ref/functions'
const read = { scope: 'project', minimum: 'Read-only' } as const
const write = { scope: 'project', minimum: 'Developer' } as const

const slugParams = refParams.extend({ slug: z.string().regex(FUNCTION_SLUG_PATTERN, 'is not a function slug (a letter, then letters, digits, - and _)') })
const versionParams = slugParams.extend({
  version: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(2_147_483_647, 'is too large'),
})

function actor({ caller, org, project, req }: RouteContext<unknown, unknown, unknown, typeof read>): FunctionsActor {
  return { userId: caller.userId, organizationId: Number(org.id), projectId: Number(project.id), projectRef: project.ref, headers: req.headers }
}

export const functionsRoutes = [
  route({ method: 'GET', path: BASE, summary: "List a project's Edge Functions with the last day's invocations", access: read, params: refParams, handler: async (ctx) => listFunctions(ctx.db, actor(ctx)) }),
  route({
    method: 'POST',
    path: BASE,
    summary: 'Deploy a function (bundle its code, store it as a new version that serves at once)',
    access: write,
    params: refParams,
    body: deployFunctionBody,
    handler: async (ctx) => {
      try {
        const { created, fn } = await deployFunction(ctx.db, actor(ctx), ctx.body, ctx.req.signal)
        await forgetServing(ctx.project.ref, fn.slug)
        return respond(created ? 201 : 200, fn)
      } catch (error) {
        if (error instanceof DeployError) return respond(400, { message: error.message, build_output: error.buildOutput })
        throw error
      }
    },
  }),
  route({ method: 'GET', path: `${BASE}/:slug`, summary: 'A function with the serving version\'s files', access: read, params: slugParams, handler: async (ctx) => getFunction(ctx.db, actor(ctx), ctx.params.slug) }),
  route({
    method: 'PATCH',
    path: `${BASE}/:slug`,
    summary: "Change a function's name or JWT verification",
    access: write,
    params: slugParams,
    body: updateFunctionBody,
    handler: async (ctx) => {
      const fn = await updateFunction(ctx.db, actor(ctx), ctx.params.slug, ctx.body)
      await forgetServing(ctx.project.ref, ctx.params.slug)
      return fn
    },
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:slug`,
    summary: 'Delete a function and all its versions',
    access: write,
    params: slugParams,
    handler: async (ctx) => {
      await deleteFunction(ctx.db, actor(ctx), ctx.params.slug)
      await forgetServing(ctx.project.ref, ctx.params.slug)
      return respond(204)
    },
  }),
  route({ method: 'GET', path: `${BASE}/:slug/versions`, summary: "A function's versions, newest first", access: read, params: slugParams, handler: async (ctx) => listVersions(ctx.db, actor(ctx), ctx.params.slug) }),
  route({
    method: 'GET',
    path: `${BASE}/:slug/versions/:version`,
    summary: 'One version of a function with its files',
    access: read,
    params: versionParams,
    handler: async (ctx) => getVersion(ctx.db, actor(ctx), ctx.params.slug, ctx.params.version),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:slug/rollback`,
    summary: 'Serve another kept version of a function',
    access: write,
    params: slugParams,
    body: rollbackFunctionBody,
    handler: async (ctx) => {
      const fn = await rollbackFunction(ctx.db, actor(ctx), ctx.params.slug, ctx.body.version)
      await forgetServing(ctx.project.ref, ctx.params.slug)
      return fn
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/:slug/invoke`,
    summary: 'Invoke a function from the dashboard with a role\'s key (the test panel)',
    access: write,
    params: slugParams,
    body: invokeFunctionBody,
    handler: async (ctx) => invokeFromDashboard(ctx.project.ref, ctx.params.slug, ctx.body, ctx.req.headers, ctx.req.signal),
  }),
  route({ method: 'GET', path: '/platform/projects/:ref/secrets', summary: "List the names of a project's function secrets", access: write, params: refParams, handler: async (ctx) => listFunctionSecrets(ctx.db, Number(ctx.project.id)) }),
  route({
    method: 'POST',
    path: '/platform/projects/:ref/secrets',
    summary: 'Set (create or replace) function secrets',
    access: write,
    params: refParams,
    body: setSecretsBody,
    handler: async (ctx) => {
      const secrets = await setFunctionSecrets(ctx.db, actor(ctx), ctx.body)
      await forgetProjectServing(ctx.project.ref, Number(ctx.project.id))
      return respond(201, secrets)
    },
  }),
  route({
    method: 'DELETE',
    path: '/platform/projects/:ref/secrets',
    summary: 'Delete function secrets by name',
    access: write,
    params: refParams,
    body: deleteSecretsBody,
    handler: async (ctx) => {
      await deleteFunctionSecrets(ctx.db, actor(ctx), ctx.body)
      await forgetProjectServing(ctx.project.ref, Number(ctx.project.id))
      return respond(204)
    },
  }),
]
