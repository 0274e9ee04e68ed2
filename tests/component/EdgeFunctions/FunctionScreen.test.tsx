import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { FunctionScreen, parseFunctionTab } from '@/components/interfaces/EdgeFunctions/FunctionScreen'
import { server } from '@/tests/msw-server'
import { edgeFunction, FUNCTIONS, projectAndRole, REF, renderWithClient } from './functions-fixtures'

const router = vi.hoisted(() => ({ push: vi.fn(), asPath: '/', events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() } }))
vi.mock('next/router', () => ({ useRouter: () => router }))

const DETAIL = { ...edgeFunction({ name: 'Hello world', version: 2, latest_version: 2 }), files: [{ name: 'index.ts', content: 'x' }] }

describe('function page', { timeout: 20_000 }, () => {
  it('reads its tab from the URL', () => {
    expect(parseFunctionTab(undefined)).toBe('overview')
    expect(parseFunctionTab('logs')).toBe('logs')
    expect(parseFunctionTab('nope')).toBeNull()
  })

  it('shows the function with its tabs as links, the current one marked', async () => {
    server.use(...projectAndRole('Developer'), http.get(`${FUNCTIONS}/hello-world`, () => HttpResponse.json(DETAIL)))
    renderWithClient(<FunctionScreen projectRef={REF} slug="hello-world" tab="overview" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello world' })).toBeInTheDocument()
    const tabs = within(screen.getByRole('navigation', { name: 'Function' })).getAllByRole('link')
    expect(tabs.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Overview', `/project/${REF}/functions/hello-world`],
      ['Code', `/project/${REF}/functions/hello-world/code`],
      ['Test', `/project/${REF}/functions/hello-world/test`],
      ['Versions', `/project/${REF}/functions/hello-world/versions`],
      ['Logs', `/project/${REF}/functions/hello-world/logs`],
      ['Settings', `/project/${REF}/functions/hello-world/settings`],
    ])
    expect(tabs[0]).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText(DETAIL.url)).toBeInTheDocument()
  })

  it('says when the function does not exist, and when a tab does not', async () => {
    server.use(...projectAndRole('Developer'), http.get(`${FUNCTIONS}/gone`, () => HttpResponse.json({ message: 'Function gone not found' }, { status: 404 })))
    const { unmount } = renderWithClient(<FunctionScreen projectRef={REF} slug="gone" tab="code" />)
    expect(await screen.findByText('No function gone')).toBeInTheDocument()
    unmount()
    server.use(http.get(`${FUNCTIONS}/hello-world`, () => HttpResponse.json(DETAIL)))
    renderWithClient(<FunctionScreen projectRef={REF} slug="hello-world" tab={null} />)
    expect(await screen.findByText('No such tab')).toBeInTheDocument()
  })

  it('withholds the test panel from a Read-only member once the role is known', async () => {
    server.use(...projectAndRole('Read-only'), http.get(`${FUNCTIONS}/hello-world`, () => HttpResponse.json(DETAIL)))
    renderWithClient(<FunctionScreen projectRef={REF} slug="hello-world" tab="test" />)
    expect(await screen.findByText('Testing needs the Developer role')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument()
  })
})
