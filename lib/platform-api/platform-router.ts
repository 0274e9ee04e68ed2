import { Router } from './http/router'
import { registerProfileRoutes } from './routes/profile'
import { registerOrganizationRoutes } from './routes/organizations'
import { registerBillingRoutes } from './routes/billing'
import { registerProjectRoutes } from './routes/projects'
import { registerPgMetaRoutes } from './routes/pg-meta'
import { registerTelemetryRoutes } from './routes/telemetry'
import { registerConsentRoutes } from './routes/consent'
import { registerSupportRoutes } from './routes/support'
import { registerSnippetRoutes } from './routes/snippets'
import { registerAdvisorRoutes } from './routes/advisors'
import { registerCronRoutes } from './routes/cron'
import { registerGraphqlRoutes } from './routes/graphql'
import { registerLogsRoutes } from './routes/logs'
import { vaultRoutes } from './routes/vault'

/** Every route of `{API_URL}/platform/...`, built once per process. */
export function createPlatformRouter(): Router {
  const router = new Router()
  registerProfileRoutes(router)
  registerOrganizationRoutes(router)
  registerBillingRoutes(router)
  registerProjectRoutes(router)
  registerPgMetaRoutes(router)
  registerTelemetryRoutes(router)
  registerConsentRoutes(router)
  registerSupportRoutes(router)
  registerSnippetRoutes(router)
  registerAdvisorRoutes(router)
  registerCronRoutes(router)
  registerGraphqlRoutes(router)
  registerLogsRoutes(router)
  router.declare(vaultRoutes)
  return router
}
