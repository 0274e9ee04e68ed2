import { Router } from './http/router'
import { recordGatewayRequest } from './logs/gateway-log'
import { advisorRoutes } from './routes/advisors'
import { aiRoutes } from './routes/ai'
import { apiKeyRoutes } from './routes/api-keys'
import { billingRoutes } from './routes/billing'
import { consentRoutes } from './routes/consent'
import { cronRoutes } from './routes/cron'
import { graphqlRoutes } from './routes/graphql'
import { logsRoutes } from './routes/logs'
import { organizationRoutes } from './routes/organizations'
import { pgMetaRoutes } from './routes/pg-meta'
import { databaseMigrationRoutes } from './routes/database-migrations'
import { tableIoRoutes } from './routes/table-io'
import { postgrestConfigRoutes } from './routes/postgrest-config'
import { profileRoutes } from './routes/profile'
import { projectAuthRoutes } from './routes/project-auth'
import { projectRoutes } from './routes/projects'
import { realtimeRoutes } from './routes/realtime'
import { snippetRoutes } from './routes/snippets'
import { storageRoutes } from './routes/storage'
import { supportRoutes } from './routes/support'
import { telemetryRoutes } from './routes/telemetry'
import { vaultRoutes } from './routes/vault'
import { functionsRoutes } from './routes/functions'

/** Every route of `{API_URL}/platform/...`, one file per domain under `routes/`; built once per process. */
export function createPlatformRouter(): Router {
  return new Router()
    .declare([
      ...profileRoutes,
      ...organizationRoutes,
      ...billingRoutes,
      ...projectRoutes,
      ...pgMetaRoutes,
      ...databaseMigrationRoutes,
      ...tableIoRoutes,
      ...aiRoutes,
      ...telemetryRoutes,
      ...consentRoutes,
      ...supportRoutes,
      ...snippetRoutes,
      ...advisorRoutes,
      ...cronRoutes,
      ...graphqlRoutes,
      ...logsRoutes,
      ...vaultRoutes,
      ...functionsRoutes,
      ...apiKeyRoutes,
      ...projectAuthRoutes,
      ...postgrestConfigRoutes,
      ...storageRoutes,
      ...realtimeRoutes,
    ])
    .observe(recordGatewayRequest) // every request aimed at a project becomes an API gateway log line
}
