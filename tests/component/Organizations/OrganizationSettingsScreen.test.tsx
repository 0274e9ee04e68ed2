import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { OrganizationSettingsScreen } from '@/components/interfaces/Organization/OrganizationSettingsScreen'
import { lastVisitedStore } from '@/state/last-visited'
import { server } from '@/tests/msw-server'
import { organization, renderWithClient, type MockRouter } from './fixtures'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: { slug: 'acme' },
    pathname: '/org/[slug]/general',
    asPath: '/org/acme/general',
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
  })
  lastVisitedStore.getState().reload()
})

function orgs(role = 'Owner', extra = {}) {
  server.use(http.get('*/platform/organizations', () => HttpResponse.json([organization({ role, ...extra })])))
}

describe('/org/{slug}/general', () => {
  it('renames the organization and sets the billing e-mail', async () => {
    orgs()
    const bodies: unknown[] = []
    server.use(
      http.patch('*/platform/organizations/acme', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        bodies.push(body)
        return HttpResponse.json(organization({ name: body.name as string, billing_email: body.billing_email as string }))
      })
    )
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const name = await screen.findByLabelText('Organization name')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await userEvent.clear(name)
    await userEvent.type(name, 'Acme Corp')
    await userEvent.clear(screen.getByLabelText('Billing e-mail'))
    await userEvent.type(screen.getByLabelText('Billing e-mail'), 'pay@acme.test')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Organization settings saved')).toBeInTheDocument()
    expect(bodies).toEqual([{ name: 'Acme Corp', billing_email: 'pay@acme.test' }])
  })

  it('turns "Require MFA" on and shows why the platform refuses', async () => {
    orgs()
    server.use(
      http.patch('*/platform/organizations/acme', () =>
        HttpResponse.json(
          { message: 'Set up a verified MFA factor on your own account before requiring MFA for this organization' },
          { status: 400 }
        )
      )
    )
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const toggle = await screen.findByRole('switch', { name: 'Require MFA' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await userEvent.click(toggle)
    expect(await screen.findByRole('alert')).toHaveTextContent('Set up a verified MFA factor on your own account')
    expect(screen.getByRole('switch', { name: 'Require MFA' })).toHaveAttribute('aria-checked', 'false')
  })

  it('sends organization_requires_mfa when the toggle flips', async () => {
    let current = organization()
    const bodies: unknown[] = []
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([current])),
      http.patch('*/platform/organizations/acme', async ({ request }) => {
        const body = (await request.json()) as { organization_requires_mfa: boolean }
        bodies.push(body)
        current = organization({ organization_requires_mfa: body.organization_requires_mfa })
        return HttpResponse.json(current)
      })
    )
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    await userEvent.click(await screen.findByRole('switch', { name: 'Require MFA' }))
    expect(await screen.findByText('Members now need MFA to open this organization')).toBeInTheDocument()
    expect(bodies).toEqual([{ organization_requires_mfa: true }])
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require MFA' })).toHaveAttribute('aria-checked', 'true'))
  })

  it('deletes the organization only after its slug is typed', async () => {
    orgs()
    lastVisitedStore.getState().setLastVisitedOrganization('acme')
    let deleted = false
    server.use(
      http.delete('*/platform/organizations/acme', () => {
        deleted = true
        return new HttpResponse(null, { status: 204 })
      })
    )
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Delete organization' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme?' })
    const confirm = within(dialog).getByRole('button', { name: 'I understand, delete this organization' })
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'acm')
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'e')
    await userEvent.click(confirm)
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/organizations'))
    expect(deleted).toBe(true)
    expect(lastVisitedStore.getState().organization).toBeNull()
  })

  it('shows why a deletion is refused inside the dialog', async () => {
    orgs()
    server.use(
      http.delete('*/platform/organizations/acme', () =>
        HttpResponse.json({ message: 'Organization acme still has 1 project: delete them first' }, { status: 409 })
      )
    )
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Delete organization' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'acme')
    await userEvent.click(within(dialog).getByRole('button', { name: 'I understand, delete this organization' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('still has 1 project')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('is read-only for a Developer', async () => {
    orgs('Developer')
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    expect(await screen.findByLabelText('Organization name')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Require MFA' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete organization' })).toBeDisabled()
  })

  it('shows a load failure with a retry', async () => {
    let calls = 0
    server.use(
      http.get('*/platform/organizations', () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json([organization()])
      })
    )
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const alert = await screen.findByRole('alert')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByLabelText('Organization name')).toHaveValue('Acme')
  })
})
