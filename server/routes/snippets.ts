import { route } from '../http/route'
import { respond } from '../http/types'
import { refParams } from '../projects/schemas'
import { createSnippetBody, updateSnippetBody } from '@/lib/api-types/snippets'
import { snippetParams } from '../snippets/schemas'
import { createSnippet, deleteSnippet, getSnippet, listSnippets, updateSnippet } from '../snippets/snippets'

const BASE = '/platform/projects/:ref/snippets'
const access = { scope: 'project', minimum: 'Read-only' } as const

/**
 * SQL snippets (issue 5), per user and project: any member of the project (Read-only included)
 * keeps their own; nobody sees another user's snippets (404, as for a missing one). Self-hosted,
 * the one self-hosted user owns them. Bodies are at most 1 MiB (the router's body limit).
 */
export const snippetRoutes = [
  route({
    method: 'GET',
    path: BASE,
    summary: "List the caller's own snippets of a project",
    access,
    params: refParams,
    handler: async ({ db, project, caller }) => listSnippets(db, Number(project.id), project.ref, caller.userId),
  }),
  route({
    method: 'POST',
    path: BASE,
    summary: 'Save a new snippet',
    access,
    params: refParams,
    body: createSnippetBody,
    handler: async ({ db, project, caller, body }) => respond(201, await createSnippet(db, Number(project.id), project.ref, caller.userId, body)),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: "Read one of the caller's snippets with its content",
    access,
    params: snippetParams,
    handler: async ({ db, project, caller, params }) => getSnippet(db, Number(project.id), project.ref, caller.userId, params.id),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: "Change one of the caller's snippets",
    access,
    params: snippetParams,
    body: updateSnippetBody,
    handler: async ({ db, project, caller, params, body }) => updateSnippet(db, Number(project.id), project.ref, caller.userId, params.id, body),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: "Delete one of the caller's snippets",
    access,
    params: snippetParams,
    handler: async ({ db, project, caller, params }) => {
      await deleteSnippet(db, Number(project.id), caller.userId, params.id)
      return respond(204)
    },
  }),
]
