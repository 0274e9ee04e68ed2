import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { OrganizationsScreen } from '@/components/interfaces/Organizations/OrganizationsScreen'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { organization, project, renderWithClient, type MockRouter } from './fixtures'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: {},
    pathname: '/organizations',
    asPath: '/organizations',
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
  })
  lastVisitedStore.getState().reload()
})

const ACME = organization()
const GLOBEX = organization({ id: 2, slug: 'globex', name: 'Globex', plan: { id: 'pro', name: 'Pro' }, role: 'Developer' })

function platform({ orgs = [ACME, GLOBEX], projects = [project(), project({ ref: 'r2', name: 'Blog' })] } = {}) {
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json(orgs)),
    http.get('*/platform/projects', () => HttpResponse.json(projects))
  )
}

describe('/organizations', () => {
  it('shows a loading state, then the organizations with plan, role and project count', async () => {
    platform()
    renderWithClient(<OrganizationsScreen />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading organizations')

    const list = await screen.findByRole('list', { name: 'Organizations' })
    const cards = within(list).getAllByRole('link')
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/org/acme', '/org/globex'])
    expect(cards[0]).toHaveTextContent('Acme')
    expect(cards[0]).toHaveTextContent('Free plan')
    expect(cards[0]).toHaveTextContent('Owner')
    await waitFor(() => expect(cards[0]).toHaveTextContent('2 projects'))
    expect(cards[1]).toHaveTextContent('Pro plan')
    expect(cards[1]).toHaveTextContent('Developer')
    expect(cards[1]).toHaveTextContent('0 projects')
  })

  it('shows the error with a retry that loads the list', async () => {
    let calls = 0
    server.use(
      http.get('*/platform/organizations', () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'Database is down' }, { status: 500 }) : HttpResponse.json([ACME])
      }),
      http.get('*/platform/projects', () => HttpResponse.json([]))
    )
    renderWithClient(<OrganizationsScreen />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load organizations')
    expect(alert).toHaveTextContent('Database is down')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: /Acme/ })).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('offers to create an organization when there is none, and opens it once created', async () => {
    platform({ orgs: [], projects: [] })
    const bodies: unknown[] = []
    server.use(
      http.post('*/platform/organizations', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(organization({ id: 9, slug: 'initech', name: 'Initech', plan: { id: 'pro', name: 'Pro' } }), { status: 201 })
      })
    )
    renderWithClient(<OrganizationsScreen />)
    expect(await screen.findByText('You are not part of any organization yet')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Create an organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a new organization' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create organization' }))
    expect(within(dialog).getByText('Please enter an organization name.')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await userEvent.type(within(dialog).getByLabelText('Name'), '  Initech ')
    await userEvent.click(within(dialog).getByRole('radio', { name: /Pro/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create organization' }))

    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/org/initech'))
    expect(bodies).toEqual([{ name: 'Initech', plan: 'pro' }])
    expect(await screen.findByText('Created organization Initech')).toBeInTheDocument()
  })

  it('shows the platform refusal inside the create form', async () => {
    platform()
    server.use(
      http.post('*/platform/organizations', () =>
        HttpResponse.json({ message: 'name: must be at most 64 characters' }, { status: 400 })
      )
    )
    renderWithClient(<OrganizationsScreen />)
    await userEvent.click(await screen.findByRole('button', { name: 'New organization' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Too long')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create organization' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('name: must be at most 64 characters')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('says which organization was not found (route guard redirect)', async () => {
    platform()
    router.query = { error: 'org_not_found', org: 'ghost-org' }
    renderWithClient(<OrganizationsScreen />)
    const notice = screen.getByRole('alert')
    expect(notice).toHaveTextContent('Organization not found')
    expect(notice).toHaveTextContent('The organization ghost-org was not found')
    expect(await screen.findByRole('link', { name: /Acme/ })).toBeInTheDocument()
    // The landing does not take the user away from the notice.
    expect(router.replace).not.toHaveBeenCalled()
  })
})

describe('landing on the last visited organization (spec §3)', () => {
  it('goes to the last visited organization when the user still belongs to it', async () => {
    platform()
    lastVisitedStore.getState().setLastVisitedOrganization('globex')
    renderWithClient(<OrganizationsScreen />)
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/org/globex'))
    expect(screen.getByRole('status')).toHaveTextContent('Opening your last organization')
    expect(lastVisitedStore.getState().landingDone).toBe(true)
  })

  it('shows the list when the last visited organization is gone', async () => {
    platform()
    lastVisitedStore.getState().setLastVisitedOrganization('deleted-org')
    renderWithClient(<OrganizationsScreen />)
    expect(await screen.findByRole('link', { name: /Acme/ })).toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
  })

  it('lands only once per tab: afterwards the list stays reachable', async () => {
    platform()
    lastVisitedStore.getState().setLastVisitedOrganization('acme')
    lastVisitedStore.getState().markLandingDone()
    renderWithClient(<OrganizationsScreen />)
    expect(await screen.findByRole('link', { name: /Globex/ })).toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
  })
})
