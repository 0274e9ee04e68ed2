import { expect } from 'vitest'
import type { EndpointEntry } from './endpoints'

/** Endpoints of the project's logs area, walked by the authorization and bad-input suites. */
export const LOGS_ENDPOINTS: EndpointEntry[] = [
  // spec §3 log sources: any member (Read-only included) reads the project's logs; outsiders get 404.
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/logs',
    mode: 'read',
    query: '?source=all&limit=50',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res, w) => {
      const body = res.body as { result: { identifier: string }[]; retention_days: number; recorded: boolean }
      expect(body.recorded).toBe(true)
      // Organization A is on the team plan: 28 days (spec §9).
      expect(body.retention_days).toBe(28)
      for (const line of body.result) expect(line.identifier).toBe(w.projectA)
    },
  },
]
