import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AuthUsersScreen } from '@/components/interfaces/ProjectAuth/AuthUsersScreen'
import { projectUser, RECOVERY, REF, renderWithClient, usersHandlers } from './fixtures'

const ADA = projectUser(1, { email: 'ada@example.com', user_metadata: { name: 'Ada' }, last_sign_in_at: '2025-05-03T09:30:00.000Z' })

/** The users screen with its panel open on `email`. */
async function openPanel(email: string) {
  const user = userEvent.setup()
  renderWithClient(<AuthUsersScreen projectRef={REF} />)
  await user.click(await screen.findByRole('button', { name: email }))
  const panel = await screen.findByRole('dialog', { name: email })
  await within(panel).findByText('User ID')
  return { user, panel }
}

// Several user-event steps each: the default 5 s is short on a loaded machine.
describe('Authentication → Users: a user', { timeout: 20_000 }, () => {
  it('shows the record: id with copy, dates, confirmation, ban state and both metadata as JSON', async () => {
    usersHandlers([ADA])
    const { panel } = await openPanel('ada@example.com')
    expect(within(panel).getByText(ADA.id)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Copy user ID' })).toBeInTheDocument()
    expect(within(panel).getByText('Not banned')).toBeInTheDocument()
    expect(panel.querySelector(`time[datetime="${ADA.last_sign_in_at}"]`)).not.toBeNull()
    expect(within(panel).getByRole('region', { name: 'User metadata' })).toHaveTextContent('"name": "Ada"')
    expect(within(panel).getByRole('region', { name: 'App metadata' })).toHaveTextContent('"provider": "email"')
    // Confirmed already: nothing to confirm.
    expect(within(panel).queryByRole('button', { name: 'Confirm email' })).not.toBeInTheDocument()
  })

  it('makes a recovery link and shows it with its expiry and a copy button', async () => {
    const { writes } = usersHandlers([ADA])
    const { user, panel } = await openPanel('ada@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Send recovery link' }))
    const link = await within(panel).findByRole('status', { name: 'Recovery link' })
    expect(link).toHaveTextContent(RECOVERY.action_link)
    expect(link).toHaveTextContent('No e-mail is sent')
    expect(link.querySelector(`time[datetime="${RECOVERY.expires_at}"]`)).not.toBeNull()
    expect(within(link).getByRole('button', { name: 'Copy recovery link' })).toBeInTheDocument()
    expect(writes).toEqual([{ method: 'POST recovery', id: ADA.id }])
  })

  it('bans for the chosen duration, then unbans', async () => {
    const { writes } = usersHandlers([ADA])
    const { user, panel } = await openPanel('ada@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Ban user' }))
    const confirm = await screen.findByRole('dialog', { name: 'Ban ada@example.com?' })
    expect(within(confirm).getByRole('combobox', { name: 'Ban for' })).toHaveValue('24h')
    await user.selectOptions(within(confirm).getByRole('combobox', { name: 'Ban for' }), 'Forever')
    await user.click(within(confirm).getByRole('button', { name: 'Ban user' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', id: ADA.id, body: { ban_duration: '876000h' } }]))
    expect(await within(panel).findByText(/^Banned until/)).toBeInTheDocument()
    // The list behind the panel (hidden from the accessibility tree meanwhile) shows the ban too: it is refetched.
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users', hidden: true })).getAllByText('Banned', { selector: 'span' })).toHaveLength(1))

    await user.click(await within(panel).findByRole('button', { name: 'Unban user' }))
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PATCH', id: ADA.id, body: { ban_duration: 'none' } }))
    expect(await within(panel).findByText('Not banned')).toBeInTheDocument()
  })

  it('confirms an unconfirmed address', async () => {
    const { writes } = usersHandlers([projectUser(2, { email_confirmed_at: null })])
    const { user, panel } = await openPanel('user2@example.com')
    expect(within(panel).getByText(/Not confirmed/)).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Confirm email' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', id: projectUser(2).id, body: { email_confirm: true } }]))
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Confirm email' })).not.toBeInTheDocument())
    expect(within(panel).queryByText(/Not confirmed/)).not.toBeInTheDocument()
  })

  it('deletes a user after a confirmation that names them, and drops them from the list', async () => {
    const { writes } = usersHandlers([ADA, projectUser(2)])
    const { user, panel } = await openPanel('ada@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Delete user' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete user ada@example.com?' })
    expect(confirm).toHaveTextContent('ada@example.com is removed')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(writes).toEqual([])

    await user.click(within(panel).getByRole('button', { name: 'Delete user' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete user ada@example.com?' })).getByRole('button', { name: 'Delete user' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'DELETE', id: ADA.id }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ada@example.com' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'user2@example.com' })).toBeInTheDocument()
  })

  it('replaces the user metadata with the JSON object typed, refusing anything else', async () => {
    const { writes } = usersHandlers([ADA])
    const { user, panel } = await openPanel('ada@example.com')
    await user.click(within(panel).getByRole('button', { name: 'Edit user metadata' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit user metadata' })
    const json = within(dialog).getByLabelText('User metadata (JSON object)')
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ name: 'Ada' })
    await user.clear(json)
    await user.paste('[1]')
    await user.click(within(dialog).getByRole('button', { name: 'Save metadata' }))
    expect(within(dialog).getByText(/Enter a JSON object/)).toBeInTheDocument()
    await user.clear(json)
    await user.paste('{"name": "Ada"')
    expect(within(dialog).getByText(/Invalid JSON/)).toBeInTheDocument()
    expect(writes).toEqual([])

    await user.clear(json)
    await user.paste('{"name": "Ada L", "plan": "pro"}')
    await user.click(within(dialog).getByRole('button', { name: 'Save metadata' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', id: ADA.id, body: { user_metadata: { name: 'Ada L', plan: 'pro' } } }]))
    await waitFor(() => expect(within(panel).getByRole('region', { name: 'User metadata' })).toHaveTextContent('"plan": "pro"'))
  })
})
