import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { TeamScreen } from '@/components/interfaces/Organization/TeamScreen'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { organization, renderWithClient, type MockRouter } from './fixtures'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

const ME = '11111111-1111-4111-8111-111111111111'
const BOB = '22222222-2222-4222-8222-222222222222'

const members = [
  { user_id: ME, email: 'me@acme.test', username: 'me', primary_email: 'me@acme.test', role: 'Owner', mfa_enabled: true, joined_at: '2025-01-02T00:00:00Z' },
  { user_id: BOB, email: 'bob@acme.test', username: 'bob', primary_email: 'bob@acme.test', role: 'Developer', mfa_enabled: false, joined_at: '2025-02-03T00:00:00Z' },
]
const roles = {
  org_scoped_roles: [
    { id: 'Owner', name: 'Owner', description: '', available: true },
    { id: 'Admin', name: 'Admin', description: '', available: true },
    { id: 'Developer', name: 'Developer', description: '', available: true },
    { id: 'Read-only', name: 'Read-only', description: '', available: false },
  ],
  project_scoped_roles: [],
  project_scoped_roles_supported: 'none',
}
const pending = {
  id: 7,
  email: 'carol@acme.test',
  role: 'Admin',
  invited_by: { user_id: ME, email: 'me@acme.test', username: 'me' },
  invited_at: '2025-03-01T00:00:00Z',
  expires_at: '2025-03-08T00:00:00Z',
  expired: false,
}

function platform({ role = 'Owner', invitations = [pending] as unknown[] } = {}) {
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    http.get('*/platform/profile', () => HttpResponse.json({ id: 1, gotrue_id: ME, username: 'me', primary_email: 'me@acme.test' })),
    http.get('*/platform/organizations/acme/members', () => HttpResponse.json(members)),
    http.get('*/platform/organizations/acme/roles', () => HttpResponse.json(roles)),
    http.get('*/platform/organizations/acme/members/invitations', () => HttpResponse.json(invitations))
  )
}

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: { slug: 'acme' },
    pathname: '/org/[slug]/team',
    asPath: '/org/acme/team',
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
  })
  lastVisitedStore.getState().reload()
})

describe('/org/{slug}/team', () => {
  it('lists members with their roles and marks the signed-in user', async () => {
    platform()
    renderWithClient(<TeamScreen slug="acme" />)
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading members')
    const rows = within(await screen.findByRole('table', { name: 'Members' })).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('me@acme.test')
    expect(rows[1]).toHaveTextContent('You')
    expect(within(rows[1]).getByRole('button', { name: 'Leave' })).toBeInTheDocument()
    const bobRole = within(rows[2]).getByRole('combobox', { name: 'Role of bob@acme.test' })
    expect(bobRole).toHaveValue('Developer')
    // Read-only is not on the Free plan (spec §6).
    await waitFor(() =>
      expect(within(bobRole).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Admin', 'Developer'])
    )
  })

  it('changes a role', async () => {
    platform()
    const bodies: unknown[] = []
    server.use(
      http.patch(`*/platform/organizations/acme/members/${BOB}`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ ...members[1], role: 'Admin' })
      })
    )
    renderWithClient(<TeamScreen slug="acme" />)
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of bob@acme.test' }), 'Admin')
    expect(await screen.findByText('bob@acme.test is now Admin')).toBeInTheDocument()
    expect(bodies).toEqual([{ role: 'Admin' }])
  })

  it('removes a member after confirmation', async () => {
    platform()
    let deleted = false
    server.use(
      http.delete(`*/platform/organizations/acme/members/${BOB}`, () => {
        deleted = true
        return new HttpResponse(null, { status: 204 })
      })
    )
    renderWithClient(<TeamScreen slug="acme" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove bob@acme.test' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove bob@acme.test' })).not.toBeInTheDocument())
    expect(deleted).toBe(true)
  })

  it('invites by e-mail and shows the join link to copy (no e-mail is sent)', async () => {
    platform({ invitations: [] })
    const bodies: unknown[] = []
    server.use(
      http.post('*/platform/organizations/acme/members/invitations', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(
          { ...pending, id: 8, email: 'dave@acme.test', role: 'Developer', token: 'tok_abcdefghijklmnopqrstu', join_path: '/join?token=tok_abcdefghijklmnopqrstu&slug=acme' },
          { status: 201 }
        )
      })
    )
    renderWithClient(<TeamScreen slug="acme" />)
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Invite a member' })
    await userEvent.type(within(form).getByLabelText('E-mail address'), 'not-an-email')
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid e-mail address.')

    await userEvent.clear(within(form).getByLabelText('E-mail address'))
    await userEvent.type(within(form).getByLabelText('E-mail address'), 'dave@acme.test')
    expect(within(form).getByLabelText('Role')).toHaveValue('Developer')
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }))

    const link = await screen.findByLabelText('Invitation link')
    expect(link).toHaveValue(`${window.location.origin}/dashboard/join?token=tok_abcdefghijklmnopqrstu&slug=acme`)
    expect(screen.getByText(/No e-mail is sent by this platform/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument()
    expect(bodies).toEqual([{ email: 'dave@acme.test', role: 'Developer' }])
  })

  it('shows the platform refusal of an invitation in place', async () => {
    platform()
    server.use(
      http.post('*/platform/organizations/acme/members/invitations', () =>
        HttpResponse.json({ message: 'bob@acme.test is already a member of this organization' }, { status: 409 })
      )
    )
    renderWithClient(<TeamScreen slug="acme" />)
    const form = await screen.findByRole('form', { name: 'Invite a member' })
    await userEvent.type(within(form).getByLabelText('E-mail address'), 'bob@acme.test')
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('bob@acme.test is already a member of this organization')
  })

  it('lists pending invitations and revokes one', async () => {
    platform()
    server.use(http.delete('*/platform/organizations/acme/members/invitations/7', () => new HttpResponse(null, { status: 204 })))
    renderWithClient(<TeamScreen slug="acme" />)
    const revoke = await screen.findByRole('button', { name: 'Revoke invitation of carol@acme.test' })
    expect(within(screen.getByRole('table', { name: 'Pending invitations' })).getByRole('cell', { name: 'carol@acme.test' })).toBeInTheDocument()
    await userEvent.click(revoke)
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument()
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument()
  })

  it('shows a members load failure with a retry', async () => {
    platform()
    let calls = 0
    server.use(
      http.get('*/platform/organizations/acme/members', () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'nope' }, { status: 500 }) : HttpResponse.json(members)
      })
    )
    renderWithClient(<TeamScreen slug="acme" />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load members')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('combobox', { name: 'Role of bob@acme.test' })).toBeInTheDocument()
  })

  it('offers no management to a Developer', async () => {
    platform({ role: 'Developer' })
    renderWithClient(<TeamScreen slug="acme" />)
    expect(await screen.findByText('bob@acme.test')).toBeInTheDocument()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument()
    expect(screen.getByText('Only Owners and Admins manage the team')).toBeInTheDocument()
  })
})
