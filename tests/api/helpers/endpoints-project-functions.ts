import { expect } from 'vitest'
import type { ProjectEndpoint } from './endpoints-project-api'
import type { ProjectApiWorld, ProjectResponse } from './project-api-world'

/**
 * How the walk calls a project's Edge Functions (`{url}/functions/v1/{slug}`): two functions
 * deployed once per world through the platform, one verifying callers' JWTs (the default) and one
 * with verification off, both answering the method and path they saw.
 */

export const FUNCTION_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const ECHO = `Deno.serve((req) => Response.json({ method: req.method, path: new URL(req.url).pathname }))\n`
const deployed = new WeakMap<ProjectApiWorld, Promise<void>>()

function withFunctions(w: ProjectApiWorld): Promise<void> {
  let made = deployed.get(w)
  if (!made) {
    made = (async () => {
      for (const [slug, verify] of [['walk-echo', true], ['walk-open', false]] as const) {
        const res = await w.platform.request(`/platform/projects/${w.ref}/functions`, { token: w.owner.token, body: { slug, body: ECHO, verify_jwt: verify } })
        expect(res.status, JSON.stringify(res.body)).toBe(201)
      }
    })()
    deployed.set(w, made)
  }
  return made
}

const echoed = (method: string, slug: string) => (res: ProjectResponse) => {
  if (method !== 'HEAD') expect(res.body).toEqual({ method, path: `/${slug}/walk` })
}

export const FUNCTIONS_ENDPOINTS: ProjectEndpoint[] = [
  ...FUNCTION_METHODS.map<ProjectEndpoint>((method) => ({
    key: `${method} /functions/v1/:slug`,
    prepare: async (w) => {
      await withFunctions(w)
      return { path: '/functions/v1/walk-echo/walk', init: method === 'GET' || method === 'HEAD' ? {} : { body: { sent: true } } }
    },
    check: echoed(method, 'walk-echo'),
  })),
  {
    key: 'POST /functions/v1/:slug?verify_jwt=false',
    prepare: async (w) => {
      await withFunctions(w)
      return { path: '/functions/v1/walk-open/walk', init: { body: { sent: true } } }
    },
    check: echoed('POST', 'walk-open'),
  },
  {
    key: 'OPTIONS /functions/v1/:slug',
    prepare: async (w) => {
      await withFunctions(w)
      return { path: '/functions/v1/walk-echo', init: { headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-client-info' } } }
    },
    check: (res) => expect(res.headers.get('access-control-allow-origin')).toBe('*'),
  },
]
