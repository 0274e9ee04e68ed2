import { expect } from 'vitest'
import type { EndpointEntry } from './endpoints'

/** Dashboard → Realtime's routes, walked by the authorization and bad-input suites. */
export const REALTIME_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/realtime/inspector-token',
    mode: 'write',
    takesBody: true,
    required: ['role'],
    success: 200,
    prepare: (w) => ({ params: { ref: w.projectA }, body: { role: 'anon' } }),
    check: (res) => {
      expect(res.body.role).toBe('anon')
      expect(typeof res.body.token).toBe('string')
      expect(res.body.expires_in).toBeLessThanOrEqual(300)
    },
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/realtime/stats',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res) => {
      expect(typeof res.body.connections).toBe('number')
      expect(typeof res.body.messages).toBe('number')
    },
  },
]
