import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '@/tests/msw-server'
import { answerBillingReads, renderBilling } from './billing-fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/org/[slug]/billing', query: { slug: 'acme' }, asPath: '/org/acme/billing' }) }))
vi.mock('@/components/layouts/AuthProvider', () => ({ useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }) }))

afterEach(() => {
  server.events.removeAllListeners()
  delete window.__DASHBOARD_CONFIG__
})

async function addressForm() {
  return screen.findByRole('form', { name: 'Billing address' })
}

describe('billing screen: billing address at #address', () => {
  it('renders the address section under the #address anchor', async () => {
    answerBillingReads()
    const { container } = renderBilling()
    await addressForm()
    const section = container.querySelector('section#address')
    expect(section).not.toBeNull()
    expect(within(section as HTMLElement).getByRole('heading', { name: 'Billing address' })).toBeInTheDocument()
  })

  it('validates before saving: line 1 and a two-letter country are required', async () => {
    const requests = answerBillingReads()
    renderBilling()
    const form = await addressForm()
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }))

    expect(within(form).getByText('Address line 1 is required')).toBeInTheDocument()
    expect(within(form).getByText('Country is required')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Address line 1' })).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByRole('textbox', { name: 'Address line 1' })).toHaveFocus()

    await userEvent.type(within(form).getByRole('textbox', { name: 'Country' }), 'xx')
    expect(within(form).getByText('Enter a two-letter country code, e.g. DE or US')).toBeInTheDocument()
    expect(requests.filter((r) => r.startsWith('PUT'))).toEqual([])
  })

  it('saves a valid address to the customer endpoint', async () => {
    answerBillingReads()
    const bodies: unknown[] = []
    server.use(
      http.put('*/platform/organizations/acme/customer', async ({ request }) => {
        const body = (await request.json()) as { address: Record<string, unknown> }
        bodies.push(body)
        return HttpResponse.json({ address: body.address, email: 'billing@acme.test', name: null })
      })
    )
    renderBilling()
    const form = await addressForm()
    await userEvent.type(within(form).getByRole('textbox', { name: 'Address line 1' }), '1 Main St')
    await userEvent.type(within(form).getByRole('textbox', { name: /City/ }), 'Berlin')
    await userEvent.type(within(form).getByRole('textbox', { name: /Postal code/ }), '10115')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Country' }), 'de')
    expect(within(form).getByText('Germany')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }))

    expect(await screen.findByText('Billing address saved')).toBeInTheDocument()
    expect(bodies).toEqual([
      { address: { line1: '1 Main St', line2: null, city: 'Berlin', postal_code: '10115', state: null, country: 'DE' } },
    ])
    expect(within(await addressForm()).getByRole('textbox', { name: 'Address line 1' })).toHaveValue('1 Main St')
  })

  it('shows the platform’s 400 message in the form', async () => {
    answerBillingReads({ customer: { address: { line1: '1 Main St', country: 'DE' }, email: null, name: null } })
    server.use(
      http.put('*/platform/organizations/acme/customer', () =>
        HttpResponse.json({ message: 'address.postal_code: must be at most 20 characters' }, { status: 400 })
      )
    )
    renderBilling()
    const form = await addressForm()
    expect(within(form).getByRole('textbox', { name: 'Address line 1' })).toHaveValue('1 Main St')
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }))
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('address.postal_code: must be at most 20 characters')
  })

  it('lists, adds and removes tax ids', async () => {
    answerBillingReads({ taxIds: [{ id: 1, type: 'eu_vat', value: 'DE123456789', country: 'DE', created_at: '2025-05-01T00:00:00Z' }] })
    const posted: unknown[] = []
    const deleted: string[] = []
    server.use(
      http.post('*/platform/organizations/acme/tax-ids', async ({ request }) => {
        const body = (await request.json()) as { type: string; value: string }
        posted.push(body)
        if (body.value === 'nope') {
          return HttpResponse.json({ message: 'value is not a valid UK VAT number (gb_vat), e.g. GB123456789' }, { status: 400 })
        }
        return HttpResponse.json({ id: 2, type: body.type, value: body.value, country: 'GB', created_at: '2025-05-02T00:00:00Z' }, { status: 201 })
      }),
      http.delete('*/platform/organizations/acme/tax-ids/:id', ({ params }) => {
        deleted.push(String(params.id))
        return new HttpResponse(null, { status: 204 })
      })
    )
    renderBilling()
    const list = await screen.findByRole('list', { name: 'Tax IDs' })
    expect(within(list).getByText('DE123456789')).toBeInTheDocument()
    expect(within(list).getByText('EU VAT number · Germany')).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Add a tax ID' })
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Tax ID type' }), 'gb_vat')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tax ID' }), 'nope')
    await userEvent.click(within(form).getByRole('button', { name: 'Add tax ID' }))
    expect(await within(form).findByText('value is not a valid UK VAT number (gb_vat), e.g. GB123456789')).toBeInTheDocument()

    await userEvent.clear(within(form).getByRole('textbox', { name: 'Tax ID' }))
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tax ID' }), 'GB123456789')
    await userEvent.click(within(form).getByRole('button', { name: 'Add tax ID' }))
    expect(await screen.findByText('Tax ID GB123456789 added')).toBeInTheDocument()
    expect(posted).toEqual([
      { type: 'gb_vat', value: 'nope' },
      { type: 'gb_vat', value: 'GB123456789' },
    ])

    await userEvent.click(screen.getByRole('button', { name: 'Remove tax ID DE123456789' }))
    await waitFor(() => expect(deleted).toEqual(['1']))
  })
})
