import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { ProjectGeneralScreen } from '@/components/interfaces/ProjectSettings/ProjectGeneralScreen'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient, type MockRouter } from '../Organizations/fixtures'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

const REF = 'abcdefghijklmnopqrst'
const PROJECT = `*/platform/projects/${REF}`
const CREATED = '2025-03-04T10:00:00.000Z'

// Only `push` is read (after a deletion); the rest keeps the router's shape.
beforeEach(() => {
  const page = { pathname: '/project/[ref]/settings/general', asPath: `/project/${REF}/settings/general`, query: { ref: REF } }
  Object.assign(router, { isReady: true, ...page, push: vi.fn(async () => true), replace: vi.fn(async () => true) })
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

/** The project as the platform sends it and the caller's role in its organization; records what the screen sends. */
function platform(role = 'Owner', overrides: Partial<ProjectDetail> = {}) {
  const calls: { method: string; path: string; body?: unknown }[] = []
  const detail = projectDetail({ inserted_at: CREATED, ...overrides })
  const record = async (request: Request, answer: Partial<ProjectDetail>) => {
    const body = request.method === 'DELETE' ? undefined : await request.json()
    calls.push({ method: request.method, path: new URL(request.url).pathname.replace(/^.*\/platform/, ''), body })
    return HttpResponse.json({ ...detail, ...answer, connectionString: null })
  }
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    http.get(PROJECT, () => HttpResponse.json(detail)),
    http.patch(PROJECT, async ({ request }) => {
      const body = (await request.clone().json()) as { name: string }
      return record(request, { name: body.name })
    }),
    http.post(`${PROJECT}/pause`, ({ request }) => record(request, { status: 'PAUSING' })),
    http.post(`${PROJECT}/restore`, ({ request }) => record(request, { status: 'RESTORING' })),
    http.delete(PROJECT, ({ request }) => record(request, { status: 'GOING_DOWN' }))
  )
  return calls
}

const card = (name: string) => screen.findByRole('region', { name })

describe('/project/{ref}/settings/general', { timeout: 20_000 }, () => {
  it('shows the name, the copyable ref, the region, the creation date and the status', async () => {
    platform()
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    expect(screen.getByRole('status', { name: 'Loading project settings' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Project name')).toHaveValue('Shop')
    const details = await card('Project details')
    expect(within(details).getByText(REF)).toBeInTheDocument()
    expect(within(details).getByRole('button', { name: 'Copy project ref' })).toBeInTheDocument()
    expect(within(details).getByText('Southeast Asia (Singapore) (ap-southeast-1)')).toBeInTheDocument()
    expect(within(details).getByText(/2025/).closest('time')).toHaveAttribute('dateTime', CREATED)
    expect(within(await card('Project availability')).getByText('Healthy')).toBeInTheDocument()
  })

  it('renames the project', async () => {
    const calls = platform('Admin')
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const name = await screen.findByLabelText('Project name')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await userEvent.clear(name)
    await userEvent.type(name, '  Shop v2 ')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Project renamed to Shop v2')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'PATCH', path: `/projects/${REF}`, body: { name: 'Shop v2' } }])
  })

  it('refuses an empty name without asking the platform', async () => {
    const calls = platform()
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    await userEvent.clear(await screen.findByLabelText('Project name'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a project name.')
    expect(calls).toEqual([])
  })

  it('pauses the project only after the confirmation', async () => {
    const calls = platform()
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Pause project' }))
    const dialog = screen.getByRole('dialog', { name: 'Pause Shop?' })
    expect(within(dialog).getByText(/serves no requests until it is restored/)).toBeInTheDocument()
    expect(calls).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause project' }))
    expect(await screen.findByText('Pausing Shop')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: `/projects/${REF}/pause`, body: {} }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('restores a paused project after the confirmation', async () => {
    const calls = platform('Owner', { status: 'INACTIVE' })
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    expect(within(await card('Project availability')).getByText('Paused')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause project' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Restore project' }))
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Restore Shop?' })).getByRole('button', { name: 'Restore project' }))
    expect(await screen.findByText('Restoring Shop')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: `/projects/${REF}/restore`, body: {} }])
  })

  it('deletes the project once its name is typed, then opens the organization', async () => {
    const calls = platform()
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Delete project' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete Shop?' })
    const confirm = within(dialog).getByRole('button', { name: 'I understand, delete this project' })
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText('Type Shop to confirm'), 'shop')
    expect(confirm).toBeDisabled()
    await userEvent.clear(within(dialog).getByLabelText('Type Shop to confirm'))
    await userEvent.type(within(dialog).getByLabelText('Type Shop to confirm'), 'Shop')
    expect(calls).toEqual([])
    await userEvent.click(confirm)
    expect(await screen.findByText('Project Shop is being deleted')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'DELETE', path: `/projects/${REF}`, body: undefined }])
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/org/acme'))
  })

  it.each(['Developer', 'Read-only'])('%s: the name is read-only, pausing and deleting are disabled with the reason', async (role) => {
    const calls = platform(role)
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    expect(await screen.findByText(`Only an Owner or Admin can rename the project. Your role is ${role}.`)).toBeInTheDocument()
    expect(screen.getByLabelText('Project name')).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pause project' })).toBeDisabled()
    expect(screen.getByText(`Only an Owner or Admin can pause or restore the project. Your role is ${role}.`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete project' })).toBeDisabled()
    expect(screen.getByText(`Only an Owner or Admin can delete the project. Your role is ${role}.`)).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('does not offer a second deletion while the project goes down', async () => {
    platform('Owner', { status: 'GOING_DOWN' })
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    expect(await screen.findByRole('button', { name: 'Delete project' })).toBeDisabled()
    expect(screen.getByText('The project is already being deleted.')).toBeInTheDocument()
    expect(screen.getByText('Pausing and restoring are offered once the project is active or paused.')).toBeInTheDocument()
  })

  it('self-hosted: the default project keeps its name and can be neither paused nor deleted', async () => {
    window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), isPlatform: false }
    server.use(http.get('*/platform/projects/default', () => HttpResponse.json(projectDetail({ ref: 'default', name: 'Default project' }))))
    renderWithClient(<ProjectGeneralScreen projectRef="default" />)
    expect(await screen.findByLabelText('Project name')).toHaveAttribute('readonly')
    expect(screen.getByText('The self-hosted project keeps its name.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.getByText('The default project cannot be paused or deleted')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause project' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument()
  })

  it('shows why the project failed to load, with Retry', async () => {
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([organization()])),
      http.get(PROJECT, () => HttpResponse.json({ message: 'Project lookup failed' }, { status: 500 }))
    )
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the project')
    expect(alert).toHaveTextContent('Project lookup failed')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
