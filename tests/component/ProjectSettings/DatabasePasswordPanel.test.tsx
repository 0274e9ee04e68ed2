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

beforeEach(() => {
  const page = { pathname: '/project/[ref]/settings/general', asPath: `/project/${REF}/settings/general`, query: { ref: REF } }
  Object.assign(router, { isReady: true, ...page, push: vi.fn(async () => true), replace: vi.fn(async () => true) })
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

/** The project and the caller's role; records the passwords sent, answering `answer` (204 by default). */
function platform(role = 'Owner', overrides: Partial<ProjectDetail> = {}, answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const sent: unknown[] = []
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail(overrides))),
    http.post(`*/platform/projects/${REF}/db-password`, async ({ request }) => {
      sent.push(await request.json())
      return answer()
    })
  )
  return sent
}

async function openDialog() {
  const panel = await screen.findByRole('region', { name: 'Database password' })
  await userEvent.click(within(panel).getByRole('button', { name: 'Reset database password' }))
  return screen.getByRole('dialog', { name: 'Reset database password' })
}

describe('Project settings → General: database password', { timeout: 20_000 }, () => {
  it('sets a new password once it follows the rules', async () => {
    const sent = platform('Admin')
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const dialog = await openDialog()
    const field = within(dialog).getByLabelText('New password')
    expect(field).toHaveAttribute('type', 'password')
    await userEvent.type(field, 'short')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }))
    expect(within(dialog).getByText('The password must be at least 12 characters.')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await userEvent.clear(field)
    await userEvent.type(field, 'ünicode-is-not-ascii')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }))
    expect(within(dialog).getByText(/may hold only printable ASCII characters/)).toBeInTheDocument()
    expect(sent).toEqual([])

    await userEvent.clear(field)
    await userEvent.type(field, 'a long enough password')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }))
    expect(await screen.findByText(/Database password updated/)).toBeInTheDocument()
    expect(sent).toEqual([{ password: 'a long enough password' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('generates a password and shows it to copy', async () => {
    const sent = platform()
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate a password' }))
    const field = within(dialog).getByLabelText('New password')
    expect(field).toHaveAttribute('type', 'text')
    expect((field as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{24}$/)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }))
    await waitFor(() => expect(sent).toEqual([{ password: (field as HTMLInputElement).value }]))
  })

  it("shows the platform's refusal in place and keeps what was typed", async () => {
    platform('Owner', {}, () => HttpResponse.json({ message: 'Project is PAUSING: its database password can be set once it is active' }, { status: 409 }))
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText('New password'), 'a long enough password')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/can be set once it is active/)
    expect(within(dialog).getByLabelText('New password')).toHaveValue('a long enough password')
  })

  it.each(['Developer', 'Read-only'])('%s: the button is disabled, with the reason', async (role) => {
    const sent = platform(role)
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const panel = await screen.findByRole('region', { name: 'Database password' })
    expect(await within(panel).findByText(`Only an Owner or Admin can set the database password. Your role is ${role}.`)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Reset database password' })).toBeDisabled()
    expect(sent).toEqual([])
  })

  it('waits for the project to be active', async () => {
    platform('Owner', { status: 'INACTIVE' })
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    const panel = await screen.findByRole('region', { name: 'Database password' })
    expect(within(panel).getByRole('button', { name: 'Reset database password' })).toBeDisabled()
    expect(within(panel).getByText('The password can be set once the project is active.')).toBeInTheDocument()
  })

  it("self-hosted on DATABASE_URL: the password is the server's", async () => {
    window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), isPlatform: false }
    platform('Owner', { db_engine: 'postgres' })
    renderWithClient(<ProjectGeneralScreen projectRef={REF} />)
    expect(await screen.findByText("The database password is the server's")).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Database password' })).not.toBeInTheDocument()
  })
})
