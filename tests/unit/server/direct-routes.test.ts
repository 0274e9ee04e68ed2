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
    // Who must prove themselves, as declared: open only where a route's own token (or none: public objects, preflights) decides.
    const auth = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.auth
    expect(auth('GET', '/rest/v1/{table}')).toBe('key or user token')
    expect(auth('GET', '/auth/v1/settings')).toBe('project key')
    expect(auth('GET', '/auth/v1/verify')).toBe('none (public, or its own token)')
    expect(auth('GET', '/storage/v1/object/public/:bucket/*path')).toBe('none (public, or its own token)')
    expect(auth('GET', '/storage/v1/object/:bucket/*path')).toBe('key or user token')
    expect(auth('OPTIONS', '/rest/v1/{table}')).toBe('none (preflight)')
    expect(auth('POST', '/realtime/v1/api/broadcast')).toBe('key (+ user token)')
    expect(routes.filter((r) => r.auth.startsWith('none') && r.method !== 'OPTIONS').map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /auth/v1/verify',
      'GET /storage/v1/object/public/:bucket/*path',
      'GET /storage/v1/object/sign/:bucket/*path',
      'GET /storage/v1/render/image/public/:bucket/*path',
      'GET /storage/v1/render/image/sign/:bucket/*path',
      'PUT /storage/v1/object/upload/sign/:bucket/*path',
    ])
  })

  it('registers itself where server.mjs looks', () => {
    registerDirectRoutes()
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('dashboard.projectApi')]).toBe(projectApiServer)
  })
})
