import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetServerConfig } from '@/lib/config'
import { startRestProject, type RestProject } from './helpers/rest-project'
import { createActiveProject, createOrg } from './projects-helpers'

/**
 * Issue 22: a project's API has an origin of its own. The dashboard's origin, where its session
 * lives, serves no byte of any project's API; the project API's port serves nothing of the
 * dashboard; behind a proxy with a host per project the gateway takes the project from the Host.
 */

/** A raw request with the Host header the test chooses (fetch cannot set one). */
function raw(origin: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe("the project API's own origin", () => {
  let p: RestProject
  let other: string

  beforeAll(async () => {
    p = await startRestProject('Origin')
    await p.run("create table public.notes (id int primary key, body text); alter table notes enable row level security; create policy open on notes for select using (true); insert into notes values (1, '<script>alert(1)</script>')")
    const org = await createOrg('free', [[p.owner.id, 'Owner']])
    other = (await createActiveProject(p.platform, p.owner.token, org.slug, 'Other')).ref
  })
  afterAll(async () => p?.platform.close())

  it('serves the project API on a port that is not the dashboard’s, and the dashboard names that URL', async () => {
    const dashboard = new URL(p.platform.apiUrl).origin
    expect(p.platform.projectApiOrigin).not.toBe(dashboard)
    const settings = await p.platform.request(`/platform/projects/${p.ref}/settings`, { token: p.owner.token })
    expect(settings.body.app_config.endpoint).toBe(p.platform.projectUrl(p.ref))
    const { data, error } = await p.client(p.keys.anon).from('notes').select('id, body')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 1, body: '<script>alert(1)</script>' }])
  })

  it("serves no byte of a project's API from the dashboard's origin, under the old path or any other", async () => {
    const dashboard = new URL(p.platform.apiUrl).origin
    for (const path of [`/dashboard/api/project/${p.ref}/rest/v1/notes`, `/api/project/${p.ref}/rest/v1/notes`, `/${p.ref}/rest/v1/notes`, `/dashboard/api/project/${p.ref}/storage/v1/bucket`]) {
      const res = await fetch(`${dashboard}${path}`, { headers: { apikey: p.keys.anon } })
      const body = await res.text()
      expect(res.status, path).toBe(404)
      expect(body).not.toContain('<script>')
    }
  })

  it("answers nothing of the dashboard on the project API's port, and 404 for a path that names no service", async () => {
    for (const path of ['/dashboard', '/dashboard/api/platform/profile', '/dashboard/api/auth/v1/settings', `/${p.ref}`, `/${p.ref}/graphiql`, `/${p.ref}/dashboard`, '/']) {
      const res = await fetch(`${p.platform.projectApiOrigin}${path}`)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await res.json()).message).toMatch(/No (project|service) at/)
    }
  })

  it("sets each service's declared CORS on its answers, preflights and errors alike (project-api/cors.ts)", async () => {
    const { PROJECT_CORS } = await import('@/server/project-api/cors')
    const paths = { rest: '/rest/v1/notes', auth: '/auth/v1/settings', storage: '/storage/v1/bucket', functions: '/functions/v1/none', realtime: '/realtime/v1/api/broadcast' } as const
    for (const [service, path] of Object.entries(paths) as [keyof typeof PROJECT_CORS, string][]) {
      for (const method of ['OPTIONS', 'GET']) {
        const res = await fetch(`${p.platform.projectUrl(p.ref)}${path}`, { method, headers: { Origin: 'https://app.example.test', 'Access-Control-Request-Method': 'POST' } })
        await res.arrayBuffer()
        expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBe('*')
        expect(res.headers.get('access-control-allow-methods'), `${method} ${path}`).toBe(PROJECT_CORS[service]['Access-Control-Allow-Methods'])
        expect(res.headers.get('access-control-allow-credentials'), `${method} ${path}`).toBeNull()
      }
    }
  })

  it("behind a proxy with a host per project, takes the project from the Host and never from the path", async () => {
    process.env.PROJECT_API_URL = 'https://{ref}.api.example.test'
    resetServerConfig()
    try {
      const settings = await p.platform.request(`/platform/projects/${p.ref}/settings`, { token: p.owner.token })
      expect(settings.body.app_config.endpoint).toBe(`https://${p.ref}.api.example.test`)
      const mine = await raw(p.platform.projectApiOrigin, '/rest/v1/notes?select=id', { Host: `${p.ref}.api.example.test`, apikey: p.keys.anon })
      expect([mine.status, JSON.parse(mine.body)]).toEqual([200, [{ id: 1 }]])
      // The path cannot name another project: the Host decides, so `/{other}/rest/v1` is not a REST path of this one.
      const crossed = await raw(p.platform.projectApiOrigin, `/${other}/rest/v1/notes`, { Host: `${p.ref}.api.example.test`, apikey: p.keys.anon })
      expect(crossed.status).toBe(404)
      // The other project's host with this project's key: refused by the other project.
      const otherHost = await raw(p.platform.projectApiOrigin, '/rest/v1/notes', { Host: `${other}.api.example.test`, apikey: p.keys.anon })
      expect(otherHost.status).toBe(401)
      for (const host of ['api.example.test', `${p.ref}.api.example.test.evil.test`, `x.${p.ref}.api.example.test`, 'evil.test']) {
        const res = await raw(p.platform.projectApiOrigin, '/rest/v1/notes', { Host: host, apikey: p.keys.anon })
        expect(res.status, host).toBe(404)
      }
    } finally {
      delete process.env.PROJECT_API_URL
      resetServerConfig()
    }
  })
})
