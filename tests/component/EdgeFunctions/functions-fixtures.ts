/** Shared fixtures of the Edge Functions screen tests. */
import type { EdgeFunction } from '@/lib/api-types/functions'
import { REF } from '../cron/cron-fixtures'

export { projectAndRole, REF, renderWithClient } from '../cron/cron-fixtures'

export const FUNCTIONS = `*/platform/projects/${REF}/functions`

export function edgeFunction(overrides: Partial<EdgeFunction> = {}): EdgeFunction {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'hello-world',
    name: 'hello-world',
    status: 'ACTIVE',
    version: 1,
    latest_version: 1,
    verify_jwt: true,
    entrypoint_path: 'index.ts',
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    url: `https://example.test/projects/${REF}/functions/v1/hello-world`,
    invocations_24h: 0,
    errors_24h: 0,
    ...overrides,
  }
}
