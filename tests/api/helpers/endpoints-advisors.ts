import { expect } from 'vitest'
import type { EndpointEntry } from './endpoints'
import { usePostgres } from './platform'

const RULES = '/platform/projects/:ref/advisors/rules'

/** Endpoints of the project's advisors area, walked by the authorization and bad-input suites. */
export const ADVISORS_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: RULES,
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res, _w, actor) => {
      if (res.status !== 200) return
      expect(Array.isArray(res.body), `${actor}: a list of rules`).toBe(true)
      expect((res.body as { name: string }[]).map((r) => r.name)).toContain('rls_disabled_in_public')
    },
  },
  {
    method: 'PATCH',
    pattern: RULES,
    mode: 'write',
    takesBody: true,
    required: ['name', 'disabled'],
    fields: ['name', 'disabled', 'reason'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { name: 'no_primary_key', disabled: true, reason: `Walked by ${actor}` },
    }),
    check: (res, _w, actor) => {
      if (res.status === 200) expect(res.body, `${actor}: the rule as stored`).toMatchObject({ name: 'no_primary_key', disabled: true })
    },
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/running-queries',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res, _w, actor) => {
      if (res.status !== 200) return
      expect(res.body, `${actor}: the running queries`).toMatchObject({ embedded: !usePostgres, queries: expect.any(Array) })
    },
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/running-queries/:pid/cancel',
    mode: 'write',
    // No statement of the project runs as this process (embedded: nothing else ever runs).
    success: 404,
    takesBody: true,
    prepare: (w) => ({ params: { ref: w.projectA, pid: '2147483000' }, body: {} }),
    check: (res, _w, actor) => {
      if (res.status === 404) expect(res.body.message, actor).toMatch(usePostgres ? /No session of this project's database has process id 2147483000/ : /No query runs as process 2147483000: the embedded database/)
    },
  },
]
