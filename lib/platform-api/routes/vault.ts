import { getProjectAccess } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import type { Db } from '../db/types'
import type { Router } from '../http/router'
import { respond, type ApiRequest } from '../http/types'
import { parseBody, parseParams } from '../http/validate'
import { refParams } from '../projects/schemas'
import { createSecretBody, secretParams, updateSecretBody } from '../vault/schemas'
import { createSecret, deleteSecret, listSecrets, revealSecret, updateSecret, type VaultActor } from '../vault/secrets'

const BASE = '/platform/projects/:ref/vault/secrets'

/**
 * Vault secrets of a project. Every call needs Developer or above: the platform's permission
 * model denies Read-only members everything about secrets (`secrets:%`, lib/platform-api/profile/
 * permissions.ts), names included. Values are only ever sent by the reveal call; creating,
 * revealing, changing and deleting are written to the organization's audit log.
 */
export function registerVaultRoutes(router: Router): void {
  async function access(req: ApiRequest): Promise<{ db: Db; actor: VaultActor }> {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project, org } = await getProjectAccess(db, caller, ref, 'Developer')
    return { db, actor: { userId: caller.userId, organizationId: Number(org.id), projectId: Number(project.id), projectRef: project.ref } }
  }

  router.get(BASE, async (req) => {
    const { db, actor } = await access(req)
    return listSecrets(db, actor.projectId)
  })

  router.post(BASE, async (req) => {
    const { db, actor } = await access(req)
    const body = await parseBody(req, createSecretBody)
    return respond(201, await createSecret(db, actor, body))
  })

  router.get(`${BASE}/:id/reveal`, async (req) => {
    const { db, actor } = await access(req)
    const { id } = parseParams(req, secretParams)
    return revealSecret(db, actor, id)
  })

  router.patch(`${BASE}/:id`, async (req) => {
    const { db, actor } = await access(req)
    const { id } = parseParams(req, secretParams)
    const body = await parseBody(req, updateSecretBody)
    return updateSecret(db, actor, id, body)
  })

  router.delete(`${BASE}/:id`, async (req) => {
    const { db, actor } = await access(req)
    const { id } = parseParams(req, secretParams)
    await deleteSecret(db, actor, id)
    return respond(204)
  })
}
