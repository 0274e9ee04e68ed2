import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { ThirdPartySignIn } from '@/components/interfaces/Auth/ThirdPartySignIn'
import { createQueryClient } from '@/data/query-client'
import { server } from '@/tests/msw-server'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/sign-in', query: {} }) }))

function renderWithSettings(external: Record<string, boolean>) {
  let asked = 0
  server.use(
    http.get('*/auth/v1/settings', () => {
      asked += 1
      return HttpResponse.json({ external })
    })
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThirdPartySignIn />
    </QueryClientProvider>
  )
  return () => asked
}

describe('ThirdPartySignIn', () => {
  it('offers GitHub when the auth service has it switched on', async () => {
    renderWithSettings({ email: true, github: true })
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeEnabled()
  })

  it('shows nothing when the auth service offers e-mail only (the embedded one)', async () => {
    const asked = renderWithSettings({ email: true, phone: false })
    await waitFor(() => expect(asked()).toBe(1))
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull()
  })
})
