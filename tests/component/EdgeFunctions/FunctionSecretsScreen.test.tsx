import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { FunctionSecretsScreen } from '@/components/interfaces/EdgeFunctions/FunctionSecretsScreen'
import type { FunctionSecret } from '@/lib/api-types/functions'
import { server } from '@/tests/msw-server'
import { projectAndRole, REF, renderWithClient } from './functions-fixtures'

const SECRETS = `*/platform/projects/${REF}/secrets`
const STRIPE: FunctionSecret = { name: 'STRIPE_KEY', updated_at: '2025-05-01T10:00:00.000Z' }

function setup(role: 'Developer' | 'Read-only' = 'Developer', initial: FunctionSecret[] = [STRIPE]) {
  let list = [...initial]
  const posted: unknown[] = []
  const deleted: unknown[] = []
  server.use(
    ...projectAndRole(role),
    http.get(SECRETS, () => HttpResponse.json(list)),
    http.post(SECRETS, async ({ request }) => {
      const body = (await request.json()) as { name: string; value: string }[]
      posted.push(body)
      list = [...list.filter((s) => !body.some((b) => b.name === s.name)), ...body.map((b) => ({ name: b.name, updated_at: '2025-06-01T10:00:00.000Z' }))]
      return HttpResponse.json(list)
    }),
    http.delete(SECRETS, async ({ request }) => {
      const names = (await request.json()) as string[]
      deleted.push(names)
      list = list.filter((s) => !names.includes(s.name))
      return new HttpResponse(null, { status: 204 })
    })
  )
  return { posted, deleted, user: userEvent.setup() }
}

describe('function secrets screen', { timeout: 20_000 }, () => {
  it('lists names without values, and the three variables the platform provides', async () => {
    setup()
    renderWithClient(<FunctionSecretsScreen projectRef={REF} />)
    const table = await screen.findByRole('table', { name: 'Secrets' })
    expect(within(table).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['STRIPE_KEY'])
    const defaults = screen.getByRole('table', { name: 'Default variables' })
    expect(within(defaults).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'])
  })

  it('validates every row before saving several secrets at once', async () => {
    const { posted, user } = setup()
    renderWithClient(<FunctionSecretsScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Add secrets' }))
    const dialog = screen.getByRole('dialog', { name: 'Add secrets' })
    await user.click(within(dialog).getByRole('button', { name: 'Save secrets' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter at least one secret')

    await user.type(within(dialog).getByLabelText('Name'), 'SUPABASE_TOKEN')
    await user.click(within(dialog).getByRole('button', { name: 'Add another' }))
    await user.type(within(dialog).getByLabelText('Name 2'), '9lives')
    await user.type(within(dialog).getByLabelText('Value 2'), 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Save secrets' }))
    expect(within(dialog).getByText('The name must not start with SUPABASE_ (the platform sets those)')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a value')).toBeInTheDocument()
    expect(within(dialog).getByText(/may hold only letters, digits and underscores/)).toBeInTheDocument()
    expect(posted).toEqual([])

    await user.clear(within(dialog).getByLabelText('Name 1'))
    await user.type(within(dialog).getByLabelText('Name 1'), 'WEBHOOK_SECRET')
    await user.type(within(dialog).getByLabelText('Value 1'), 'hunter2')
    await user.clear(within(dialog).getByLabelText('Name 2'))
    await user.type(within(dialog).getByLabelText('Name 2'), 'WEBHOOK_SECRET')
    await user.click(within(dialog).getByRole('button', { name: 'Save secrets' }))
    expect(within(dialog).getByText('WEBHOOK_SECRET is named twice')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Name 2'))
    await user.type(within(dialog).getByLabelText('Name 2'), 'STRIPE_KEY')
    expect(within(dialog).getByText('Saving replaces the value of STRIPE_KEY.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save secrets' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posted).toEqual([
      [
        { name: 'WEBHOOK_SECRET', value: 'hunter2' },
        { name: 'STRIPE_KEY', value: 'x' },
      ],
    ])
    const table = screen.getByRole('table', { name: 'Secrets' })
    expect(await within(table).findByText('WEBHOOK_SECRET')).toBeInTheDocument()
    expect(screen.queryByText('hunter2')).not.toBeInTheDocument()
  })

  it('deletes a secret after confirming', async () => {
    const { deleted, user } = setup()
    renderWithClient(<FunctionSecretsScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Delete STRIPE_KEY' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete secret' }))
    expect(await screen.findByText('No secrets yet')).toBeInTheDocument()
    expect(deleted).toEqual([['STRIPE_KEY']])
  })

  it('asks nothing of the platform for a Read-only member and says why', async () => {
    let asked = 0
    server.use(...projectAndRole('Read-only'), http.get(SECRETS, () => (asked++, HttpResponse.json([]))))
    renderWithClient(<FunctionSecretsScreen projectRef={REF} />)
    expect(await screen.findByText('Secrets need the Developer role')).toBeInTheDocument()
    expect(asked).toBe(0)
    expect(screen.queryByRole('button', { name: 'Add secrets' })).not.toBeInTheDocument()
  })
})
