import { http, HttpResponse } from 'msw'
import type { ApiKey, ProjectSettings, RotateApiKeysResponse } from '@/lib/api-types/api-keys'
import type { PostgrestConfig } from '@/lib/api-types/postgrest-config'
import { server } from '@/tests/msw-server'

export const ENDPOINT = 'http://localhost:8082/project/abcdefghijklmnopqrst'
export const ISSUED_AT = '2025-03-04T10:00:00.000Z'

/** The keys of a key version, as the platform signs them (fake JWTs that tell their version apart). */
export const apiKeys = (version = 1): ApiKey[] => [
  { name: 'anon', api_key: `eyJhbGciOiJIUzI1NiJ9.anon-v${version}.sig` },
  { name: 'service_role', api_key: `eyJhbGciOiJIUzI1NiJ9.service-v${version}.sig` },
]

/**
 * The project API routes of one project: its keys (without `service_role` for a Read-only
 * member, as the platform answers), its settings, the rotation, which bumps the version, and its
 * Data API settings (`dataApiHandlers`). Returns the rotations the screen asked for.
 */
export function apiHandlers(ref: string, { role = 'Owner' }: { role?: string } = {}) {
  let version = 1
  const rotations: unknown[] = []
  const keys = () => (role === 'Read-only' ? apiKeys(version).filter((key) => key.name === 'anon') : apiKeys(version))
  server.use(
    http.get(`*/platform/projects/${ref}/api-keys`, () => HttpResponse.json(keys())),
    http.get(`*/platform/projects/${ref}/settings`, () =>
      HttpResponse.json({
        app_config: { endpoint: ENDPOINT, db_schema: 'public' },
        jwt: { key_version: version, issued_at: version === 1 ? ISSUED_AT : '2025-05-06T12:00:00.000Z' },
      } satisfies ProjectSettings)
    ),
    http.post(`*/platform/projects/${ref}/api-keys/rotate`, async ({ request }) => {
      rotations.push(await request.json())
      version += 1
      return HttpResponse.json({ key_version: version, api_keys: keys() } satisfies RotateApiKeysResponse)
    })
  )
  dataApiHandlers(ref, { role })
  return rotations
}

/**
 * The Data API settings of one project as the platform keeps them: 403 below Developer, each
 * PATCH merged in (or answered with `refuse` when given). Returns the PATCH bodies received.
 */
export function dataApiHandlers(ref: string, { role = 'Owner', refuse }: { role?: string; refuse?: string } = {}) {
  let config: PostgrestConfig = { db_schema: 'public', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit' }
  const patches: unknown[] = []
  server.use(
    http.get(`*/platform/projects/${ref}/config/postgrest`, () =>
      role === 'Read-only' ? HttpResponse.json({ message: 'You do not have permission to do this' }, { status: 403 }) : HttpResponse.json(config)
    ),
    http.patch(`*/platform/projects/${ref}/config/postgrest`, async ({ request }) => {
      const body = (await request.json()) as Partial<PostgrestConfig>
      patches.push(body)
      if (refuse) return HttpResponse.json({ message: refuse }, { status: 400 })
      config = { ...config, ...body }
      return HttpResponse.json(config)
    })
  )
  return patches
}
