import { getProjectAccess } from '../access'
import { listAdvisorRules, setAdvisorRule } from '../advisors/rules'
import { updateRuleBody } from '../advisors/schemas'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import type { Router } from '../http/router'
import { parseBody, parseParams } from '../http/validate'
import { refParams } from '../projects/schemas'

const BASE = '/platform/projects/:ref/advisors/rules'

/**
 * Advisor rules of a project (the "Disable advisor rules" preview): any member reads them; Admins
 * and Owners switch a rule off or on again (PATCH {name, disabled, reason?}). Self-hosted, the one project's caller is Owner.
 */
export function registerAdvisorRoutes(router: Router): void {
  router.get(BASE, async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project } = await getProjectAccess(db, caller, ref, 'Read-only')
    return listAdvisorRules(db, Number(project.id))
  })

  router.patch(BASE, async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project, org } = await getProjectAccess(db, caller, ref, 'Admin')
    const { name, ...update } = await parseBody(req, updateRuleBody)
    return setAdvisorRule(db, {
      projectId: Number(project.id),
      projectRef: project.ref,
      organizationId: Number(org.id),
      userId: caller.userId,
      name,
      update,
    })
  })
}
