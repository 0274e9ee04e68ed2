import { getServerConfig } from '@/lib/config'
import { route } from '../http/route'
import { logsQuery, readProjectLogs } from '../logs/read-logs'
import { refParams } from '../projects/schemas'

/**
 * Project logs (spec §3 "Log sources", §9 retention). Every platform request aimed at a project is
 * recorded as an API gateway line (the platform router observes them: `recordGatewayRequest`);
 * this reads them back for any member (Read-only included). Self-hosted, the default project
 * keeps logs as enterprise does.
 */
export const logsRoutes = [
  route({
    method: 'GET',
    path: '/platform/projects/:ref/logs',
    summary: "Read a project's logs (API gateway, Postgres) for a time range",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    query: logsQuery,
    handler: async ({ db, project, org, query }) => readProjectLogs(db, { project, org, selfHosted: !getServerConfig().isPlatform }, query),
  }),
]
