import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MfaSection } from '@/components/interfaces/Account/MfaSection'
import { createQueryClient } from '@/data/query-client'

type Factor = { id: string; friendly_name?: string; factor_type: 'totp'; status: 'verified' | 'unverified'; created_at: string; updated_at: string }

const auth = vi.hoisted(() => {
  const state = { factors: [] as Factor[], aal: 'aal1' }
  const factor = (id: string, status: 'verified' | 'unverified', friendly_name?: string): Factor => ({
    id,
    friendly_name,
    factor_type: 'totp',
    status,
    created_at: '2025-05-10T08:00:00Z',
    updated_at: '2025-05-10T08:00:00Z',
  })
  const mfa = {
    listFactors: vi.fn(async () => ({
      data: { all: state.factors, totp: state.factors.filter((f) => f.status === 'verified') },
      error: null,
    })),
    getAuthenticatorAssuranceLevel: vi.fn(async () => ({
      data: { currentLevel: state.aal, nextLevel: state.factors.some((f) => f.status === 'verified') ? 'aal2' : 'aal1' },
      error: null,
    })),
    enroll: vi.fn(async ({ friendlyName }: { friendlyName?: string }) => {
      state.factors = [...state.factors, factor('new-factor', 'unverified', friendlyName)]
      return {
        data: {
          id: 'new-factor',
          type: 'totp',
          totp: { qr_code: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
        },
        error: null,
      }
    }),
    challengeAndVerify: vi.fn(async ({ factorId, code }: { factorId: string; code: string }) => {
      if (code !== '123456') return { data: null, error: new Error('Invalid TOTP code entered') }
      state.factors = state.factors.map((f) => (f.id === factorId ? { ...f, status: 'verified' as const } : f))
      state.aal = 'aal2'
      return { data: {}, error: null }
    }),
    unenroll: vi.fn(async ({ factorId }: { factorId: string }) => {
      state.factors = state.factors.filter((f) => f.id !== factorId)
      return { data: { id: factorId }, error: null }
    }),
  }
  return { state, factor, mfa }
})
vi.mock('@/data/auth/gotrue-client', () => ({ getGotrueClient: () => ({ mfa: auth.mfa }) }))

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MfaSection />
      <Toaster />
    </QueryClientProvider>
  )
}

beforeEach(() => {
  auth.state.factors = []
  auth.state.aal = 'aal1'
  Object.values(auth.mfa).forEach((fn) => fn.mockClear())
})

describe('MfaSection', () => {
  it('shows the empty state, then enrols a TOTP app: QR code, secret, code', async () => {
    renderSection()
    expect(await screen.findByText('No authenticator apps yet')).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add an authenticator app' })
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'Phone')
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR code' }))

    expect(await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/)
    )
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument()
    expect(auth.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Phone' })

    await user.type(within(dialog).getByLabelText('Code from the app'), '000000')
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Failed to verify the code: Invalid TOTP code entered')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Code from the app'))
    await user.type(within(dialog).getByLabelText('Code from the app'), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))

    expect(await screen.findByText('Authenticator app added')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const list = await screen.findByRole('list', { name: 'Authenticator apps' })
    expect(within(list).getByText('Phone')).toBeInTheDocument()
    expect(within(list).getByText('Verified')).toBeInTheDocument()
    expect(await screen.findByText(/This session is verified with MFA/)).toBeInTheDocument()
  })

  it('removes the pending factor when the enrolment is cancelled', async () => {
    renderSection()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add authenticator app' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Generate QR code' }))
    await within(dialog).findByText('JBSWY3DPEHPK3PXP')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'new-factor' }))
  })

  it('removes a factor after confirmation', async () => {
    auth.state.factors = [auth.factor('f1', 'verified', 'Laptop')]
    renderSection()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove Laptop' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove authenticator app?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))

    expect(await screen.findByText('Authenticator app removed')).toBeInTheDocument()
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f1' })
    expect(await screen.findByText('No authenticator apps yet')).toBeInTheDocument()
  })

  it('shows an error with Retry when the factors cannot be read', async () => {
    auth.mfa.listFactors.mockResolvedValueOnce({ data: null, error: Object.assign(new Error('Auth session missing!'), { status: 400 }) } as never)
    renderSection()
    expect(await screen.findByText('Failed to load your authenticator apps')).toBeInTheDocument()
    expect(screen.getByText('Auth session missing!')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No authenticator apps yet')).toBeInTheDocument()
  })
})
