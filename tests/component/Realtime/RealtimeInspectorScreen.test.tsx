import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { RealtimeInspectorScreen } from '@/components/interfaces/Realtime/RealtimeInspectorScreen'
import { server } from '@/tests/msw-server'
import { projectAndRole, REF, renderWithClient } from '../cron/cron-fixtures'
import { projectUser } from '../ProjectAuth/fixtures'
import { createPgMeta } from '../database/pglite-pg-meta'

type Handler = { type: string; filter: Record<string, unknown>; cb: (m: unknown) => void }

/** realtime-js as the inspector uses it, driven by the test: what was made, and a way to answer the join. */
const fake = vi.hoisted(() => ({
  clients: [] as { url: string; params: Record<string, string>; channels: unknown[]; disconnected: boolean }[],
  joinAnswer: { state: 'SUBSCRIBED' as string, error: undefined as Error | undefined },
  sent: [] as unknown[],
}))

vi.mock('@/data/realtime/realtime-client', () => {
  class FakeChannel {
    handlers: Handler[] = []
    status: (state: string, error?: Error) => void = () => {}
    constructor(readonly name: string, readonly opts: { config: Record<string, unknown> }) {}
    on(type: string, filter: Record<string, unknown>, cb: (m: unknown) => void) {
      this.handlers.push({ type, filter, cb })
      return this
    }
    subscribe(cb: (state: string, error?: Error) => void) {
      this.status = cb
      queueMicrotask(() => cb(fake.joinAnswer.state, fake.joinAnswer.error))
      return this
    }
    emit(type: string, message: Record<string, unknown>) {
      for (const h of this.handlers) if (h.type === type && (h.filter.event === '*' || h.filter.event === message.event || type === 'postgres_changes')) h.cb(message)
    }
    presenceState() {
      return {}
    }
    async send(message: { event: string; payload: unknown }) {
      fake.sent.push(message)
      this.emit('broadcast', { type: 'broadcast', ...message })
      return 'ok'
    }
  }
  class FakeClient {
    channels: FakeChannel[] = []
    disconnected = false
    constructor(readonly url: string, opts: { params: Record<string, string> }) {
      fake.clients.push(Object.assign(this, { params: opts.params }) as never)
    }
    channel(name: string, opts: { config: Record<string, unknown> }) {
      const made = new FakeChannel(name, opts)
      this.channels.push(made)
      return made
    }
    async removeChannel() {
      return 'ok'
    }
    disconnect() {
      this.disconnected = true
    }
    setAuth() {}
  }
  return { loadRealtimeClient: async () => ({ RealtimeClient: FakeClient }) }
})

const TOKEN = 'inspector-token-for-tests'
type FakeChan = { status: (state: string, error?: Error) => void; name: string; opts: { config: Record<string, unknown> }; emit: (type: string, m: Record<string, unknown>) => void; handlers: Handler[] }
const lastChannel = () => fake.clients.at(-1)!.channels.at(-1) as FakeChan

// The project's database, for the table list of "Database changes".
let pg: Awaited<ReturnType<typeof createPgMeta>>
beforeAll(async () => {
  pg = await createPgMeta(`create table public.todos (id bigint primary key, title text); create table public.notes (id bigint primary key);
    create schema billing; create table billing.invoices (id bigint primary key);
    create publication supabase_realtime for table public.todos, billing.invoices;`)
}, 60_000)
afterAll(async () => pg?.close())

function handlers({ role = 'Developer' as 'Developer' | 'Read-only' } = {}) {
  const tokens: unknown[] = []
  server.use(
    pg.handler,
    ...projectAndRole(role),
    http.get(`*/platform/projects/${REF}/realtime/stats`, () =>
      HttpResponse.json({ connections: 3, peak_connections: 7, messages: 12345, period_start: '2025-05-01T00:00:00.000Z', period_end: '2025-06-01T00:00:00.000Z' })
    ),
    http.post(`*/platform/projects/${REF}/realtime/inspector-token`, async ({ request }) => {
      tokens.push(await request.json())
      return HttpResponse.json({ token: TOKEN, expires_at: 0, expires_in: 300, role: 'anon', user: null, endpoint: `http://localhost/dashboard/api/project/${REF}` })
    }),
    http.get(`*/platform/auth/${REF}/users`, () => HttpResponse.json({ users: [projectUser(1), projectUser(2)], total: 2 }))
  )
  return { tokens }
}

beforeEach(() => {
  fake.clients.length = 0
  fake.sent.length = 0
  fake.joinAnswer = { state: 'SUBSCRIBED', error: undefined }
})

