import { runningQueryPid, updateAdvisorRuleBody } from '@/lib/api-types/advisors'
import { emptyBody } from '@/lib/api-types/projects'
import { listAdvisorRules, setAdvisorRule } from '../advisors/rules'
import { route } from '../http/route'
import { cancelProjectQuery, projectActivity } from '../projects/activity'
import { refParams } from '../projects/schemas'
import { requireServing } from '../projects/status'

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
  route({
    method: 'GET',
    path: '/platform/projects/:ref/running-queries',
    summary: "List the statements running now in the project's database, every role's",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    handler: async ({ project }) => {
      requireServing(project)
      return projectActivity(project.ref)
    },
  }),
  route({
    method: 'POST',
    path: '/platform/projects/:ref/running-queries/:pid/cancel',
    summary: "Cancel a statement running in the project's database",
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams.extend(runningQueryPid.shape),
    body: emptyBody,
    handler: async ({ project, params }) => {
      requireServing(project)
      return cancelProjectQuery(project.ref, params.pid)
    },
  }),
]
