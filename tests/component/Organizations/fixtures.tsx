/** Shared fixtures and render helper of the organization, project and join screen tests. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { Toaster } from 'sonner'
import { createQueryClient } from '@/data/query-client'
import type { Organization } from '@/data/organizations/organizations-query'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import type { Project } from '@/data/projects/projects-query'

/** An organization as the platform sends it; `role` may be any string, as the tests' parameters are. */
export function organization(overrides: Partial<Omit<Organization, 'role'>> & { role?: string } = {}): Organization {
  const role = (overrides.role ?? 'Owner') as Organization['role']
  return {
    id: 1,
    slug: 'acme',
    name: 'Acme',
    plan: { id: 'free', name: 'Free' },
    billing_email: 'billing@acme.test',
    billing_partner: null,
    restriction_status: null,
    restriction_data: null,
    organization_requires_mfa: false,
    opt_in_tags: [],
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
    role,
    is_owner: role === 'Owner',
  }
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    ref: 'abcdefghijklmnopqrst',
    name: 'Shop',
    status: 'ACTIVE_HEALTHY',
    postgrestStatus: 'ONLINE',
    organization_id: 1,
    organization_slug: 'acme',
    region: 'ap-southeast-1',
    cloud_provider: 'AWS',
    dbVersion: '17.4',
    parent_project_ref: null,
    preview_branch_refs: [],
    is_branch: false,
    ...overrides,
  }
}

export function projectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    ...project(),
    connectionString: 'postgresql://project_shop:[YOUR-PASSWORD]@db.test:5432/project_shop',
    dbVersion: '17.4',
    init_error: null,
    ...overrides,
  }
}

/** Renders with a fresh query client (no retries: a failure shows at once) and a toaster. */
export function renderWithClient(ui: ReactElement, queryClient: QueryClient = createQueryClient({ queries: { retry: false } })) {
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    ),
  }
}

/** A mutable stand-in for next/router's router; tests reset it in beforeEach. */
export type MockRouter = {
  isReady: boolean
  query: Record<string, string | string[]>
  pathname: string
  asPath: string
  push: (...args: unknown[]) => Promise<boolean>
  replace: (...args: unknown[]) => Promise<boolean>
}
