import { describe, expect, it } from 'vitest'
import { projectApiServer, registerDirectRoutes } from '@/server/http/direct-routes'
import { projectApiGateway, PROJECT_SERVICES, projectServiceRoutes } from '@/server/project-api/gateway'

// server.mjs serves the project API on a listener of its own, through the gateway.
describe('the project API server of server.mjs', () => {
  it('hands every request to the gateway, which declares each service once', () => {
    expect(projectApiServer.handle).toBe(projectApiGateway)
    expect(PROJECT_SERVICES.map((s) => s.prefix)).toEqual(['/auth/v1', '/storage/v1', '/functions/v1', '/realtime/v1', '/rest/v1'])
    const routes = projectServiceRoutes()
    for (const service of ['auth', 'storage', 'functions', 'realtime', 'rest']) expect(routes.some((r) => r.service === service)).toBe(true)
    for (const r of routes) expect(r.path).toMatch(/^\/(auth|storage|functions|realtime|rest)\/v1(\/|$)/)
  })

  it('registers itself where server.mjs looks', () => {
    registerDirectRoutes()
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('dashboard.projectApi')]).toBe(projectApiServer)
  })
})
