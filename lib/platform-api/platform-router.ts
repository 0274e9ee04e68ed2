import { Router } from './http/router'
import { recordGatewayRequest } from './logs/gateway-log'
import { registerProfileRoutes } from './routes/profile'
import { registerOrganizationRoutes } from './routes/organizations'
import { registerBillingRoutes } from './routes/billing'
import { projectRoutes } from './routes/projects'
import { pgMetaRoutes } from './routes/pg-meta'
import { registerTelemetryRoutes } from './routes/telemetry'
import { registerConsentRoutes } from './routes/consent'
import { registerSupportRoutes } from './routes/support'
import { snippetRoutes } from './routes/snippets'
import { advisorRoutes } from './routes/advisors'
import { cronRoutes } from './routes/cron'
import { graphqlRoutes } from './routes/graphql'
import { logsRoutes } from './routes/logs'
import { vaultRoutes } from './routes/vault'

/** Every route of `{API_URL}/platform/...`, built once per process. */
export function createPlatformRouter(): Router {
  const router = new Router()
  registerProfileRoutes(router)
  registerOrganizationRoutes(router)
  registerBillingRoutes(router)
  router.declare(projectRoutes)
  router.declare(pgMetaRoutes)
  registerTelemetryRoutes(router)
  registerConsentRoutes(router)
  registerSupportRoutes(router)
  router.declare(snippetRoutes)
  router.declare(advisorRoutes)
  router.declare(cronRoutes)
  router.declare(graphqlRoutes)
  router.declare(logsRoutes)
  router.observe(recordGatewayRequest)
  router.declare(vaultRoutes)
  return router
}
