import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { ProjectHomeScreen } from '@/components/interfaces/ProjectHome/ProjectHomeScreen'
import { parseExampleProjects } from '@/components/interfaces/ProjectHome/ProjectHome.utils'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { apiHandlers } from '../ProjectApi/fixtures'

const REF = 'abcdefghijklmnopqrst'

function platform({ role = 'Owner', detail = projectDetail() } = {}) {
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(detail))
  )
}

// Every project home asks for the project's URL and keys (the "Connect your app" card).
beforeEach(() => {
  apiHandlers(':ref')
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
  vi.useRealTimers()
})

describe('/project/{ref}', () => {
  it('on PGlite: the loopback string, its password (chosen at creation) and where it is set, and what the port cannot do', async () => {
    const shown = 'postgresql://project_shop:[YOUR-PASSWORD]@127.0.0.1:54400/postgres'
    platform({ detail: projectDetail({ connectionString: shown, db_engine: 'pglite' }) })
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    expect(await screen.findByTestId('connection-string')).toHaveTextContent(shown)
    expect(screen.getByRole('link', { name: 'Project settings → General' })).toHaveAttribute('href', `/project/${REF}/settings/general`)
    const note = screen.getByTestId('pglite-connection-note')
    expect(note).toHaveTextContent(/127\.0\.0\.1, no TLS/)
    expect(note).toHaveTextContent(/one statement or transaction runs at a time/)
    expect(screen.getByText(/chosen when creating the project, unless reset since/)).toBeInTheDocument()
  })

  it('shows the project with status, facts, connection string, client libraries', async () => {
    platform()
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading project')

    expect(await screen.findByRole('heading', { name: 'Shop', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Healthy')).toBeInTheDocument()
    expect(screen.getByText('Southeast Asia (Singapore)')).toBeInTheDocument()
    expect(screen.getByText('AWS')).toBeInTheDocument()
    expect(screen.getByText('17.4')).toBeInTheDocument()
    expect(screen.getByTestId('connection-string')).toHaveTextContent('postgresql://project_shop:[YOUR-PASSWORD]@db.test:5432/project_shop')
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()

    const libraries = screen.getByRole('region', { name: 'Client libraries' })
    const items = within(libraries).getAllByRole('listitem')
    expect(items.map((i) => i.textContent?.split(/Official|Community/)[0])).toEqual(['JavaScript', 'Flutter', 'Python', 'C#', 'Swift', 'Kotlin'])
    expect(items[0]).toHaveTextContent('Official')
    expect(items[2]).toHaveTextContent('Community')
    expect(items[2]).toHaveTextContent('Alpha')
    expect(within(items[0]).getByRole('link', { name: 'Docs for JavaScript (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://supabase.com/docs/reference/javascript'
    )
    expect(within(items[0]).getByRole('link', { name: /Source of the JavaScript library/ })).toHaveAttribute(
      'href',
      'https://github.com/supabase/supabase-js'
    )
    // spec §3: custom content is null by default, so no example projects.
    expect(screen.queryByRole('region', { name: 'Example projects' })).not.toBeInTheDocument()
  })

  it('copies the connection string', async () => {
    platform()
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith('postgresql://project_shop:[YOUR-PASSWORD]@db.test:5432/project_shop')
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('polls every 5 s while coming up and shows progress until ACTIVE_HEALTHY', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const answers = [
      projectDetail({ status: 'COMING_UP', connectionString: null }),
      projectDetail({ status: 'COMING_UP', connectionString: null }),
      projectDetail(),
    ]
    let calls = 0
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([organization()])),
      http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(answers[Math.min(calls++, answers.length - 1)]))
    )
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    expect(await screen.findByText('Setting up')).toBeInTheDocument()
    expect(screen.getByText(/Setting up your project/)).toBeInTheDocument()
    expect(screen.getByText('The connection string appears here once the database is ready.')).toBeInTheDocument()
    expect(calls).toBe(1)

    await act(() => vi.advanceTimersByTimeAsync(4_900))
    expect(calls).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(200))
    await waitFor(() => expect(calls).toBe(2))
    expect(screen.getByText('Setting up')).toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(await screen.findByText('Healthy')).toBeInTheDocument()
    expect(calls).toBe(3)
    expect(screen.queryByText(/Setting up your project/)).not.toBeInTheDocument()
    expect(screen.getByTestId('connection-string')).toBeInTheDocument()

    // Ready: polling stops.
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(calls).toBe(3)
  })

  it('pauses a project after confirmation', async () => {
    let current = projectDetail()
    const posted: string[] = []
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([organization()])),
      http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(current)),
      http.post(`*/platform/projects/${REF}/:action`, ({ params }) => {
        posted.push(params.action as string)
        current = projectDetail({ status: 'PAUSING', connectionString: null })
        return HttpResponse.json(current)
      })
    )
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Pause project' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause Shop?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause project' }))
    await waitFor(() => expect(posted).toEqual(['pause']))
    expect(await screen.findByText('Pausing your project.')).toBeInTheDocument()
    expect(screen.getByText('Pausing')).toBeInTheDocument()
  })

  it('offers Restore for a paused project', async () => {
    let current = projectDetail({ status: 'INACTIVE', connectionString: null })
    const posted: string[] = []
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([organization()])),
      http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(current)),
      http.post(`*/platform/projects/${REF}/restore`, () => {
        posted.push('restore')
        current = projectDetail({ status: 'RESTORING', connectionString: null })
        return HttpResponse.json(current)
      })
    )
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    expect(await screen.findByText('This project is paused')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause project' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Restore project' }))
    expect(await screen.findByText('Restoring your project.')).toBeInTheDocument()
    expect(posted).toEqual(['restore'])
  })

  it('shows a refused action as a toast', async () => {
    platform()
    server.use(
      http.post(`*/platform/projects/${REF}/restart`, () =>
        HttpResponse.json({ message: `Project ${REF} is RESTARTING: it can be restarted only when ACTIVE_HEALTHY, ACTIVE_UNHEALTHY` }, { status: 409 })
      )
    )
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Restart project' }))
    expect(await screen.findByText(/Failed to restart project: Project .* is RESTARTING/)).toBeInTheDocument()
  })

  it('hides the lifecycle actions from a Developer', async () => {
    platform({ role: 'Developer' })
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    expect(await screen.findByRole('heading', { name: 'Shop', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: /project$/ })).not.toBeInTheDocument())
  })

  it('explains a failed setup', async () => {
    platform({ detail: projectDetail({ status: 'INIT_FAILED', connectionString: null, init_error: 'disk full' }) })
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The project could not be set up')
    expect(alert).toHaveTextContent('disk full')
    expect(screen.getByText('Setup failed')).toBeInTheDocument()
  })

  it('shows a load failure with a retry', async () => {
    let calls = 0
    server.use(
      http.get('*/platform/organizations', () => HttpResponse.json([organization()])),
      http.get(`*/platform/projects/${REF}`, () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'gateway' }, { status: 502 }) : HttpResponse.json(projectDetail())
      })
    )
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the project')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Shop', level: 1 })).toBeInTheDocument()
  })

  it('renders the example projects of the custom content', async () => {
    window.__DASHBOARD_CONFIG__ = toPublicConfig(
      parseConfig({
        CUSTOM_CONTENT_PROJECT_HOMEPAGE_EXAMPLE_PROJECTS: JSON.stringify([
          { title: 'Todo list', description: 'Build a todo list with auth', url: 'https://example.com/todo' },
          { title: 'Bad', description: 'no url', url: 'javascript:alert(1)' },
        ]),
      })
    )
    platform()
    renderWithClient(<ProjectHomeScreen projectRef={REF} />)
    const examples = await screen.findByRole('region', { name: 'Example projects' })
    const links = within(examples).getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]).toHaveAttribute('href', 'https://example.com/todo')
    expect(links[0]).toHaveTextContent('Todo list')
    expect(links[0]).toHaveTextContent('Build a todo list with auth')
  })
})

describe('/project/default (self-hosted)', () => {
  it('renders the default project, restart only, without asking for organizations', async () => {
    window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig({ IS_PLATFORM: 'false' }))
    server.use(
      http.get('*/platform/projects/default', () =>
        HttpResponse.json(projectDetail({ ref: 'default', name: 'Default Project', connectionString: 'pglite://.data/projects/default' }))
      )
    )
    renderWithClient(<ProjectHomeScreen projectRef="default" />)
    expect(await screen.findByRole('heading', { name: 'Default Project', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Healthy')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Restart project' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause project' })).not.toBeInTheDocument()
  })
})

describe('example projects content', () => {
  it('is shown only for an array of {title, description, url}', () => {
    expect(parseExampleProjects(null)).toBeNull()
    expect(parseExampleProjects({ title: 'x' })).toBeNull()
    expect(parseExampleProjects([])).toBeNull()
    expect(parseExampleProjects([{ title: 'A', url: 'https://a.test' }])).toEqual([{ title: 'A', description: '', url: 'https://a.test' }])
  })
})
