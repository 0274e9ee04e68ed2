import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useMfaGuard } from '@/components/layouts/route-guard/use-mfa-guard'
import { useOrganizationGuard } from '@/components/layouts/route-guard/use-organization-guard'
import { useProjectGuard } from '@/components/layouts/route-guard/use-project-guard'
import { organizationKeys } from '@/data/organizations/keys'
import { profileKeys } from '@/data/profile/keys'
import { projectKeys } from '@/data/projects/keys'
import { createQueryClient } from '@/data/query-client'

const mocks = vi.hoisted(() => ({
  router: { pathname: '/org/[slug]/billing', query: {}, replace: vi.fn(async () => true) },
  toastError: vi.fn(),
}))
vi.mock('next/router', () => ({ useRouter: () => mocks.router }))
vi.mock('sonner', () => ({ toast: { error: mocks.toastError } }))
vi.mock('@/components/layouts/AuthProvider', () => ({
  useAuth: () => ({ session: null, isLoading: false, isLoggedIn: true }),
}))

const org = (slug: string, organization_requires_mfa = false) => ({
  id: 1,
  slug,
  name: slug,
  plan: { id: 'free', name: 'Free' },
  billing_email: null,
  billing_partner: null,
  restriction_status: null,
  restriction_data: null,
  organization_requires_mfa,
})

/** A query client whose caches already hold what the guards read (fresh for 30 min: no fetch). */
function seeded(data: { organizations?: unknown[]; projects?: unknown[]; aal?: string }): QueryClient {
  const client = createQueryClient()
  if (data.organizations) client.setQueryData(organizationKeys.list(), data.organizations)
  if (data.projects) client.setQueryData(projectKeys.list(), data.projects)
  if (data.aal) client.setQueryData(profileKeys.aal(), { currentLevel: data.aal, nextLevel: 'aal2' })
  return client
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children)
}

beforeEach(() => {
  mocks.router.pathname = '/org/[slug]/billing'
  mocks.router.replace.mockClear()
  mocks.toastError.mockClear()
})

describe('route guard hooks', () => {
  it('useOrganizationGuard toasts once and redirects an unknown slug', async () => {
    const client = seeded({ organizations: [org('acme')] })
    const { rerender } = renderHook(() => useOrganizationGuard('nope'), { wrapper: wrapper(client) })
    rerender()
    rerender()

    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith('/organizations?error=org_not_found&org=nope'))
    expect(mocks.router.replace).toHaveBeenCalledTimes(1)
    expect(mocks.toastError).toHaveBeenCalledTimes(1)
    expect(mocks.toastError).toHaveBeenCalledWith("We couldn't find that organization")
  })

  it('useOrganizationGuard does nothing for a known slug or on /new/[slug]', async () => {
    const client = seeded({ organizations: [org('acme')] })
    renderHook(() => useOrganizationGuard('acme'), { wrapper: wrapper(client) })
    mocks.router.pathname = '/new/[slug]'
    renderHook(() => useOrganizationGuard('nope'), { wrapper: wrapper(client) })

    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mocks.router.replace).not.toHaveBeenCalled()
    expect(mocks.toastError).not.toHaveBeenCalled()
  })

  it('useProjectGuard sends an unknown ref to /organizations with "This project does not exist"', async () => {
    mocks.router.pathname = '/project/[ref]'
    const client = seeded({ projects: [{ ref: 'aaaaaaaaaaaaaaaaaaaa', parent_project_ref: null, preview_branch_refs: ['bbbbbbbbbbbbbbbbbbbb'] }] })
    renderHook(() => useProjectGuard('cccccccccccccccccccc'), { wrapper: wrapper(client) })

    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith('/organizations'))
    expect(mocks.toastError).toHaveBeenCalledWith('This project does not exist')
  })

  it('useProjectGuard accepts a preview branch ref on the platform', async () => {
    mocks.router.pathname = '/project/[ref]'
    const client = seeded({ projects: [{ ref: 'aaaaaaaaaaaaaaaaaaaa', parent_project_ref: null, preview_branch_refs: ['bbbbbbbbbbbbbbbbbbbb'] }] })
    renderHook(() => useProjectGuard('bbbbbbbbbbbbbbbbbbbb'), { wrapper: wrapper(client) })

    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mocks.router.replace).not.toHaveBeenCalled()
  })

  it('useMfaGuard sends an aal1 session to the organization home without a toast', async () => {
    const client = seeded({ organizations: [org('acme', true)], aal: 'aal1' })
    renderHook(() => useMfaGuard('acme'), { wrapper: wrapper(client) })

    await waitFor(() => expect(mocks.router.replace).toHaveBeenCalledWith('/org/acme'))
    expect(mocks.toastError).not.toHaveBeenCalled()
  })

  it('useMfaGuard leaves an aal2 session where it is', async () => {
    const client = seeded({ organizations: [org('acme', true)], aal: 'aal2' })
    renderHook(() => useMfaGuard('acme'), { wrapper: wrapper(client) })

    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(mocks.router.replace).not.toHaveBeenCalled()
  })
})
