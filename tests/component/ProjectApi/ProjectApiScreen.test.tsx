import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { ProjectApiScreen } from '@/components/interfaces/ProjectApi/ProjectApiScreen'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { ENDPOINT, ISSUED_AT, apiHandlers, apiKeys } from './fixtures'

const REF = 'abcdefghijklmnopqrst'
const [ANON, SERVICE] = apiKeys(1).map((key) => key.api_key)

/** The project, the caller's role in its organization and the project API routes; returns the rotations asked for. */
function platform(role = 'Owner') {
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail()))
  )
  return apiHandlers(REF, { role })
}

const card = (name: string) => screen.findByRole('region', { name })

/** userEvent's clipboard, watched, in a focused document (the copy button needs both). */
function copying() {
  const user = userEvent.setup()
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
  return { user, writeText: vi.spyOn(navigator.clipboard, 'writeText') }
}

describe('/project/{ref}/settings/api', { timeout: 20_000 }, () => {
  it('shows the URL and the anon key, and the service key only once revealed', async () => {
    platform()
    renderWithClient(<ProjectApiScreen projectRef={REF} />)
    expect(screen.getByRole('status', { name: 'Loading the API settings' })).toBeInTheDocument()
    const api = await card('Project API')
    expect(within(api).getByText(ENDPOINT)).toBeInTheDocument()
    expect(within(api).getByText(ANON)).toBeInTheDocument()
    expect(within(api).getByText('public')).toBeInTheDocument()
    expect(within(api).getByText(/Safe to use in a browser when row level security is on/)).toBeInTheDocument()
    expect(within(api).getByText('This key bypasses row level security')).toBeInTheDocument()
    expect(within(api).getByText(/Never use it in a browser/)).toBeInTheDocument()
    expect(within(api).queryByText(SERVICE)).not.toBeInTheDocument()
    expect(within(api).getByLabelText('service_role key (hidden)')).toBeInTheDocument()

    await userEvent.click(within(api).getByRole('button', { name: 'Reveal' }))
    expect(within(api).getByText(SERVICE)).toBeInTheDocument()
    await userEvent.click(within(api).getByRole('button', { name: 'Hide' }))
    expect(within(api).queryByText(SERVICE)).not.toBeInTheDocument()

    const jwt = await card('JWT settings')
    expect(within(jwt).getByText('1')).toBeInTheDocument()
    expect(within(jwt).getByText(/2025/).closest('time')).toHaveAttribute('dateTime', ISSUED_AT)
  })

  it('copies the URL, the anon key and the service key', async () => {
    platform()
    const { user, writeText } = copying()
    renderWithClient(<ProjectApiScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Copy project URL' }))
    expect(writeText).toHaveBeenLastCalledWith(ENDPOINT)
    await user.click(screen.getByRole('button', { name: 'Copy anon key' }))
    expect(writeText).toHaveBeenLastCalledWith(ANON)
    await user.click(screen.getByRole('button', { name: 'Copy service_role key' }))
    expect(writeText).toHaveBeenLastCalledWith(SERVICE)
  })

  it('gives a Read-only member the anon key, no service key, and no rotation', async () => {
    platform('Read-only')
    renderWithClient(<ProjectApiScreen projectRef={REF} />)
    const api = await card('Project API')
    expect(within(api).getByText(ANON)).toBeInTheDocument()
    expect(within(api).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument()
    expect(within(api).queryByRole('button', { name: 'Copy service_role key' })).not.toBeInTheDocument()
    expect(await within(api).findByText('Only Developers and above can see the service_role key. Your role is Read-only.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rotate keys' })).toBeDisabled()
  })

  it('rotates the keys only after the confirmation, then shows the new keys', async () => {
    const rotations = platform('Admin')
    const [newAnon, newService] = apiKeys(2).map((key) => key.api_key)
    renderWithClient(<ProjectApiScreen projectRef={REF} />)
    const rotate = await screen.findByRole('button', { name: 'Rotate keys' })
    await userEvent.click(rotate)
    const dialog = screen.getByRole('dialog', { name: 'Rotate the API keys?' })
    expect(within(dialog).getByText(/the old ones stop working at once/)).toBeInTheDocument()
    expect(rotations).toEqual([])
    expect(screen.getByText(ANON)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate keys' }))
    expect(await screen.findByText('API keys rotated. Update your apps with the new keys.')).toBeInTheDocument()
    expect(rotations).toEqual([{}])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    expect(screen.getByText(newAnon)).toBeInTheDocument()
    expect(screen.queryByText(ANON)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }))
    expect(screen.getByText(newService)).toBeInTheDocument()
    const jwt = await card('JWT settings')
    expect(within(jwt).getByText('2')).toBeInTheDocument()
    await waitFor(() => expect(within(jwt).getByText(/2025/).closest('time')).toHaveAttribute('dateTime', '2025-05-06T12:00:00.000Z'))
  })

  it('disables rotation for a Developer and says why, but shows the service key', async () => {
    platform('Developer')
    renderWithClient(<ProjectApiScreen projectRef={REF} />)
    expect(await screen.findByRole('button', { name: 'Reveal' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('Only an Owner or Admin can rotate the keys. Your role is Developer.')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Rotate keys' })).toBeDisabled()
  })

  it('shows a load failure with a retry', async () => {
    platform()
    let calls = 0
    server.use(
      http.get(`*/platform/projects/${REF}/api-keys`, () =>
        ++calls === 1 ? HttpResponse.json({ message: 'keys unavailable' }, { status: 500 }) : HttpResponse.json(apiKeys(1))
      )
    )
    renderWithClient(<ProjectApiScreen projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the API keys')
    expect(alert).toHaveTextContent('keys unavailable')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(ANON)).toBeInTheDocument()
  })
})
