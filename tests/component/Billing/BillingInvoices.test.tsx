import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/tests/msw-server'
import { NO_CARD_PROCESSING_NOTE } from '@/components/interfaces/Billing/PaymentMethodsSection'
import { answerBillingReads, invoice, renderBilling } from './billing-fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/org/[slug]/billing', query: { slug: 'acme' }, asPath: '/org/acme/billing' }) }))
vi.mock('@/components/layouts/AuthProvider', () => ({ useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }) }))

afterEach(() => {
  server.events.removeAllListeners()
  delete window.__DASHBOARD_CONFIG__
})

const PAGE_ONE = [
  invoice(12, { status: 'open', overdue: true, total: 59900, amount_due: 59900, amount_paid: 0, created_at: '2025-05-20T12:00:00.000Z' }),
  invoice(11, { status: 'open', total: 1234, amount_due: 1234, amount_paid: 0, created_at: '2025-05-10T12:00:00.000Z' }),
  ...Array.from({ length: 8 }, (_, i) => invoice(10 - i)),
]

describe('billing screen: invoices at #invoices', () => {
  it('lists invoices with number, date, amount and status, with the upcoming invoice and the anchors', async () => {
    answerBillingReads({ invoices: PAGE_ONE, invoiceCount: 12 })
    const { container } = renderBilling()
    const table = await screen.findByRole('table', { name: 'Invoices' })
    expect(container.querySelector('section#invoices')).toContainElement(table)
    expect(container.querySelector('section#address')).not.toBeNull()
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '#invoices')
    expect(screen.getByRole('link', { name: 'Billing address' })).toHaveAttribute('href', '#address')

    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(10)
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['INV-000012', '20 May, 2025', '$599.00', 'Overdue'])
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['INV-000011', '10 May, 2025', '$12.34', 'Open'])
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['INV-000010', '01 May, 2025', '$25.00', 'Paid'])
    expect(screen.getByText('Showing 1–10 of 12 invoices')).toBeInTheDocument()

    // The upcoming invoice: lines, credits and total.
    const upcoming = screen.getByRole('table', { name: 'Upcoming invoice' })
    expect(within(upcoming).getByRole('row', { name: /Compute credits/ })).toHaveTextContent('-$10.00')
    expect(within(upcoming).getByRole('row', { name: /Total/ })).toHaveTextContent('$25.00')
  })

  it('pages with the count', async () => {
    const requests = answerBillingReads({ invoices: PAGE_ONE, invoiceCount: 12 })
    server.use(
      http.get('*/platform/organizations/acme/billing/invoices', ({ request }) =>
        new URL(request.url).searchParams.get('offset') === '10' ? HttpResponse.json([invoice(2), invoice(1)]) : undefined
      )
    )
    renderBilling()
    await screen.findByRole('table', { name: 'Invoices' })
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 11–12 of 12 invoices')).toBeInTheDocument()
    expect(requests).toContain('GET /dashboard/api/platform/organizations/acme/billing/invoices?offset=10&limit=10')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('opens one invoice with its lines', async () => {
    answerBillingReads()
    server.use(http.get('*/platform/organizations/acme/billing/invoices/1', () => HttpResponse.json(invoice(1))))
    renderBilling()
    await userEvent.click(await screen.findByRole('button', { name: 'View invoice INV-000001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-000001' })
    expect(within(dialog).getByRole('row', { name: /Pro plan/ })).toHaveTextContent('$25.00')
  })

  it('says so when there are no invoices yet', async () => {
    answerBillingReads({ invoices: [], invoiceCount: 0 })
    renderBilling()
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument()
  })

  it('shows an error with a retry when invoices fail', async () => {
    answerBillingReads()
    server.use(http.get('*/platform/organizations/acme/billing/invoices', () => HttpResponse.json({ message: 'Invoice store down' }, { status: 500 })))
    renderBilling()
    const alert = (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes('Failed to load invoices'))
    expect(alert).toHaveTextContent('Invoice store down')
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Retry' })).toBeEnabled()
  })
})

describe('billing screen: payment methods', () => {
  it('says that no card is charged, and adds, defaults and removes card records', async () => {
    answerBillingReads({
      paymentMethods: {
        data: [{ id: 7, type: 'card', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2099, is_default: true, created_at: '2025-05-01T00:00:00Z' },
          { id: 8, type: 'card', brand: 'amex', last4: '0005', exp_month: 12, exp_year: 2098, is_default: false, created_at: '2025-05-02T00:00:00Z' }],
        defaultPaymentMethodId: 7,
      },
    })
    const calls: string[] = []
    server.use(
      http.post('*/platform/organizations/acme/payment-methods', async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ id: 9 }, { status: 201 })
      }),
      http.patch('*/platform/organizations/acme/payment-methods/:id', async ({ params, request }) => {
        calls.push(`PATCH ${params.id} ${JSON.stringify(await request.json())}`)
        return HttpResponse.json({ id: Number(params.id) })
      }),
      http.delete('*/platform/organizations/acme/payment-methods/:id', ({ params }) => {
        calls.push(`DELETE ${params.id}`)
        return new HttpResponse(null, { status: 204 })
      })
    )
    renderBilling()
    expect(await screen.findByText(NO_CARD_PROCESSING_NOTE)).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Payment methods' })
    expect(within(list).getByText('Visa ending in 4242')).toBeInTheDocument()
    expect(within(list).getByText('Expires 04/2099')).toBeInTheDocument()
    expect(within(list).getByText('Default')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Make American Express ending in 0005 the default' }))
    await userEvent.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }))

    const form = screen.getByRole('form', { name: 'Add a payment method' })
    await userEvent.click(within(form).getByRole('button', { name: 'Add card record' }))
    expect(within(form).getByText('Enter the last four digits of the card')).toBeInTheDocument()
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Card brand' }), 'mastercard')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Last four digits' }), '4444')
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Expiry month' }), '9')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Expiry year' }), '2097')
    await userEvent.click(within(form).getByRole('button', { name: 'Add card record' }))
    expect(await screen.findByText('Payment method added')).toBeInTheDocument()
    await waitFor(() =>
      expect(calls).toEqual([
        'PATCH 8 {"is_default":true}',
        'DELETE 7',
        'POST {"brand":"mastercard","last4":"4444","exp_month":9,"exp_year":2097,"is_default":false}',
      ])
    )
  })
})
