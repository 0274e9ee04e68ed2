import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MFA_REQUIRED_TITLE, MfaRequiredNotice } from '@/components/layouts/route-guard/MfaRequiredNotice'
import { organizationKeys } from '@/data/organizations/keys'
import { profileKeys } from '@/data/profile/keys'
import { createQueryClient } from '@/data/query-client'

vi.mock('@/components/layouts/AuthProvider', () => ({
  useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }),
}))

function renderNotice(requiresMfa: boolean, currentLevel: string) {
  const client = createQueryClient()
  client.setQueryData(organizationKeys.list(), [{ id: 1, slug: 'acme', name: 'Acme', organization_requires_mfa: requiresMfa }])
  client.setQueryData(profileKeys.aal(), { currentLevel, nextLevel: currentLevel })
  return render(
    <QueryClientProvider client={client}>
      <MfaRequiredNotice slug="acme" />
    </QueryClientProvider>
  )
}

describe('MfaRequiredNotice', () => {
  it('explains the requirement and links to MFA setup when the session is aal1', () => {
    renderNotice(true, 'aal1')
    expect(screen.getByText(MFA_REQUIRED_TITLE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Set up MFA' })).toHaveAttribute('href', '/account/security')
  })

  it('is absent when the session is aal2 or the organization does not require MFA', () => {
    const { unmount } = renderNotice(true, 'aal2')
    expect(screen.queryByText(MFA_REQUIRED_TITLE)).not.toBeInTheDocument()
    unmount()
    renderNotice(false, 'aal1')
    expect(screen.queryByText(MFA_REQUIRED_TITLE)).not.toBeInTheDocument()
  })
})
