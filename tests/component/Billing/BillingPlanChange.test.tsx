import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/tests/msw-server'
import { answerBillingReads, organization, renderBilling, subscription } from './billing-fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/org/[slug]/billing', query: { slug: 'acme' }, asPath: '/org/acme/billing' }) }))
vi.mock('@/components/layouts/AuthProvider', () => ({ useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }) }))

afterEach(() => {
  server.events.removeAllListeners()
  delete window.__DASHBOARD_CONFIG__
})

const FREE_LIMIT_MESSAGE =
  'The Free plan allows 2 active projects and this organization has 3: pause or delete 1 project first'

function preview(target: 'free' | 'team', overrides: Record<string, unknown> = {}) {
  const upgrade = target === 'team'
  return {
    current_plan: { id: 'pro', name: 'Pro' },
    target_plan: { id: target, name: upgrade ? 'Team' : 'Free' },
    change: upgrade ? 'upgrade' : 'downgrade',
    allowed: true,
    refusal_reason: null,
    currency: 'usd',
    amount_due_today: upgrade ? 28700 : 0,
    lines: upgrade ? [{ description: 'Team plan, prorated until 2025-06-01 (replaces Pro)', amount: 28700 }] : [],
    next_invoice_base_amount: upgrade ? 59900 : 0,
    current_base_amount: 2500,
    current_period_start: '2025-05-01T00:00:00.000Z',
    current_period_end: '2025-06-01T00:00:00.000Z',
    ...overrides,
  }
}

describe('billing screen: change plan', () => {
  it('lists the four plans with prices, roles and the current-plan marker', async () => {
    answerBillingReads()
    renderBilling()
    const plans = await screen.findByRole('list', { name: 'Plans' })
    const cards = within(plans).getAllByRole('article')
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Free', 'Pro', 'Team', 'Enterprise'])
    const [free, pro, team, enterprise] = cards
    expect(within(free).getByText('$0')).toBeInTheDocument()
    expect(within(pro).getByText('$25')).toBeInTheDocument()
    expect(within(team).getByText('$599')).toBeInTheDocument()
    expect(within(enterprise).getByText('Custom')).toBeInTheDocument()
    // spec §6 plan-table roles
    expect(within(free).getByText('Owner, Admin, Developer')).toBeInTheDocument()
    expect(within(pro).getByText('Owner, Admin, Developer')).toBeInTheDocument()
    expect(within(pro).getByText('Project-scoped').nextElementSibling).toHaveTextContent('Not available')
    expect(within(team).getByText('Owner, Admin, Developer, Read-only')).toBeInTheDocument()
    expect(within(team).getByText('Predefined roles')).toBeInTheDocument()
    expect(within(enterprise).getByText('Custom roles')).toBeInTheDocument()
    expect(within(pro).getByText('Current plan', { selector: '.badge' })).toBeInTheDocument()
    expect(within(pro).getByRole('button', { name: 'Pro is the current plan' })).toBeDisabled()
    expect(within(pro).getByText('then $0.00325 per MAU')).toBeInTheDocument()
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toMatch(
      /^\/support\/new\?category=sales/
    )
    // The feature matrix of spec §9
    const matrix = screen.getByRole('region', { name: 'Plan comparison' })
    const backups = within(matrix).getByRole('row', { name: /Automatic backups/ })
    // The dash is hidden from assistive technology; "Not available" is read instead.
    expect(within(backups).getAllByRole('cell').map((c) => c.textContent)).toEqual(['–Not available', '7 days', '14 days', 'Custom'])
  })

  it('confirms an upgrade with the preview amounts, then changes the plan', async () => {
    answerBillingReads()
    const bodies: unknown[] = []
    server.use(
      http.post('*/platform/organizations/acme/billing/subscription/preview', () => HttpResponse.json(preview('team'))),
      http.put('*/platform/organizations/acme/billing/subscription', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(subscription('team'))
      })
    )
    renderBilling()
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Team' }))

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to the Team plan' })
    expect(await within(dialog).findByText('$599.00 / month')).toBeInTheDocument()
    expect(within(dialog).getByText('Due today').nextElementSibling).toHaveTextContent('$287.00')
    expect(within(dialog).getByText(/Team plan, prorated until 2025-06-01/)).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }))
    expect(await screen.findByText('Your organization is now on the Team plan')).toBeInTheDocument()
    expect(bodies).toEqual([{ plan_id: 'team' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the server 4xx of a refused change in the modal', async () => {
    answerBillingReads()
    server.use(
      http.post('*/platform/organizations/acme/billing/subscription/preview', () => HttpResponse.json(preview('free'))),
      http.put('*/platform/organizations/acme/billing/subscription', () =>
        HttpResponse.json({ message: FREE_LIMIT_MESSAGE }, { status: 400 })
      )
    )
    renderBilling()
    await userEvent.click(await screen.findByRole('button', { name: 'Downgrade to Free' }))
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to the Free plan' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm downgrade' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('The plan could not be changed')
    expect(alert).toHaveTextContent(FREE_LIMIT_MESSAGE)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('shows a refusal from the preview and does not offer to confirm', async () => {
    answerBillingReads()
    server.use(
      http.post('*/platform/organizations/acme/billing/subscription/preview', () =>
        HttpResponse.json(preview('free', { allowed: false, refusal_reason: FREE_LIMIT_MESSAGE, amount_due_today: 0 }))
      )
    )
    renderBilling()
    await userEvent.click(await screen.findByRole('button', { name: 'Downgrade to Free' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText(FREE_LIMIT_MESSAGE)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Confirm downgrade' })).toBeDisabled()
  })

  it('sends a Team organization to sales for Enterprise and offers downgrades to the others', async () => {
    answerBillingReads({ organization: organization({ plan: { id: 'team', name: 'Team' } }) })
    renderBilling()
    expect(await screen.findByRole('button', { name: 'Downgrade to Pro' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      '/support/new?category=sales&subject=Enterprise%20plan'
    )
  })
})
