import { expect } from 'vitest'
import type { EndpointEntry } from './endpoints'

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
]
