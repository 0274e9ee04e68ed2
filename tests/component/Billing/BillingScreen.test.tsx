import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/tests/msw-server'
import { DEVELOPER_PERMISSIONS, answerBillingReads, organization, renderBilling } from './billing-fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/org/[slug]/billing', query: { slug: 'acme' }, asPath: '/org/acme/billing' }) }))
vi.mock('@/components/layouts/AuthProvider', () => ({ useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }) }))

afterEach(() => {
  server.events.removeAllListeners()
  delete window.__DASHBOARD_CONFIG__
})

describe('billing screen: plan card', () => {
  it('shows the plan, its price and cycle, and "Unknown" for a missing billing e-mail', async () => {
    answerBillingReads({ organization: organization({ billing_email: null }) })
    renderBilling()
    const card = await screen.findByTestId('current-plan')
    expect(within(card).getByText('Pro')).toBeInTheDocument()
    expect(within(card).getByText('$25')).toBeInTheDocument()
    expect(within(card).getByText('/ month')).toBeInTheDocument()
    expect(within(card).getByText(/Monthly/)).toBeInTheDocument()
    const email = within(card).getByText('Billing email').nextElementSibling
    expect(email).toHaveTextContent(/^Unknown$/)
  })

  it('shows the billing e-mail when there is one', async () => {
    answerBillingReads({ organization: organization({ billing_email: 'ap@acme.test' }) })
    renderBilling()
    const card = await screen.findByTestId('current-plan')
    expect(within(card).getByText('Billing email').nextElementSibling).toHaveTextContent('ap@acme.test')
  })

  it.each([
    [null, 'Platform'],
    ['vercel_marketplace', 'Vercel marketplace'],
    ['aws', 'AWS marketplace'],
  ] as const)('labels billing partner %s as managed by %s', async (partner, label) => {
    answerBillingReads({ organization: organization({ billing_partner: partner }) })
    renderBilling()
    const card = await screen.findByTestId('current-plan')
    expect(within(card).getByText('Managed by').nextElementSibling).toHaveTextContent(label)
  })

  it('explains that a marketplace organization changes its plan there, and disables the plan buttons', async () => {
    answerBillingReads({ organization: organization({ billing_partner: 'vercel_marketplace' }) })
    renderBilling()
    expect(await screen.findAllByText('Billing is managed by the Vercel marketplace')).not.toHaveLength(0)
    expect(screen.getAllByRole('link', { name: 'Open the Vercel marketplace' })[0]).toHaveAttribute(
      'href',
      'https://vercel.com/dashboard/integrations'
    )
    expect(await screen.findByRole('button', { name: 'Upgrade to Team' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Downgrade to Free' })).toBeDisabled()
  })
})

describe('billing screen: permissions and modes', () => {
  it('shows the permission state and asks for nothing billing-related without billing read', async () => {
    const requests = answerBillingReads({ permissions: [] })
    renderBilling()
    expect(await screen.findByText('You need additional permissions to view billing')).toBeInTheDocument()
    expect(screen.queryByTestId('current-plan')).not.toBeInTheDocument()
    await waitFor(() => expect(requests).toContain('GET /dashboard/api/platform/profile/permissions'))
    expect(requests.filter((r) => /billing|customer|usage|tax-ids|payment-methods/.test(r))).toEqual([])
  })

  it('lets a Developer see the plan and usage but not the records only Owners and Admins may read', async () => {
    const requests = answerBillingReads({ permissions: DEVELOPER_PERMISSIONS })
    renderBilling()
    expect(await screen.findByTestId('current-plan')).toBeInTheDocument()
    expect(screen.getByText('You need additional permissions to view invoices')).toBeInTheDocument()
    expect(screen.getByText('You need additional permissions to view the billing address')).toBeInTheDocument()
    expect(screen.getByText('Only Owners and Admins can change the plan')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Upgrade to Team' })).toBeDisabled()
    expect(requests.filter((r) => /customer|invoices|tax-ids|payment-methods/.test(r))).toEqual([])
  })

  it('says billing is not available when self-hosted, without calling the platform', () => {
    const requests = answerBillingReads()
    renderBilling({ IS_PLATFORM: 'false' })
    expect(screen.getByText('Billing is not available when self-hosted')).toBeInTheDocument()
    expect(requests).toEqual([])
  })

  it('shows an error with a retry when the subscription fails, and recovers', async () => {
    const { http, HttpResponse } = await import('msw')
    answerBillingReads()
    let fail = true
    server.use(
      http.get('*/platform/organizations/acme/billing/subscription', () =>
        fail ? HttpResponse.json({ message: 'Subscription store offline' }, { status: 503 }) : undefined
      )
    )
    renderBilling()
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.some((a) => a.textContent?.includes('Subscription store offline'))).toBe(true)
    fail = false
    const { default: userEvent } = await import('@testing-library/user-event')
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0])
    expect(await screen.findByTestId('current-plan')).toBeInTheDocument()
  })
})
