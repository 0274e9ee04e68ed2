import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { FunctionsListScreen } from '@/components/interfaces/EdgeFunctions/FunctionsListScreen'
import { FUNCTION_TEMPLATES } from '@/lib/catalogue/function-templates'
import { server } from '@/tests/msw-server'
import { edgeFunction, FUNCTIONS, projectAndRole, REF, renderWithClient } from './functions-fixtures'

const router = vi.hoisted(() => ({ push: vi.fn(async () => true), asPath: '/', events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() } }))
vi.mock('next/router', () => ({ useRouter: () => router }))

const HELLO = edgeFunction({ invocations_24h: 40, errors_24h: 4, version: 2, latest_version: 3 })
const QUIET = edgeFunction({ id: '22222222-2222-4222-8222-222222222222', slug: 'webhook', name: 'Webhook', updated_at: new Date(Date.now() - 3 * 3600_000).toISOString() })

beforeEach(() => router.push.mockClear())

describe('functions list', { timeout: 20_000 }, () => {
  it('shows a loading state, then each function with its version, last deploy, traffic and error rate', async () => {
    server.use(
      ...projectAndRole('Developer'),
      http.get(FUNCTIONS, async () => {
        await delay(50)
        return HttpResponse.json([HELLO, QUIET])
      })
    )
    renderWithClient(<FunctionsListScreen projectRef={REF} />)
    expect(screen.getByRole('status', { name: 'Loading functions' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Functions' })
    const [, hello, quiet] = within(table).getAllByRole('row')
    expect(within(hello).getByRole('link', { name: 'hello-world' })).toHaveAttribute('href', `/project/${REF}/functions/hello-world`)
    expect(within(hello).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Active', 'v2 of 3', '5 minutes ago', '40', '10%', 'Copy URL'])
    expect(within(quiet).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Active', 'v1', '3 hours ago', '0', '—', 'Copy URL'])
    expect(screen.getByRole('link', { name: 'Secrets' })).toHaveAttribute('href', `/project/${REF}/functions/secrets`)
  })

  it('shows the error with a retry that loads again', async () => {
    let calls = 0
    server.use(
      ...projectAndRole('Developer'),
      http.get(FUNCTIONS, () => (++calls === 1 ? HttpResponse.json({ message: 'The functions store is down' }, { status: 500 }) : HttpResponse.json([QUIET])))
    )
    renderWithClient(<FunctionsListScreen projectRef={REF} />)
    expect(await screen.findByText('The functions store is down')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Webhook' })).toBeInTheDocument()
  })

  it('offers "Create a function" in the empty state to a Developer, not to a Read-only member', async () => {
    server.use(...projectAndRole('Developer'), http.get(FUNCTIONS, () => HttpResponse.json([])))
    const { unmount } = renderWithClient(<FunctionsListScreen projectRef={REF} />)
    expect(await screen.findByText('No functions yet')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Create a function' })).toBeInTheDocument()
    unmount()

    server.use(...projectAndRole('Read-only'))
    renderWithClient(<FunctionsListScreen projectRef={REF} />)
    expect(await screen.findByText('Ask a Developer, Admin or Owner to create one.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create a function' })).not.toBeInTheDocument()
  })

  it('validates the slug before creating, then deploys the chosen template and opens the function', async () => {
    const posted: unknown[] = []
    server.use(
      ...projectAndRole('Developer'),
      http.get(FUNCTIONS, () => HttpResponse.json([QUIET])),
      http.post(FUNCTIONS, async ({ request }) => {
        posted.push(await request.json())
        return HttpResponse.json({ ...edgeFunction({ slug: 'receiver', name: 'receiver' }), build_output: 'Bundled index.ts' }, { status: 201 })
      })
    )
    const user = userEvent.setup()
    renderWithClient(<FunctionsListScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Create a function' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a function' })
    await user.click(within(dialog).getByRole('radio', { name: /Webhook receiver/ }))
    const slug = within(dialog).getByLabelText('Slug')
    // Picking a template proposes its slug: here one that is taken.
    expect(slug).toHaveValue('webhook')
    await user.click(within(dialog).getByRole('button', { name: 'Create and deploy' }))
    expect(within(dialog).getByText('A function webhook already exists')).toBeInTheDocument()

    for (const [typed, problem] of [
      ['1st', 'Start with a letter; use only letters, digits, - and _'],
      ['has space', 'Start with a letter; use only letters, digits, - and _'],
      ['secrets', '"secrets" is reserved by the dashboard'],
      ['a'.repeat(65), 'A slug is at most 64 characters'],
    ]) {
      await user.clear(slug)
      await user.type(slug, typed)
      expect(within(dialog).getByText(problem)).toBeInTheDocument()
    }
    await user.clear(slug)
    expect(within(dialog).getByText('Enter a slug')).toBeInTheDocument()
    expect(posted).toEqual([])

    await user.type(slug, 'receiver')
    await user.click(within(dialog).getByRole('button', { name: 'Create and deploy' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/project/${REF}/functions/receiver/code`))
    const webhook = FUNCTION_TEMPLATES.find((t) => t.id === 'webhook')!
    expect(posted).toEqual([{ slug: 'receiver', name: 'receiver', body: webhook.code, verify_jwt: true }])
  })

  it('keeps the dialog open with the platform\'s message when the deploy fails', async () => {
    server.use(
      ...projectAndRole('Developer'),
      http.get(FUNCTIONS, () => HttpResponse.json([])),
      http.post(FUNCTIONS, () => HttpResponse.json({ message: 'The code does not bundle', build_output: 'error: x' }, { status: 400 }))
    )
    const user = userEvent.setup()
    renderWithClient(<FunctionsListScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Create a function' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a function' })
    await user.click(within(dialog).getByRole('button', { name: 'Create and deploy' }))
    expect(await within(dialog).findByText('The code does not bundle')).toBeInTheDocument()
    expect(router.push).not.toHaveBeenCalled()
  })
})
