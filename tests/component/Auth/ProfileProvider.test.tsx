import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProfileProvider, useProfile } from '@/components/layouts/ProfileProvider'
import { organizationKeys } from '@/data/organizations/keys'
import { profileKeys } from '@/data/profile/keys'
import { createQueryClient } from '@/data/query-client'
import { server } from '@/tests/msw-server'

const mocks = vi.hoisted(() => ({
  router: { pathname: '/organizations', query: {}, replace: vi.fn(async () => true) },
  sendTelemetryEvent: vi.fn(async () => true),
  signOut: vi.fn(async () => undefined),
}))
vi.mock('next/router', () => ({ useRouter: () => mocks.router }))
vi.mock('@/hooks/telemetry', () => ({ sendTelemetryEvent: mocks.sendTelemetryEvent }))
vi.mock('@/hooks/sign-out', () => ({ signOut: mocks.signOut }))
vi.mock('@/components/layouts/AuthProvider', () => ({
  useAuth: () => ({ session: { user: { email: 'ada@example.com' } }, isLoading: false, isLoggedIn: true }),
}))

const PROFILE = {
  id: 1,
  gotrue_id: '8d2f6c1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  primary_email: 'ada@example.com',
}
const NOT_FOUND = () => HttpResponse.json({ message: "User's profile not found" }, { status: 404 })

function ShowProfile() {
  const { profile, isLoading, error } = useProfile()
  if (isLoading) return <p>loading profile</p>
  if (error) return <p>error: {error.message}</p>
  return <p>profile of {profile?.username}</p>
}

function renderProvider(client: QueryClient = createQueryClient(), props: { showDevelopmentToasts?: boolean } = {}) {
  return render(
    <QueryClientProvider client={client}>
      <ProfileProvider {...props}>
        <ShowProfile />
      </ProfileProvider>
      <Toaster />
    </QueryClientProvider>
  )
}

/** GET /platform/profile answers `first` until the profile is created, then the profile. */
function profileEndpoints(createReply: () => Response) {
  const calls = { get: 0, post: 0, versions: [] as (string | null)[] }
  let created = false
  server.use(
    http.get('*/platform/profile', ({ request }) => {
      calls.get += 1
      calls.versions.push(request.headers.get('Version'))
      return created ? HttpResponse.json(PROFILE) : NOT_FOUND()
    }),
    http.post('*/platform/profile', () => {
      calls.post += 1
      const reply = createReply()
      if (reply.status === 201) created = true
      return reply
    })
  )
  return calls
}

beforeEach(() => {
  mocks.router.replace.mockClear()
  mocks.sendTelemetryEvent.mockClear()
  mocks.signOut.mockClear()
  delete window.dataLayer
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ProfileProvider (spec §4 Profile, §8)', () => {
  it('loads an existing profile with header Version: 2', async () => {
    const calls = profileEndpoints(() => HttpResponse.json(PROFILE, { status: 201 }))
    server.use(http.get('*/platform/profile', ({ request }) => {
      calls.versions.push(request.headers.get('Version'))
      return HttpResponse.json(PROFILE)
    }))
    renderProvider()

    expect(await screen.findByText('profile of ada')).toBeInTheDocument()
    expect(calls.versions).toEqual(['2'])
    expect(calls.post).toBe(0)
  })

  it('creates a missing profile, refreshes profile, organizations and permissions, and records the sign_up', async () => {
    const client = createQueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    const calls = profileEndpoints(() => HttpResponse.json(PROFILE, { status: 201 }))
    renderProvider(client)

    expect(screen.getByText('loading profile')).toBeInTheDocument()
    expect(await screen.findByText('profile of ada')).toBeInTheDocument()
    expect(calls.post).toBe(1)
    expect(calls.get).toBe(2)
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    expect(keys).toEqual(
      expect.arrayContaining([profileKeys.profile(), organizationKeys.list(), profileKeys.permissions()])
    )
    expect(mocks.sendTelemetryEvent).toHaveBeenCalledWith({ action: 'sign_up', properties: { category: 'conversion' } })
    expect(window.dataLayer).toEqual([{ event: 'sign_up', email: 'ada@example.com' }])
  })

  it('logs "profile exists" on 409 without an error toast, and loads the profile', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    let created = false
    server.use(
      http.get('*/platform/profile', () => (created ? HttpResponse.json(PROFILE) : NOT_FOUND())),
      http.post('*/platform/profile', () => {
        created = true // another tab won the race
        return HttpResponse.json({ message: 'Your profile already exists' }, { status: 409 })
      })
    )
    renderProvider()

    expect(await screen.findByText('profile of ada')).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('profile exists')
    expect(screen.queryByText('Failed to create your profile. Please refresh to try again.')).not.toBeInTheDocument()
    expect(screen.queryByText(/creation was called/)).not.toBeInTheDocument()
    expect(mocks.sendTelemetryEvent).not.toHaveBeenCalled()
  })

  it('shows the developer toast on 409 when asked to', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    profileEndpoints(() => HttpResponse.json({ message: 'Your profile already exists' }, { status: 409 }))
    renderProvider(createQueryClient(), { showDevelopmentToasts: true })

    expect(await screen.findByText('Profile creation was called although the profile already exists')).toBeInTheDocument()
  })

  it('toasts "Failed to create your profile. Please refresh to try again." on any other failure', async () => {
    const calls = profileEndpoints(() => HttpResponse.json({ message: 'database is down' }, { status: 500 }))
    renderProvider()

    expect(await screen.findByText('Failed to create your profile. Please refresh to try again.')).toBeInTheDocument()
    expect(await screen.findByText('error: database is down')).toBeInTheDocument()
    // Once per visit: no creation loop.
    expect(calls.post).toBe(1)
    expect(mocks.sendTelemetryEvent).not.toHaveBeenCalled()
    expect(window.dataLayer).toBeUndefined()
  })

  it('signs out and goes to /sign-in on a 401 (spec §8)', async () => {
    server.use(http.get('*/platform/profile', () => HttpResponse.json({ message: 'Invalid token' }, { status: 401 })))
    renderProvider()

    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith('/sign-in'))
    expect(mocks.signOut).toHaveBeenCalledTimes(1)
  })
})
