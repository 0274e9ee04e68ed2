import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GIB, MIB } from '@/lib/constants'
import { server } from '@/tests/msw-server'
import { answerBillingReads, metric, organization, renderBilling, usageBody } from './billing-fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/org/[slug]/billing', query: { slug: 'acme' }, asPath: '/org/acme/billing' }) }))
vi.mock('@/components/layouts/AuthProvider', () => ({ useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }) }))

afterEach(() => {
  server.events.removeAllListeners()
  delete window.__DASHBOARD_CONFIG__
})

function bar(name: string) {
  return screen.getByRole('progressbar', { name })
}

describe('billing screen: usage against quota', () => {
  it('colours each bar by usage / quota: normal below 0.75, warning from 0.75, danger at 1 or more', async () => {
    answerBillingReads({
      usage: usageBody('pro', [
        metric('Monthly active users', 50_000, 100_000),
        metric('Egress', 0.75 * 250 * GIB, 250 * GIB, 'bytes'),
        metric('Realtime peak connections', 500, 500),
        metric('Storage size', 150 * GIB, 100 * GIB, 'bytes'),
      ]),
    })
    renderBilling()
    await screen.findByRole('list', { name: 'Usage against quota' })

    expect(bar('Monthly active users')).toHaveAttribute('data-level', 'normal')
    expect(bar('Monthly active users')).toHaveAttribute('aria-valuenow', '50')
    expect(screen.getByText('50,000 of 100,000 (50%)')).toBeInTheDocument()

    expect(bar('Egress')).toHaveAttribute('data-level', 'warning')
    expect(screen.getByText('187.5 GB of 250 GB (75%)')).toBeInTheDocument()

    expect(bar('Realtime peak connections')).toHaveAttribute('data-level', 'danger')
    // Over the quota the bar is full and the figures tell how far over.
    expect(bar('Storage size')).toHaveAttribute('data-level', 'danger')
    expect(bar('Storage size')).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByText('150 GB of 100 GB (150%)')).toBeInTheDocument()
  })

  it('shows just below the warning ratio as normal', async () => {
    answerBillingReads({ usage: usageBody('free', [metric('Database size', 374 * MIB, 500 * MIB, 'bytes')]) })
    renderBilling()
    await screen.findByRole('list', { name: 'Usage against quota' })
    expect(bar('Database size')).toHaveAttribute('data-level', 'normal')
    expect(screen.getByText('374 MB of 500 MB (74%)')).toBeInTheDocument()
  })

  it('shows no bar for an unlimited quota', async () => {
    answerBillingReads({
      organization: organization({ plan: { id: 'enterprise', name: 'Enterprise' } }),
      usage: usageBody('enterprise', [metric('Monthly active users', 123_456, null)]),
    })
    renderBilling()
    const list = await screen.findByRole('list', { name: 'Usage against quota' })
    expect(within(list).getByText('123,456 used · Unlimited')).toBeInTheDocument()
    expect(within(list).queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('says a metric the plan does not include is not included, with no bar', async () => {
    answerBillingReads({ usage: usageBody('free', [metric('Storage image transformations', 0, 0)]) })
    renderBilling()
    const list = await screen.findByRole('list', { name: 'Usage against quota' })
    expect(within(list).getByText('0 used · Not included in the plan')).toBeInTheDocument()
    expect(within(list).queryByRole('progressbar')).toBeNull()
  })

  it('shows a figure the demo seed stored apart from the measured one, labelled on its own line, and only there', async () => {
    answerBillingReads({
      usage: usageBody('pro', [
        metric('Egress', 2 * GIB, 250 * GIB, 'bytes', 'EGRESS', 'demo'),
        metric('Monthly active users', 3, 100_000, 'count', 'MONTHLY_ACTIVE_USERS', 'measured'),
      ]),
    })
    renderBilling()
    const list = await screen.findByRole('list', { name: 'Usage against quota' })
    const [egress, users] = within(list).getAllByRole('listitem')
    expect(within(egress).getByText('Demo data')).toBeInTheDocument()
    // Visible, not behind a hover, and not added to the measured figure the bar shows.
    expect(egress).toHaveTextContent('Seeded sample: 190 GB, stored by the demo seed, not measured and not billed.')
    expect(egress).toHaveTextContent('2 GB of 250 GB')
    expect(within(users).queryByText('Demo data')).not.toBeInTheDocument()
    expect(users).not.toHaveTextContent('Seeded sample')
    // The bar keeps its name: the label is beside it, not part of it.
    expect(bar('Egress')).toHaveAttribute('aria-valuenow', '1')
  })
})
