import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SignInForm } from '@/components/interfaces/Auth/SignInForm'
import { createQueryClient } from '@/data/query-client'
import { server } from '@/tests/msw-server'
import { gotrueError, sessionBody } from './auth-fixtures'

const router = vi.hoisted(() => ({
  pathname: '/sign-in',
  query: {} as Record<string, string | string[]>,
  replace: vi.fn(async () => true),
  push: vi.fn(async () => true),
}))
vi.mock('next/router', () => ({ useRouter: () => router }))

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SignInForm />
      <Toaster />
    </QueryClientProvider>
  )
}

/** Answers the password grant; records the credentials it was sent. */
function tokenEndpoint(reply: (body: { email: string; password: string }) => Response) {
  const calls: { email: string; password: string }[] = []
  server.use(
    http.post('*/auth/v1/token', async ({ request }) => {
      expect(new URL(request.url).searchParams.get('grant_type')).toBe('password')
      const body = (await request.json()) as { email: string; password: string }
      calls.push(body)
      return reply(body)
    })
  )
  return calls
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
})

describe('SignInForm', () => {
  it('links to sign-up and forgot password, keeping returnTo', () => {
    router.query = { returnTo: '/org/acme' }
    renderForm()
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up?returnTo=%2Forg%2Facme')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password?returnTo=%2Forg%2Facme'
    )
  })

  it('signs in and goes to the validated returnTo with the base path stripped and the query merged (spec §5)', async () => {
    router.query = { returnTo: '/dashboard/org/acme/billing', tab: 'invoices' }
    const calls = tokenEndpoint(() => HttpResponse.json(sessionBody('ada@example.com')))
    renderForm()

    await signIn('ada@example.com', 'correct horse battery staple')

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/org/acme/billing?tab=invoices'))
    expect(calls).toEqual([expect.objectContaining({ email: 'ada@example.com', password: 'correct horse battery staple' })])
  })

  it('falls back to /organizations for a hostile returnTo', async () => {
    router.query = { returnTo: '//evil.example.com/steal' }
    tokenEndpoint(() => HttpResponse.json(sessionBody('ada@example.com')))
    renderForm()

    await signIn('ada@example.com', 'correct horse battery staple')

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/organizations'))
  })

  it('shows the auth error message in a toast and stays on the page (spec §8)', async () => {
    tokenEndpoint(() => HttpResponse.json(gotrueError(400, 'Invalid login credentials', 'invalid_credentials'), { status: 400 }))
    renderForm()

    await signIn('ada@example.com', 'wrong password')

    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('asks for the authenticator code when the account has a verified factor, then continues', async () => {
    router.query = { returnTo: '/org/acme' }
    const factor = { id: 'f1f1f1f1-0000-4000-8000-000000000001', factor_type: 'totp', status: 'verified', friendly_name: 'Phone', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' }
    tokenEndpoint(() => HttpResponse.json(sessionBody('ada@example.com', { factors: [factor] })))
    const verified: unknown[] = []
    server.use(
      http.get('*/auth/v1/user', () => HttpResponse.json(sessionBody('ada@example.com', { factors: [factor] }).user)),
      http.post('*/auth/v1/factors/:id/challenge', () =>
        HttpResponse.json({ id: 'c1c1c1c1-0000-4000-8000-000000000001', type: 'totp', expires_at: Date.now() / 1000 + 300 })
      ),
      http.post('*/auth/v1/factors/:id/verify', async ({ request }) => {
        verified.push(await request.json())
        return HttpResponse.json(sessionBody('ada@example.com', { aal: 'aal2', factors: [factor] }))
      })
    )
    renderForm()

    await signIn('ada@example.com', 'correct horse battery staple')
    const code = await screen.findByLabelText('Authentication code')
    expect(router.replace).not.toHaveBeenCalled()

    const user = userEvent.setup()
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/org/acme'))
    expect(verified).toEqual([expect.objectContaining({ code: '123456', challenge_id: 'c1c1c1c1-0000-4000-8000-000000000001' })])
  })

  describe('back from a third-party sign-in', () => {
    afterEach(() => window.history.replaceState(null, '', '/'))

    it('explains an unverified code-hosting account with the support address (spec §8) and drops the parameters', async () => {
      router.query = { returnTo: '/org/acme', error: 'server_error', error_description: 'Unverified email with github' }
      window.history.replaceState(null, '', '/sign-in?returnTo=%2Forg%2Facme&error=server_error&error_description=Unverified+email+with+github')
      renderForm()

      expect(
        await screen.findByText(
          'Please verify your email on the code-hosting service first, then reach out to us at support@example.com to log into the dashboard.'
        )
      ).toBeInTheDocument()
      expect(router.replace).toHaveBeenCalledWith({ pathname: '/sign-in', query: { returnTo: '/org/acme' } }, undefined, { shallow: true })
    })

    it('shows any other returned error as it came, read from the fragment too', async () => {
      window.history.replaceState(null, '', '/sign-in#error=access_denied&error_description=Error+sending+confirmation+mail')
      renderForm()
      expect(await screen.findByText('Error sending confirmation mail')).toBeInTheDocument()
    })

    it('exchanges the returned code for a session with the verifier it stored, then goes to returnTo', async () => {
      // The visitor left through signInWithOAuth, which stored a PKCE verifier under a flow id.
      const { getGotrueClient } = await import('@/data/auth/gotrue-client')
      const { data } = await getGotrueClient().signInWithOAuth({
        provider: 'github',
        options: { skipBrowserRedirect: true, redirectTo: 'http://localhost:3000/dashboard/sign-in' },
      })
      const flowId = new URL(data.url as string).searchParams.get('redirect_to')?.match(/sb_flow_id=([0-9a-f]+)/)?.[1]
      router.query = { returnTo: '/org/acme', code: 'returned-code' }
      window.history.replaceState(null, '', `/sign-in?returnTo=%2Forg%2Facme&code=returned-code${flowId ? `&sb_flow_id=${flowId}` : ''}`)
      const grants: { grant: string | null; body: { auth_code?: string; code_verifier?: string } }[] = []
      server.use(
        http.post('*/auth/v1/token', async ({ request }) => {
          grants.push({ grant: new URL(request.url).searchParams.get('grant_type'), body: (await request.json()) as { auth_code?: string } })
          return HttpResponse.json(sessionBody('ada@example.com'))
        })
      )
      renderForm()

      await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/org/acme'))
      expect(grants).toEqual([expect.objectContaining({ grant: 'pkce', body: expect.objectContaining({ auth_code: 'returned-code' }) })])
      expect(grants[0].body.code_verifier).toMatch(/^[\w-]{43,}$/)
    })
  })
})
