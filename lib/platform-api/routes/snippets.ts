import { getProjectAccess } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import type { Router } from '../http/router'
import { respond } from '../http/types'
import { parseBody, parseParams } from '../http/validate'
import { refParams } from '../projects/schemas'
import { createSnippetBody, snippetParams, updateSnippetBody } from '../snippets/schemas'
import { createSnippet, deleteSnippet, getSnippet, listSnippets, updateSnippet } from '../snippets/snippets'

const BASE = '/platform/projects/:ref/snippets'

/**
 * SQL snippets (issue 5), per user and project: any member of the project (Read-only included)
 * keeps their own; nobody sees another user's snippets (404, as for a missing one). Self-hosted,
 * the one self-hosted user owns them. Bodies are at most 1 MiB (the router's body limit).
 */
export function registerSnippetRoutes(router: Router): void {
  router.get(BASE, async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref)
    return listSnippets(db, Number(project.id), project.ref, caller.userId)
  })

  router.post(BASE, async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref)
    const body = await parseBody(req, createSnippetBody)
    return respond(201, await createSnippet(db, Number(project.id), project.ref, caller.userId, body))
  })

  router.get(`${BASE}/:id`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, snippetParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref)
    return getSnippet(db, Number(project.id), project.ref, caller.userId, id)
  })

  router.patch(`${BASE}/:id`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, snippetParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref)
    const body = await parseBody(req, updateSnippetBody)
    return updateSnippet(db, Number(project.id), project.ref, caller.userId, id, body)
  })

  router.delete(`${BASE}/:id`, async (req) => {
    const caller = await requireCaller(req)
    const { ref, id } = parseParams(req, snippetParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref)
    await deleteSnippet(db, Number(project.id), caller.userId, id)
    return respond(204)
  })
}
