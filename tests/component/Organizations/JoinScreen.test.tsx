import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { JoinScreen } from '@/components/interfaces/Join/JoinScreen'
import { server } from '@/tests/msw-server'
import { organization, renderWithClient, type MockRouter } from './fixtures'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz'
const INVITE_URL = `*/platform/organizations/acme/members/invitations/${TOKEN}`

const validation = {
  organization_name: 'Acme',
  organization_slug: 'acme',
  role: 'Developer',
  invited_by: { user_id: 'u1', email: 'owner@acme.test', username: 'olivia' },
  invited_at: '2025-03-01T00:00:00Z',
  expires_at: '2099-03-08T00:00:00Z',
  expired_token: false,
  email_match: true,
  already_member: false,
}

function platform(answer: Partial<typeof validation> = {}) {
  server.use(
    http.get(INVITE_URL, () => HttpResponse.json({ ...validation, ...answer })),
    http.get('*/platform/profile', () => HttpResponse.json({ id: 2, gotrue_id: 'u2', username: 'dave', primary_email: 'dave@acme.test' }))
  )
}

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: { token: TOKEN, slug: 'acme' },
    pathname: '/join',
    asPath: `/join?token=${TOKEN}&slug=acme`,
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
  })
})

describe('/join', () => {
  it('shows the organization, role and inviter, and joins on accept', async () => {
    platform()
    let accepted = false
    server.use(
      http.post(INVITE_URL, () => {
        accepted = true
        return HttpResponse.json(organization({ role: 'Developer' }))
      }),
      http.get('*/platform/organizations', () => HttpResponse.json([organization({ role: 'Developer' })])),
      http.get('*/platform/projects', () => HttpResponse.json([])),
      http.get('*/platform/profile/permissions', () => HttpResponse.json([]))
    )
    renderWithClient(<JoinScreen />)
    expect(screen.getByRole('status')).toHaveTextContent('Checking invitation')
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument()
    expect(screen.getByText(/invited you to join/)).toHaveTextContent('olivia invited you to join Acme as Developer.')
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/org/acme'))
    expect(accepted).toBe(true)
    expect(await screen.findByText('You joined Acme')).toBeInTheDocument()
  })

  it('says when the invitation expired, without an accept button', async () => {
    platform({ expired_token: true, expires_at: '2025-03-08T00:00:00Z' })
    renderWithClient(<JoinScreen />)
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired')
    expect(screen.getByRole('alert')).toHaveTextContent('It expired on 08 Mar, 2025')
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
  })

  it('says when the invitation was sent to another address', async () => {
    platform({ email_match: false })
    renderWithClient(<JoinScreen />)
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was sent to another e-mail address')
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You are signed in as dave@acme.test'))
    expect(screen.getByRole('button', { name: 'Sign in with another account' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument()
  })

  it('says when the invitation was already used', async () => {
    server.use(
      http.get(INVITE_URL, () => HttpResponse.json({ message: 'This invitation does not exist or has already been used' }, { status: 404 }))
    )
    renderWithClient(<JoinScreen />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This invitation cannot be used')
    expect(alert).toHaveTextContent('This invitation does not exist or has already been used')
  })

  it('links an existing member to the organization', async () => {
    platform({ already_member: true })
    renderWithClient(<JoinScreen />)
    expect(await screen.findByText('You are already a member of this organization')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open Acme' })).toHaveAttribute('href', '/org/acme')
  })

  it('shows a refusal of the accept in place (e.g. expired meanwhile)', async () => {
    platform()
    server.use(
      http.post(INVITE_URL, () => HttpResponse.json({ message: 'This invitation expired on 2025-03-08T00:00:00.000Z: ask for a new one' }, { status: 410 }))
    )
    renderWithClient(<JoinScreen />)
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('ask for a new one')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('says when the link is incomplete', () => {
    router.query = { token: TOKEN }
    renderWithClient(<JoinScreen />)
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is incomplete')
  })

  it('retries a server failure', async () => {
    let calls = 0
    server.use(
      http.get(INVITE_URL, () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json(validation)
      }),
      http.get('*/platform/profile', () => HttpResponse.json({ id: 2, gotrue_id: 'u2', username: 'dave', primary_email: 'dave@acme.test' }))
    )
    renderWithClient(<JoinScreen />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to check the invitation')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument()
  })
})
