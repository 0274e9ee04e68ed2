import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { VaultSecretsScreen } from '@/components/interfaces/Vault/VaultSecretsScreen'
import type { VaultSecret } from '@/data/vault/secrets-query'
import { server } from '@/tests/msw-server'
import { projectAndRole, REF, renderWithClient } from '../cron/cron-fixtures'

const SECRETS = `*/platform/projects/${REF}/vault/secrets`
const STRIPE: VaultSecret = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'STRIPE_KEY',
  description: 'Payments',
  created_at: '2025-05-01T10:00:00.000Z',
  updated_at: '2025-05-01T10:00:00.000Z',
}
const MAIL: VaultSecret = { ...STRIPE, id: '22222222-2222-4222-8222-222222222222', name: 'MAIL_TOKEN', description: 'Outgoing mail' }

function setup(role: 'Developer' | 'Read-only' = 'Developer') {
  const reveals: string[] = []
  const posted: unknown[] = []
  server.use(
    ...projectAndRole(role),
    http.get(SECRETS, () => HttpResponse.json([MAIL, STRIPE])),
    http.get(`${SECRETS}/:id/reveal`, ({ params }) => {
      reveals.push(String(params.id))
      return HttpResponse.json({ ...STRIPE, value: 'sk_live_42' })
    }),
    http.post(SECRETS, async ({ request }) => {
      posted.push(await request.json())
      return HttpResponse.json({ ...STRIPE, id: '33333333-3333-4333-8333-333333333333', name: 'NEW_ONE' }, { status: 201 })
    })
  )
  return { reveals, posted, user: userEvent.setup() }
}

// Several user-event steps each: the default 5 s is short on a loaded machine.
describe('vault secrets screen', { timeout: 20_000 }, () => {
  it('keeps values masked until revealed, then shows and copies the value', async () => {
    const { reveals, user } = setup()
    renderWithClient(<VaultSecretsScreen projectRef={REF} />)
    const table = await screen.findByRole('table', { name: 'Secrets' })
    expect(within(table).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['MAIL_TOKENOutgoing mail', 'STRIPE_KEYPayments'])
    expect(screen.queryByText('sk_live_42')).not.toBeInTheDocument()
    expect(reveals).toEqual([])

    await user.click(within(table).getByRole('button', { name: 'Reveal STRIPE_KEY' }))
    expect(await within(table).findByLabelText('Value of STRIPE_KEY')).toHaveTextContent('sk_live_42')
    expect(reveals).toEqual([STRIPE.id])
    expect(within(table).getByRole('button', { name: 'Copy STRIPE_KEY' })).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Hide STRIPE_KEY' }))
    expect(screen.queryByText('sk_live_42')).not.toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Reveal STRIPE_KEY' })).toBeInTheDocument()
  })

  it('filters by name or description', async () => {
    const { user } = setup()
    renderWithClient(<VaultSecretsScreen projectRef={REF} />)
    await screen.findByRole('table', { name: 'Secrets' })
    await user.type(screen.getByRole('searchbox', { name: 'Search secrets' }), 'payments')
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['STRIPE_KEYPayments'])
    expect(screen.getByText('1 of 2 secrets')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search secrets' }), 'zzz')
    expect(screen.getByText('No secret matches "paymentszzz"')).toBeInTheDocument()
  })

  it('validates the name and value before adding a secret', async () => {
    const { posted, user } = setup()
    renderWithClient(<VaultSecretsScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Add secret' }))
    const dialog = screen.getByRole('dialog', { name: 'Add secret' })
    await user.type(within(dialog).getByLabelText('Name'), 'bad-name')
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }))
    expect(within(dialog).getByText(/only letters, digits and underscores/)).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a value')).toBeInTheDocument()
    expect(posted).toEqual([])
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'NEW_ONE')
    await user.type(within(dialog).getByLabelText('Value'), 's3cret')
    await user.click(within(dialog).getByRole('button', { name: 'Add secret' }))
    await waitFor(() => expect(posted).toEqual([{ name: 'NEW_ONE', description: '', value: 's3cret' }]))
  })

  it('tells Read-only members their role cannot see secrets', async () => {
    setup('Read-only')
    renderWithClient(<VaultSecretsScreen projectRef={REF} />)
    expect(await screen.findByText('Secrets need the Developer role')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
