import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { ProfileSection } from '@/components/interfaces/Account/ProfileSection'
import { ThemeSection } from '@/components/interfaces/Account/ThemeSection'
import { createQueryClient } from '@/data/query-client'
import { useThemeStore } from '@/state/theme'
import { server } from '@/tests/msw-server'

vi.mock('@/components/layouts/AuthProvider', () => ({
  useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }),
}))

const PROFILE = {
  id: 1,
  gotrue_id: '8d2f6c1e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  username: 'ada',
  first_name: 'Ada',
  last_name: null,
  primary_email: 'ada@example.com',
}

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient({ queries: { retryDelay: 1 } })}>
      <ProfileSection />
      <ThemeSection />
      <Toaster />
    </QueryClientProvider>
  )
}

describe('Account preferences: profile', () => {
  it('shows the profile and saves changed names and username with PATCH /platform/profile', async () => {
    const patches: unknown[] = []
    server.use(
      http.get('*/platform/profile', () => HttpResponse.json(PROFILE)),
      http.patch('*/platform/profile', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        patches.push(body)
        return HttpResponse.json({ ...PROFILE, ...body })
      })
    )
    renderSection()

    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com')
    expect(screen.getByLabelText('First name')).toHaveValue('Ada')
    expect(screen.getByLabelText('Last name')).toHaveValue('')
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()

    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Last name'), 'Lovelace')
    await user.clear(screen.getByLabelText('Username'))
    await user.type(screen.getByLabelText('Username'), 'countess')
    await user.click(save)

    expect(await screen.findByText('Profile updated')).toBeInTheDocument()
    expect(patches).toEqual([{ first_name: 'Ada', last_name: 'Lovelace', username: 'countess' }])
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('countess'))
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('refuses a username the platform would reject before sending it', async () => {
    server.use(http.get('*/platform/profile', () => HttpResponse.json(PROFILE)))
    renderSection()
    const username = await screen.findByLabelText('Username')
    const user = userEvent.setup()
    await user.clear(username)
    await user.type(username, 'a!')

    expect(username).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('A username has 3 to 32 letters, digits, ".", "_" or "-".')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('toasts a failed save with the server message', async () => {
    server.use(
      http.get('*/platform/profile', () => HttpResponse.json(PROFILE)),
      http.patch('*/platform/profile', () => HttpResponse.json({ message: 'The username "bob" is already taken' }, { status: 409 }))
    )
    renderSection()
    const username = await screen.findByLabelText('Username')
    const user = userEvent.setup()
    await user.clear(username)
    await user.type(username, 'bob')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Failed to update profile: The username "bob" is already taken')).toBeInTheDocument()
  })

  it('shows an error with Retry when the profile cannot be loaded', async () => {
    let fail = true
    server.use(
      http.get('*/platform/profile', () =>
        fail ? HttpResponse.json({ message: 'Forbidden here' }, { status: 403 }) : HttpResponse.json(PROFILE)
      )
    )
    renderSection()

    expect(await screen.findByText('Failed to load your profile')).toBeInTheDocument()
    expect(screen.getByText('Forbidden here')).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByLabelText('Username')).toHaveValue('ada')
  })

  it('switches the theme through the theme store', async () => {
    server.use(http.get('*/platform/profile', () => HttpResponse.json(PROFILE)))
    useThemeStore.setState({ theme: 'system' })
    renderSection()

    expect(screen.getByRole('radio', { name: /System/ })).toBeChecked()
    await userEvent.setup().click(screen.getByRole('radio', { name: /Classic dark/ }))
    expect(useThemeStore.getState().theme).toBe('classic-dark')
    expect(screen.getByRole('radio', { name: /Classic dark/ })).toBeChecked()
  })
})
