import { getServerConfig } from '@/lib/config'
import { getProjectAccess } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import type { Router } from '../http/router'
import { parseParams, parseQuery } from '../http/validate'
import { recordGatewayRequest } from '../logs/gateway-log'
import { logsQuery, readProjectLogs } from '../logs/read-logs'
import { refParams } from '../projects/schemas'

/**
 * Project logs (spec §3 "Log sources", §9 retention). Every platform request aimed at a project is
 * recorded as an API gateway line; `GET /platform/projects/:ref/logs` reads them back for any member
 * (Read-only included). Self-hosted, the default project keeps logs as enterprise does.
 */
export function registerLogsRoutes(router: Router): void {
  router.observe(recordGatewayRequest)

  router.get('/platform/projects/:ref/logs', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project, org } = await getProjectAccess(db, caller, ref, 'Read-only')
    const query = parseQuery(req, logsQuery)
    return readProjectLogs(db, { project, org, selfHosted: !getServerConfig().isPlatform }, query)
  })
}
