import { describe, expect, it } from 'vitest'
import { directRoutes, registerDirectRoutes } from '@/lib/platform-api/http/direct-routes'
import { projectApiHandler } from '@/lib/platform-api/rest/handler'

// server.mjs hands these paths to their handler before Next's router, and nothing else.
describe('the direct routes of the dashboard server', () => {
  it("hands every project API path to the project API's handler", () => {
    for (const url of ['/dashboard/api/project/abc/rest/v1/items?select=*', '/dashboard/api/project/abc/auth/v1/token?grant_type=password', '/dashboard/api/project/x/anything']) {
      expect(directRoutes.match(url)).toBe(projectApiHandler)
    }
  })

  it("leaves the pages, the platform's routes and Next's files to Next", () => {
    for (const url of ['/dashboard', '/dashboard/project/abc', '/dashboard/api/platform/projects', '/dashboard/api/projects/abc', '/dashboard/_next/static/x.js', '/api/project/abc/rest/v1/items']) {
      expect(directRoutes.match(url)).toBeNull()
    }
  })

  it("hands the WebSocket upgrades of a project's realtime endpoint to it, and no other upgrade", () => {
    expect(directRoutes.upgrade('/dashboard/api/project/abc/realtime/v1/websocket?apikey=k&vsn=2.0.0')).toEqual(expect.any(Function))
    for (const url of ['/dashboard/_next/webpack-hmr', '/dashboard/api/project/abc/rest/v1/items', '/dashboard/api/project/abc/realtime/v1/api/broadcast', '/api/project/abc/realtime/v1/websocket']) {
      expect(directRoutes.upgrade(url)).toBeNull()
    }
  })

  it('registers itself where server.mjs looks', () => {
    registerDirectRoutes()
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('dashboard.directRoutes')]).toBe(directRoutes)
  })
})