describe('Realtime → Inspector', { timeout: 20_000 }, () => {
  it('shows the connection and message counts', async () => {
    handlers()
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    const figures = screen.getByLabelText('Realtime figures')
    await waitFor(() => expect(figures).toHaveTextContent('Connections now3'))
    expect(figures).toHaveTextContent('Messages this billing period12,345')
    expect(screen.getByText('No messages')).toBeInTheDocument()
  })

  it('joins as anon with a minted token (no project key), sends a broadcast and lists it with its payload', async () => {
    const { tokens } = handlers()
    const user = userEvent.setup()
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    const channelName = await screen.findByRole('textbox', { name: 'Channel' })
    await user.clear(channelName)
    await user.type(channelName, 'lobby')
    await user.click(screen.getByRole('button', { name: 'Join channel' }))
    expect(await screen.findByText('Live')).toBeInTheDocument()
    expect(tokens).toEqual([{ role: 'anon' }])
    expect(fake.clients[0]).toMatchObject({ url: `ws://localhost/dashboard/api/project/${REF}/realtime/v1`, params: { apikey: TOKEN } })
    expect(lastChannel().name).toBe('lobby')
    expect(lastChannel().opts.config).toMatchObject({ private: false, broadcast: { self: true, ack: true } })

    const payload = screen.getByRole('textbox', { name: 'Payload (JSON)' })
    await user.clear(payload)
    await user.type(payload, '{{"n": 42}')
    await user.clear(screen.getByRole('textbox', { name: 'Event' }))
    await user.type(screen.getByRole('textbox', { name: 'Event' }), 'ping')
    await user.click(screen.getByRole('button', { name: 'Send broadcast' }))
    expect(fake.sent).toEqual([{ type: 'broadcast', event: 'ping', payload: { n: 42 } }])
    const list = screen.getByRole('list', { name: 'Messages' })
    const row = await within(list).findByRole('button', { name: /Broadcast\s*ping/ })
    await user.click(row)
    expect(within(list).getByLabelText('Payload of ping')).toHaveTextContent('"n": 42')

    await user.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('button', { name: 'Join channel' })).toBeInTheDocument()
    expect(fake.clients[0].disconnected).toBe(true)
  })

  it('joins again with a fresh token when the connection drops after the join, and only once per drop', async () => {
    const { tokens } = handlers()
    const user = userEvent.setup()
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Join channel' }))
    expect(await screen.findByText('Live')).toBeInTheDocument()
    const first = lastChannel()

    first.status('CHANNEL_ERROR', new Error('socket closed'))
    await waitFor(() => expect(fake.clients).toHaveLength(2))
    expect(tokens).toHaveLength(2)
    expect(fake.clients[0].disconnected).toBe(true)
    expect(await screen.findByText('Live')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByRole('button', { name: /reconnecting/ })).toBeInTheDocument()

    // The old channel's later errors are not this session's; a join that fails before it is joined is an error, not another try.
    first.status('CHANNEL_ERROR', new Error('late'))
    fake.joinAnswer = { state: 'CHANNEL_ERROR', error: new Error('invalid or expired access token') }
    lastChannel().status('CHANNEL_ERROR', new Error('socket closed again'))
    expect(await screen.findByText(/invalid or expired access token/)).toBeInTheDocument()
    expect(fake.clients).toHaveLength(3)
    expect(tokens).toHaveLength(3)
  })

  it('refuses a payload that is not a JSON object, sending nothing', async () => {
    handlers()
    const user = userEvent.setup()
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Join channel' }))
    const payload = await screen.findByRole('textbox', { name: 'Payload (JSON)' })
    await user.clear(payload)
    await user.type(payload, 'not json')
    await user.click(screen.getByRole('button', { name: 'Send broadcast' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Not valid JSON')
    expect(fake.sent).toEqual([])
  })

  it('joins as a chosen project user and lists a table change', async () => {
    const { tokens } = handlers()
    const user = userEvent.setup()
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'authenticated')
    await user.click(screen.getByRole('button', { name: 'Join channel' }))
    expect(await screen.findByText('Choose the user whose session to act as')).toBeInTheDocument()
    const users = screen.getByRole('combobox', { name: 'User' })
    await within(users).findByRole('option', { name: 'user2@example.com' })
    await user.selectOptions(users, 'user2@example.com')
    await user.click(screen.getByRole('switch', { name: /Database changes/ }))
    // The tables come from the schema's own list and say which ones stream changes.
    const tables = screen.getByRole('combobox', { name: 'Table' })
    await within(tables).findByRole('option', { name: 'todos' })
    expect(within(tables).getByRole('option', { name: 'notes (not in supabase_realtime)' })).toBeInTheDocument()
    await user.selectOptions(tables, 'notes')
    expect(screen.getByText(/Not in the supabase_realtime publication/)).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'billing')
    await within(tables).findByRole('option', { name: 'invoices' })
    expect(tables).toHaveValue('')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'public')
    await user.selectOptions(tables, await within(tables).findByRole('option', { name: 'todos' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'INSERT')
    await user.click(screen.getByRole('button', { name: 'Join channel' }))
    expect(await screen.findByText('Live')).toBeInTheDocument()
    expect(tokens).toEqual([{ role: 'authenticated', user_id: projectUser(2).id }])
    const binding = lastChannel().handlers.find((h) => h.type === 'postgres_changes')
    expect(binding?.filter).toEqual({ event: 'INSERT', schema: 'public', table: 'todos' })
    lastChannel().emit('postgres_changes', { eventType: 'INSERT', schema: 'public', table: 'todos', new: { id: 1, title: 'hello' } })
    expect(await screen.findByRole('button', { name: /Database\s*INSERT/ })).toBeInTheDocument()
  })

  it('shows why a join was refused and offers the form again', async () => {
    handlers()
    fake.joinAnswer = { state: 'CHANNEL_ERROR', error: new Error('private channel: the policies on realtime.messages do not let anon read it') }
    const user = userEvent.setup()
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    await user.click(await screen.findByRole('switch', { name: /Private channel/ }))
    await user.click(screen.getByRole('button', { name: 'Join channel' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('do not let anon read it')
    expect(lastChannel().opts.config).toMatchObject({ private: true })
    expect(screen.getByRole('switch', { name: /Private channel/ })).toHaveAttribute('aria-checked', 'true') // kept, to change and retry
    expect(screen.getByRole('button', { name: 'Join channel' })).toBeEnabled()
  })

  it('lets a Read-only member see the figures but not join', async () => {
    const { tokens } = handlers({ role: 'Read-only' })
    renderWithClient(<RealtimeInspectorScreen projectRef={REF} />)
    expect(await screen.findByText('Joining channels needs the Developer role')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Join channel' })).not.toBeInTheDocument()
    expect(tokens).toEqual([])
  })
})
