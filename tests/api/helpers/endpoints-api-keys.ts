import { expect } from 'vitest'
import { allowedInA, type EndpointEntry } from './endpoints'

const names = (body: unknown) => (body as { name: string }[]).map((key) => key.name)

/**
 * A project's API keys, its settings and Data API settings, walked by the authorization and bad-input suites;
 * tests/api/api-keys.test.ts checks the keys themselves, tests/api/rest-schemas.test.ts the Data API settings.
 */
export const API_KEYS_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/api-keys',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    // The service_role key bypasses row level security: Developers and above only.
    check: (res, _w, actor) => expect(names(res.body)).toEqual(allowedInA(actor, 'Developer') ? ['anon', 'service_role'] : ['anon']),
  },
  {
    method: 'POST',
    pattern: '/platform/projects/:ref/api-keys/rotate',
    mode: 'write',
    success: 200,
    takesBody: true,
    prepare: (w) => ({ params: { ref: w.projectA }, body: {} }),
    check: (res) => expect(names(res.body.api_keys)).toEqual(['anon', 'service_role']),
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/settings',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res, w) =>
      expect(res.body.app_config).toEqual({ endpoint: expect.stringMatching(new RegExp(`^https?://[^/]+:\\d+/${w.projectA}$`)), db_schema: 'public' }),
  },
  {
    method: 'GET',
    pattern: '/platform/projects/:ref/config/postgrest',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res) => expect(res.body).toEqual({ db_schema: 'public', max_rows: expect.any(Number), db_aggregates_enabled: expect.any(Boolean), db_tx_end: expect.any(String) }),
  },
  {
    method: 'PATCH',
    pattern: '/platform/projects/:ref/config/postgrest',
    mode: 'write',
    takesBody: true,
    needsSome: true,
    // The schema list stays `public`, which the other walks' project A answers with.
    prepare: (w) => ({ params: { ref: w.projectA }, body: { db_schema: 'public', max_rows: 500, db_aggregates_enabled: true, db_tx_end: 'commit-allow-override' } }),
    check: (res) => expect(res.body).toEqual({ db_schema: 'public', max_rows: 500, db_aggregates_enabled: true, db_tx_end: 'commit-allow-override' }),
  },
]
