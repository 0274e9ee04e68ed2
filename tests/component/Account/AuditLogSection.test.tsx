import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { auditRangeQuery, defaultAuditRange } from '@/components/interfaces/Account/audit-range'
import { AuditLogSection } from '@/components/interfaces/Account/AuditLogSection'
import { createQueryClient } from '@/data/query-client'
import { server } from '@/tests/msw-server'

const entry = (id: number, action: string, occurred_at: string, target: string | null = null) => ({
  id,
  action,
  target,
  metadata: {},
  organization_id: null,
  organization_slug: null,
  occurred_at,
})

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditLogSection />
    </QueryClientProvider>
  )
}

/** Answers GET /platform/profile/audit with `reply`; records the query strings it was sent. */
function auditEndpoint(reply: () => Response) {
  const asked: { date_start: string | null; date_end: string | null }[] = []
  server.use(
    http.get('*/platform/profile/audit', ({ request }) => {
      const params = new URL(request.url).searchParams
      asked.push({ date_start: params.get('date_start'), date_end: params.get('date_end') })
      return reply()
    })
  )
  return asked
}

describe('audit range', () => {
  it('defaults to the last 7 days and spans whole local days', () => {
    const range = defaultAuditRange(new Date(2025, 4, 16, 13, 0))
    expect(range).toEqual({ from: '2025-05-10', to: '2025-05-16' })
    expect(auditRangeQuery(range)).toEqual({
      date_start: dayjs('2025-05-10').startOf('day').toISOString(),
      date_end: dayjs('2025-05-16').endOf('day').toISOString(),
    })
  })

  it('refuses backwards, missing and impossible days', () => {
    expect(auditRangeQuery({ from: '2025-05-17', to: '2025-05-16' })).toBeNull()
    expect(auditRangeQuery({ from: '', to: '2025-05-16' })).toBeNull()
    expect(auditRangeQuery({ from: '2025-02-30', to: '2025-03-02' })).toBeNull()
  })
})

describe('AuditLogSection', () => {
  it('lists the entries of the range, newest first, with date_start and date_end', async () => {
    const asked = auditEndpoint(() =>
      HttpResponse.json({
        result: [
          entry(1, 'user.signed_up', '2025-05-10T08:00:00Z'),
          entry(2, 'mfa.factor_enrolled', '2025-05-11T09:30:00Z', 'f1f1f1f1'),
        ],
        date_start: '',
        date_end: '',
      })
    )
    renderSection()

    const rows = await screen.findAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'TimeActionTargetOrganization',
      expect.stringContaining('mfa.factor_enrolledf1f1f1f1—'),
      expect.stringContaining('user.signed_up——'),
    ])
    expect(asked[0]).toEqual(auditRangeQuery(defaultAuditRange()))
  })

  it('says so when the range holds nothing', async () => {
    auditEndpoint(() => HttpResponse.json({ result: [], date_start: '', date_end: '' }))
    renderSection()
    expect(await screen.findByText('No audit logs in this period')).toBeInTheDocument()
  })

  it('shows the error with Retry, and retries', async () => {
    let fail = true
    auditEndpoint(() =>
      fail
        ? HttpResponse.json({ message: 'date_start must not be after date_end' }, { status: 400 })
        : HttpResponse.json({ result: [entry(3, 'user.signed_in', '2025-05-12T10:00:00Z')], date_start: '', date_end: '' })
    )
    renderSection()

    expect(await screen.findByText('Failed to load audit logs')).toBeInTheDocument()
    expect(screen.getByText('date_start must not be after date_end')).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('user.signed_in')).toBeInTheDocument()
  })

  it('asks again for a new range and refuses a backwards one', async () => {
    const asked = auditEndpoint(() => HttpResponse.json({ result: [], date_start: '', date_end: '' }))
    renderSection()
    await screen.findByText('No audit logs in this period')

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } })
    await waitFor(() => expect(asked.at(-1)?.date_start).toBe(dayjs('2025-01-01').startOf('day').toISOString()))

    const count = asked.length
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-01' } })
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date.')
    expect(asked.length).toBe(count)
  })
})
