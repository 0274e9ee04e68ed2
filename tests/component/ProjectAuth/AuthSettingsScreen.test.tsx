import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { AuthSettingsScreen } from '@/components/interfaces/ProjectAuth/AuthSettingsScreen'
import { server } from '@/tests/msw-server'
import { CONFIG, configHandlers, DEFAULT_CONFIG, REF, renderWithClient } from './fixtures'

async function renderSettings() {
  const user = userEvent.setup()
  renderWithClient(<AuthSettingsScreen projectRef={REF} />)
  const form = await screen.findByRole('form', { name: 'Auth settings' })
  return { user, form }
}

// Several user-event steps each: the default 5 s is short on a loaded machine.
describe('Authentication → Settings', { timeout: 20_000 }, () => {
  it('shows the settings with both switches read the way round the screen words them', async () => {
    configHandlers('Owner', { ...DEFAULT_CONFIG, DISABLE_SIGNUP: true, MAILER_AUTOCONFIRM: true })
    const { form } = await renderSettings()
    expect(within(form).getByRole('switch', { name: 'Allow new users to sign up' })).not.toBeChecked()
    expect(within(form).getByRole('switch', { name: 'Confirm email' })).not.toBeChecked()
    expect(within(form).getByText(/sends no mail, so confirm them yourself from the Users screen/)).toBeInTheDocument()
    expect(within(form).getByLabelText('Site URL')).toHaveValue('http://localhost:3000')
    expect(within(form).getByLabelText('JWT expiry (seconds)')).toHaveValue('3600')
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('sends only the settings that changed, in GoTrue names', async () => {
    const patches = configHandlers('Owner')
    const { user, form } = await renderSettings()
    await user.click(within(form).getByRole('switch', { name: 'Confirm email' }))
    await user.clear(within(form).getByLabelText('JWT expiry (seconds)'))
    await user.type(within(form).getByLabelText('JWT expiry (seconds)'), '7200')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches).toEqual([{ MAILER_AUTOCONFIRM: false, JWT_EXP: 7200 }]))
    expect(await screen.findByText('Auth settings saved')).toBeInTheDocument()
    expect(within(form).getByRole('switch', { name: 'Confirm email' })).toBeChecked()
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()

    // A switch flipped and flipped back is no change.
    await user.click(within(form).getByRole('switch', { name: 'Allow new users to sign up' }))
    await user.click(within(form).getByRole('switch', { name: 'Allow new users to sign up' }))
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.click(within(form).getByRole('switch', { name: 'Allow new users to sign up' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches.at(-1)).toEqual({ DISABLE_SIGNUP: true }))
  })

  it('refuses a relative site URL or a token lifetime out of bounds before sending', async () => {
    const patches = configHandlers('Owner')
    const { user, form } = await renderSettings()
    await user.clear(within(form).getByLabelText('Site URL'))
    await user.type(within(form).getByLabelText('Site URL'), 'example.com')
    await user.clear(within(form).getByLabelText('JWT expiry (seconds)'))
    await user.type(within(form).getByLabelText('JWT expiry (seconds)'), '60')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByText(/Enter an absolute http or https URL/)).toBeInTheDocument()
    expect(within(form).getByText('Between 300 and 604800 seconds (a week)')).toBeInTheDocument()
    expect(patches).toEqual([])
  })

  it('shows what the platform refused, keeping the form', async () => {
    configHandlers('Owner')
    server.use(http.patch(CONFIG, () => HttpResponse.json({ message: 'SITE_URL: must be an absolute URL' }, { status: 400 })))
    const { user, form } = await renderSettings()
    await user.clear(within(form).getByLabelText('Site URL'))
    await user.type(within(form).getByLabelText('Site URL'), 'https://shop.example.com')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('SITE_URL: must be an absolute URL')
    expect(within(form).getByLabelText('Site URL')).toHaveValue('https://shop.example.com')
  })

  it('lets only Owners and Admins change them; a Developer sees why', async () => {
    const patches = configHandlers('Developer')
    const { form } = await renderSettings()
    expect(await within(form).findByText('Only an Owner or Admin can change the auth settings. Your role is Developer.')).toBeInTheDocument()
    expect(within(form).getByRole('switch', { name: 'Confirm email' })).toBeDisabled()
    expect(within(form).getByLabelText('Site URL')).toBeDisabled()
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(patches).toEqual([])
  })

  it('shows a load failure with Retry', async () => {
    configHandlers('Owner')
    server.use(http.get(CONFIG, () => HttpResponse.json({ message: 'Project not found' }, { status: 404 })))
    renderWithClient(<AuthSettingsScreen projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the auth settings')
    expect(alert).toHaveTextContent('Project not found')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
