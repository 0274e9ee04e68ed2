import { createAuthRouter, gotrueErrorBody } from './auth-router'
import { createNodeHandler } from './http/node-adapter'
import { createPlatformRouter } from './platform-router'

/** Node handler for `{API_URL}/platform/...`; Next's API routes and the test server both mount it. */
export const platformHandler = createNodeHandler(createPlatformRouter(), { prefix: /^(\/dashboard)?\/api/ })

/** Node handler for the GoTrue-compatible auth service. */
export const authHandler = createNodeHandler(createAuthRouter(), {
  prefix: /^(\/dashboard)?\/api\/auth\/v1/,
  errorBody: gotrueErrorBody,
})
