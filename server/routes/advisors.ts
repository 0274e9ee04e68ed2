import { updateAdvisorRuleBody } from '@/lib/api-types/advisors'
import { listAdvisorRules, setAdvisorRule } from '../advisors/rules'
import { route } from '../http/route'
import { refParams } from '../projects/schemas'

const BASE = '/platform/projects/:ref/advisors/rules'

/**
 * Advisor rules of a project (the "Disable advisor rules" preview): any member reads them; Admins
 * and Owners switch a rule off or on again (PATCH {name, disabled, reason?}). Self-hosted, the one project's caller is Owner.
 */
export const advisorRoutes = [
  route({
    method: 'GET',
    path: BASE,
    summary: "List a project's advisor rules and which are disabled",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    handler: async ({ db, project }) => listAdvisorRules(db, Number(project.id)),
  }),
  route({
    method: 'PATCH',
    path: BASE,
    summary: 'Disable an advisor rule, or enable it again',
    access: { scope: 'project', minimum: 'Admin' },
    params: refParams,
    body: updateAdvisorRuleBody,
    handler: async ({ db, caller, project, org, body: { name, ...update } }) =>
      setAdvisorRule(db, {
        projectId: Number(project.id),
        projectRef: project.ref,
        organizationId: Number(org.id),
        userId: caller.userId,
        name,
        update,
      }),
  }),
]
