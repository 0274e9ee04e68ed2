import { route } from '../http/route'
import { respond } from '../http/types'
import { refParams } from '../projects/schemas'
import { createSecretBody, updateSecretBody } from '@/lib/api-types/vault'
import { secretParams } from '../vault/schemas'
import { createSecret, deleteSecret, listSecrets, revealSecret, updateSecret, type VaultActor } from '../vault/secrets'
import type { RouteContext } from '../http/route'

const BASE = '/platform/projects/:ref/vault/secrets'

/**
 * Vault secrets of a project. Every call needs Developer or above: the platform's permission
 * model denies Read-only members everything about secrets (`secrets:%`, server/profile/
 * permissions.ts), names included. Values are only ever sent by the reveal call; creating,
 * revealing, changing and deleting are written to the organization's audit log.
 */
const access = { scope: 'project', minimum: 'Developer' } as const

function actor({ caller, org, project }: RouteContext<unknown, unknown, unknown, typeof access>): VaultActor {
  return { userId: caller.userId, organizationId: Number(org.id), projectId: Number(project.id), projectRef: project.ref }
}

export const vaultRoutes = [
  route({
    method: 'GET',
    path: BASE,
    summary: "List a project's secrets (names and descriptions, no values)",
    access,
    params: refParams,
    handler: async ({ db, project }) => listSecrets(db, Number(project.id)),
  }),
  route({
    method: 'POST',
    path: BASE,
    summary: 'Create a secret',
    access,
    params: refParams,
    body: createSecretBody,
    handler: async (ctx) => respond(201, await createSecret(ctx.db, actor(ctx), ctx.body)),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id/reveal`,
    summary: "Reveal a secret's value (audited)",
    access,
    params: secretParams,
    handler: async (ctx) => revealSecret(ctx.db, actor(ctx), ctx.params.id),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: "Change a secret's name, description or value",
    access,
    params: secretParams,
    body: updateSecretBody,
    handler: async (ctx) => updateSecret(ctx.db, actor(ctx), ctx.params.id, ctx.body),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete a secret',
    access,
    params: secretParams,
    handler: async (ctx) => {
      await deleteSecret(ctx.db, actor(ctx), ctx.params.id)
      return respond(204)
    },
  }),
]
