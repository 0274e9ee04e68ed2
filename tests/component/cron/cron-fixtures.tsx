import { http, HttpResponse } from 'msw'
import type { CronJob } from '@/data/cron/cron-jobs-query'
import { projectDetail, REF } from '../SqlEditor/sql-editor-fixtures'

export { REF, renderWithClient } from '../SqlEditor/sql-editor-fixtures'

/** The project and its organization, where the caller holds `role`. */
export function projectAndRole(role: 'Owner' | 'Developer' | 'Read-only' = 'Developer') {
  return [
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail())),
    http.get('*/platform/organizations', () =>
      HttpResponse.json([
        {
          id: 1,
          slug: 'acme',
          name: 'Acme',
          plan: { id: 'pro', name: 'Pro' },
          billing_email: null,
          billing_partner: null,
          restriction_status: null,
          restriction_data: null,
          organization_requires_mfa: false,
          role,
          is_owner: role === 'Owner',
        },
      ])
    ),
  ]
}

export function cronJob(overrides: Partial<CronJob> = {}): CronJob {
  return {
    id: 1,
    name: 'nightly-cleanup',
    schedule: '0 3 * * *',
    schedule_description: 'At 03:00 (UTC)',
    command: "delete from events where at < now() - interval '30 days'",
    active: true,
    next_run_at: '2030-01-02T03:00:00.000Z',
    created_at: '2025-05-01T10:00:00.000Z',
    updated_at: '2025-05-01T10:00:00.000Z',
    last_run: null,
    ...overrides,
  }
}
