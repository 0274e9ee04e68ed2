import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { OrganizationHomeScreen } from '@/components/interfaces/Organization/OrganizationHomeScreen'
import { PROJECT_STATUS_DISPLAY } from '@/components/ui/ProjectStatusBadge'
import { PROJECT_STATUSES } from '@/server/projects/status'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { organization, project, renderWithClient } from './fixtures'

beforeEach(() => {
  lastVisitedStore.getState().reload()
})

const ACME = organization()

describe('/org/{slug}', () => {
  it('lists the projects with status, region display name and provider, and links New project', async () => {
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([ACME])),
      http.get('*/platform/projects', () =>
        HttpResponse.json([
          project({ ref: 'ref-b', name: 'Shop', status: 'COMING_UP', region: 'eu-central-1', cloud_provider: 'AWS_NIMBUS' }),
          project({ ref: 'ref-a', name: 'Analytics', status: 'ACTIVE_HEALTHY' }),
          project({ ref: 'ref-other', name: 'Not ours', organization_id: 2 }),
        ])
      )
    )
    renderWithClient(<OrganizationHomeScreen slug="acme" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading projects')

    const list = await screen.findByRole('list', { name: 'Projects' })
    const cards = within(list).getAllByRole('article')
    expect(cards.map((c) => within(c).getAllByRole('link')[0].textContent)).toEqual(['Analytics', 'Shop'])
    expect(within(cards[0]).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/project/ref-a')
    expect(cards[0]).toHaveTextContent('Healthy')
    expect(cards[0]).toHaveTextContent('Southeast Asia (Singapore)')
    expect(cards[0]).toHaveTextContent('AWS')
    expect(cards[1]).toHaveTextContent('Setting up')
    expect(cards[1]).toHaveTextContent('Central EU (Frankfurt)')
    expect(cards[1]).toHaveTextContent('AWS Nimbus')
    expect(screen.queryByText('Not ours')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'New project' })).toHaveAttribute('href', '/new/acme')
    expect(screen.getByRole('heading', { level: 1, name: 'Acme' })).toBeInTheDocument()
    expect(screen.getByText('Free plan · 2 projects')).toBeInTheDocument()
  })

  it('shows branches under their parent (fetched for the refs the list names)', async () => {
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([ACME])),
      http.get('*/platform/projects', () =>
        HttpResponse.json([project({ ref: 'parent', name: 'Main app', preview_branch_refs: ['br-1'] })])
      ),
      http.get('*/platform/projects/parent/branches', () =>
        HttpResponse.json([
          {
            id: 5,
            name: 'feature-login',
            project_ref: 'br-1',
            parent_project_ref: 'parent',
            is_default: false,
            status: 'COMING_UP',
            created_at: '2025-01-01T00:00:00Z',
            updated_at: '2025-01-01T00:00:00Z',
          },
        ])
      )
    )
    renderWithClient(<OrganizationHomeScreen slug="acme" />)
    const branches = await screen.findByRole('list', { name: 'Branches of Main app' })
    expect(within(branches).getByRole('link', { name: 'feature-login' })).toHaveAttribute('href', '/project/br-1')
    expect(branches).toHaveTextContent('Setting up')
    expect(screen.getByText('1 branch')).toBeInTheDocument()
  })

  it('shows branches that the list does carry under their parent, not as projects', async () => {
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([ACME])),
      http.get('*/platform/projects', () =>
        HttpResponse.json([
          project({ ref: 'parent', name: 'Main app' }),
          project({ ref: 'br-2', name: 'staging', parent_project_ref: 'parent', is_branch: true }),
        ])
      )
    )
    renderWithClient(<OrganizationHomeScreen slug="acme" />)
    const projects = await screen.findByRole('list', { name: 'Projects' })
    expect(within(projects).getAllByRole('article')).toHaveLength(1)
    expect(within(screen.getByRole('list', { name: 'Branches of Main app' })).getByRole('link', { name: 'staging' })).toBeInTheDocument()
  })

  it('has an empty state that leads to the new project page', async () => {
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([ACME])),
      http.get('*/platform/projects', () => HttpResponse.json([project({ organization_id: 2 })]))
    )
    renderWithClient(<OrganizationHomeScreen slug="acme" />)
    expect(await screen.findByText('No projects yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a project' })).toHaveAttribute('href', '/new/acme')
  })

  it('shows a failed project list with a retry', async () => {
    let calls = 0
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([ACME])),
      http.get('*/platform/projects', () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'boom' }, { status: 503 }) : HttpResponse.json([project()])
      })
    )
    renderWithClient(<OrganizationHomeScreen slug="acme" />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load projects')
    expect(alert).toHaveTextContent('boom')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Shop' })).toBeInTheDocument()
  })
})

describe('project status badges', () => {
  it('have a label and colour for every status of spec §4', () => {
    expect(Object.keys(PROJECT_STATUS_DISPLAY).sort()).toEqual([...PROJECT_STATUSES].sort())
    const labels = Object.values(PROJECT_STATUS_DISPLAY).map((d) => d.label)
    expect(new Set(labels).size).toBe(labels.length)
    expect(PROJECT_STATUS_DISPLAY.ACTIVE_HEALTHY.variant).toBe('brand')
    expect(PROJECT_STATUS_DISPLAY.INIT_FAILED.variant).toBe('danger')
    expect(PROJECT_STATUS_DISPLAY.COMING_UP.variant).toBe('warning')
  })
})
