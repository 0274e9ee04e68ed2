import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { AuthUsersScreen } from '@/components/interfaces/ProjectAuth/AuthUsersScreen'
import { USERS_PER_PAGE } from '@/components/interfaces/ProjectAuth/project-auth.utils'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '@/tests/msw-server'
import { projectAndRole } from '../cron/cron-fixtures'
import { projectDetail } from '../SqlEditor/sql-editor-fixtures'
import { projectUser, REF, renderWithClient, USERS, usersHandlers } from './fixtures'

const emails = () => within(screen.getByRole('table', { name: 'Users' })).getAllByRole('rowheader').map((cell) => cell.textContent)

afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

// Several user-event steps each: the default 5 s is short on a loaded machine.
describe('Authentication → Users', { timeout: 20_000 }, () => {
  it('lists the users newest first with their state, and asks for the first page', async () => {
    const { lists } = usersHandlers([
      projectUser(1, { last_sign_in_at: '2025-05-02T08:00:00.000Z' }),
      projectUser(2, { email_confirmed_at: null }),
      projectUser(3, { banned_until: '2999-01-01T00:00:00.000Z' }),
    ])
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(emails()).toEqual(['user3@example.com', 'user2@example.com', 'user1@example.com'])
    const [banned, unconfirmed, signedIn] = within(table).getAllByRole('row').slice(1)
    expect(banned).toHaveTextContent('Banned')
    expect(banned).toHaveTextContent('00000003')
    expect(unconfirmed).toHaveTextContent('Waiting')
    expect(signedIn).not.toHaveTextContent('Never')
    expect(unconfirmed).toHaveTextContent('Never')
    expect(screen.getByText('3 users')).toBeInTheDocument()
    expect(Object.fromEntries(lists[0]!)).toEqual({ page: '1', per_page: String(USERS_PER_PAGE) })
  })

  it('searches on the server once typing pauses, and starts again at page 1', async () => {
    const { lists } = usersHandlers(Array.from({ length: USERS_PER_PAGE + 5 }, (_, i) => projectUser(i + 1)))
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    await screen.findByRole('table', { name: 'Users' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(lists.at(-1)?.get('page')).toBe('2'))
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'user7@')
    await waitFor(() => expect(emails()).toEqual(['user7@example.com']))
    const searches = lists.filter((q) => q.has('keywords'))
    // One request for what was typed, not one per key.
    expect(searches.map((q) => Object.fromEntries(q))).toEqual([{ page: '1', per_page: String(USERS_PER_PAGE), keywords: 'user7@' }])
    expect(screen.getByText('1 user match')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz')
    expect(await screen.findByText('No user matches "user7@zzz"')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(emails()).toHaveLength(USERS_PER_PAGE))
  })

  it('pages through the users with the total known', async () => {
    const { lists } = usersHandlers(Array.from({ length: USERS_PER_PAGE + 2 }, (_, i) => projectUser(i + 1)))
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    await screen.findByRole('table', { name: 'Users' })
    const pager = screen.getByRole('navigation', { name: 'Pages of users' })
    expect(pager).toHaveTextContent(`1–${USERS_PER_PAGE} of ${USERS_PER_PAGE + 2} · page 1 of 2`)
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(emails()).toEqual(['user2@example.com', 'user1@example.com']))
    expect(pager).toHaveTextContent(`${USERS_PER_PAGE + 1}–${USERS_PER_PAGE + 2} of ${USERS_PER_PAGE + 2} · page 2 of 2`)
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(lists.map((q) => q.get('page'))).toEqual(['1', '2'])
    await user.click(within(pager).getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(emails()[0]).toBe(`user${USERS_PER_PAGE + 2}@example.com`))
  })

  it('shows an empty state with Add user when the project has no users', async () => {
    usersHandlers([])
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    expect(await screen.findByText('No users yet')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument())
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows what failed, and retries', async () => {
    let fail = true
    server.use(
      ...projectAndRole('Developer'),
      http.get(USERS, () => (fail ? HttpResponse.json({ message: 'The auth service is down' }, { status: 500 }) : HttpResponse.json({ users: [projectUser(1)], total: 1 })))
    )
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load users')
    expect(alert).toHaveTextContent('The auth service is down')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument()
  })

  it('adds a user, confirmed at once unless unticked, and lists them', async () => {
    const { writes } = usersHandlers([projectUser(1)])
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    await screen.findByRole('table', { name: 'Users' })
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const dialog = screen.getByRole('dialog', { name: 'Add user' })
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }))
    expect(within(dialog).getByText('Enter an e-mail address')).toBeInTheDocument()
    expect(within(dialog).getByText('A password is at least 6 characters')).toBeInTheDocument()
    expect(writes).toEqual([])

    expect(within(dialog).getByRole('checkbox', { name: /Auto-confirm/ })).toBeChecked()
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'hunter22')
    await user.click(within(dialog).getByRole('checkbox', { name: /Auto-confirm/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', body: { email: 'new@example.com', password: 'hunter22', email_confirm: false } }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(emails()).toContain('new@example.com'))
  })

  it('shows a refused add in the form, keeping what was typed', async () => {
    usersHandlers([projectUser(1)])
    server.use(http.post(USERS, () => HttpResponse.json({ message: 'A user with this email address has already been registered' }, { status: 422 })))
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Add user' }))
    const dialog = screen.getByRole('dialog', { name: 'Add user' })
    await user.type(within(dialog).getByLabelText('Email'), 'user1@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'hunter22')
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already been registered')
    expect(within(dialog).getByLabelText('Email')).toHaveValue('user1@example.com')
  })

  it('lets a Read-only member see the users but no write action, and says why', async () => {
    usersHandlers([projectUser(1, { email_confirmed_at: null })], { role: 'Read-only' })
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef={REF} />)
    await screen.findByRole('table', { name: 'Users' })
    expect(await screen.findByText(/Read-only members can see the users but not change them/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'user1@example.com' }))
    const panel = await screen.findByRole('dialog', { name: 'user1@example.com' })
    expect(await within(panel).findByText('00000001-aaaa-4aaa-8aaa-aaaaaaaaaaaa')).toBeInTheDocument()
    for (const name of ['Send recovery link', 'Confirm email', 'Ban user', 'Delete user']) {
      expect(within(panel).queryByRole('button', { name })).not.toBeInTheDocument()
    }
    expect(within(panel).getByText(/Read-only members can see the users/)).toBeInTheDocument()
  })

  it('self-hosted: the users of the default project, with every action (the caller is the Owner)', async () => {
    window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), isPlatform: false }
    const { lists } = usersHandlers([projectUser(1, { email_confirmed_at: null })], { ref: 'default' })
    server.use(http.get('*/platform/projects/default', () => HttpResponse.json(projectDetail({ ref: 'default', name: 'Default project' }))))
    const user = userEvent.setup()
    renderWithClient(<AuthUsersScreen projectRef="default" />)
    await user.click(await screen.findByRole('button', { name: 'user1@example.com' }))
    const panel = await screen.findByRole('dialog', { name: 'user1@example.com' })
    for (const name of ['Send recovery link', 'Confirm email', 'Ban user', 'Delete user']) {
      expect(await within(panel).findByRole('button', { name })).toBeEnabled()
    }
    expect(screen.getByRole('button', { name: 'Add user', hidden: true })).toBeInTheDocument()
    expect(lists).toHaveLength(1)
  })
})
