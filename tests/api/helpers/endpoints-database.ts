import { expect } from 'vitest'
import type { EndpointEntry } from './endpoints'

const MIGRATIONS = '/platform/projects/:ref/database/migrations'

/** Endpoints of the project's Database area (migrations), walked by the authorization and bad-input suites. */
export const DATABASE_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: MIGRATIONS,
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res) => expect(Array.isArray(res.body)).toBe(true),
  },
  {
    // Outsiders try to change A's schema; allowed callers record a harmless migration.
    method: 'POST',
    pattern: MIGRATIONS,
    mode: 'write',
    takesBody: true,
    required: ['query', 'name'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { query: `comment on schema public is 'walk by ${actor}'`, name: `walk_${actor}` },
    }),
    check: (res) => expect(res.body.versions).toEqual([expect.stringMatching(/^\d{14}$/)]),
  },
]
