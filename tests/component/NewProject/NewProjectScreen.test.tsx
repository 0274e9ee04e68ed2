import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { NewProjectScreen } from '@/components/interfaces/NewProject/NewProjectScreen'
import { generateStrongPassword, planFromQuery } from '@/components/interfaces/NewProject/NewProject.utils'
import { projectKeys } from '@/data/projects/keys'
import type { Project } from '@/data/projects/projects-query'
import { server } from '@/tests/msw-server'
import { organization, project, renderWithClient, type MockRouter } from '../Organizations/fixtures'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))

const STRONG = 'correct-horse-battery-staple-42'

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: { slug: 'acme' },
    pathname: '/new/[slug]',
    asPath: '/new/acme',
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
  })
})

/** The platform: organizations, the free limit check and a password scorer (score 4 for long passwords). */
function platform({ plan = 'free' as 'free' | 'pro', overLimit = false } = {}) {
  server.use(
    http.get('*/platform/organizations', () =>
      HttpResponse.json([organization({ plan: { id: plan, name: plan === 'free' ? 'Free' : 'Pro' } })])
    ),
    http.get('*/platform/organizations/acme/free-project-limit-check', () =>
      HttpResponse.json({
        members_exceeding_free_project_limit: overLimit
          ? [{ username: 'me', primary_email: 'me@acme.test', free_project_limit: 2 }]
          : [],
      })
    ),
    http.post('*/platform/profile/password-check', async ({ request }) => {
      const { password } = (await request.json()) as { password: string }
      const strong = password.length >= 16
      return HttpResponse.json({
        result: {
          score: strong ? 4 : 1,
          feedback: { suggestions: strong ? [] : ['Add another word or two.'], warning: strong ? '' : 'This is a very common password.' },
        },
      })
    })
  )
}

describe('/new/{slug}', () => {
  it('preselects the default region and the free compute size, with every size’s specs', async () => {
    platform()
    renderWithClient(<NewProjectScreen slug="acme" />)
    expect(await screen.findByRole('heading', { name: 'Create a new project' })).toBeInTheDocument()
    const region = screen.getByLabelText('Region')
    expect(region).toHaveValue('ap-southeast-1')
    expect(within(region).getByRole('option', { selected: true })).toHaveTextContent('Southeast Asia (Singapore)')
    expect(within(region).getAllByRole('option')).toHaveLength(16)

    const sizes = screen.getByRole('group', { name: 'Compute size' })
    const nano = within(sizes).getByRole('radio', { name: /Nano/ })
    expect(nano).toBeChecked()
    expect(nano).toHaveAccessibleDescription(/0.5 GB memory.*Shared CPU.*30 direct \/ 200 pooler connections.*Disk IO 43 MB\/s baseline, up to 2,085 MB\/s/)
    const micro = within(sizes).getByRole('radio', { name: /Micro/ })
    expect(micro).toBeDisabled()
    expect(micro).toHaveAccessibleDescription(/1 GB memory.*2-core ARM \(shared\).*60 direct \/ 200 pooler connections.*Needs a paid plan/)
  })

  it('takes the plan from the query and says what it means for a free organization', async () => {
    platform()
    router.query = { slug: 'acme', plan: 'pro' }
    renderWithClient(<NewProjectScreen slug="acme" />)
    const plans = await screen.findByRole('group', { name: 'Plan' })
    expect(within(plans).getByRole('radio', { name: 'Pro' })).toBeChecked()
    expect(plans).toHaveTextContent('This organization is on the Free plan. To run projects on the Pro plan ($25 / month)')
    expect(within(plans).getByRole('link', { name: "change the organization's plan" })).toHaveAttribute('href', '/org/acme/billing')
  })

  it('preselects Micro on a paid organization and ignores an unknown plan parameter', async () => {
    platform({ plan: 'pro' })
    router.query = { slug: 'acme', plan: 'enterprise' }
    renderWithClient(<NewProjectScreen slug="acme" />)
    const sizes = await screen.findByRole('group', { name: 'Compute size' })
    expect(within(sizes).getByRole('radio', { name: /Micro/ })).toBeChecked()
    expect(within(sizes).getByRole('radio', { name: /16XL/ })).toBeEnabled()
    expect(within(screen.getByRole('group', { name: 'Plan' })).getByRole('radio', { name: 'Pro' })).toBeChecked()
  })

  it('shows the password strength from the server and generates a strong password', async () => {
    platform()
    renderWithClient(<NewProjectScreen slug="acme" />)
    const password = await screen.findByLabelText('Database password')
    await userEvent.type(password, 'hunter2')
    expect(await screen.findByText('This password is not secure enough. Add another word or two.')).toBeInTheDocument()
    expect(screen.getByText('This is a very common password. You need a stronger password.')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Generate a password' }))
    expect((password as HTMLInputElement).value).toHaveLength(24)
    expect(password).toHaveAttribute('type', 'text')
    expect(await screen.findByText('This password is strong.')).toBeInTheDocument()
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4')
  })

  it('toasts a failed strength check (spec §8)', async () => {
    platform()
    server.use(http.post('*/platform/profile/password-check', () => HttpResponse.json({ message: 'scorer offline' }, { status: 503 })))
    renderWithClient(<NewProjectScreen slug="acme" />)
    await userEvent.type(await screen.findByLabelText('Database password'), 'abc')
    expect(await screen.findByText('Failed to check password strength: scorer offline')).toBeInTheDocument()
  })

  it('creates the project, adds it to the list and opens its page', async () => {
    platform()
    const bodies: unknown[] = []
    const created = project({ ref: 'newrefnewrefnewrefne', name: 'Inventory', status: 'COMING_UP' })
    server.use(
      http.post('*/platform/projects', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ ...created, connectionString: null }, { status: 201 })
      }),
      http.get('*/platform/projects', () => HttpResponse.json([created]))
    )
    const { queryClient } = renderWithClient(<NewProjectScreen slug="acme" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Create new project' }))
    expect(screen.getByText('Please enter a project name.')).toBeInTheDocument()
    expect(screen.getByText('Please enter a database password.')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await userEvent.type(screen.getByLabelText('Project name'), 'Inventory')
    await userEvent.selectOptions(screen.getByLabelText('Region'), 'eu-central-1')
    await userEvent.type(screen.getByLabelText('Database password'), STRONG)
    await screen.findByText('This password is strong.')
    await userEvent.click(screen.getByRole('button', { name: 'Create new project' }))

    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/project/newrefnewrefnewrefne'))
    expect(bodies).toEqual([
      {
        name: 'Inventory',
        organization_slug: 'acme',
        region: 'eu-central-1',
        db_pass: STRONG,
        cloud_provider: 'AWS',
        compute_size: 'nano',
        plan: 'free',
      },
    ])
    expect(queryClient.getQueryData<Project[]>(projectKeys.list())?.map((p) => p.ref)).toContain('newrefnewrefnewrefne')
  })

  it('never loses a submit made right after "Generate a password": it waits for the strength check, then creates', async () => {
    platform()
    const bodies: { db_pass: string }[] = []
    let answerCheck: () => void = () => {}
    const checked = new Promise<void>((resolve) => (answerCheck = resolve))
    const created = project({ ref: 'newrefnewrefnewrefne', name: 'Inventory', status: 'COMING_UP' })
    server.use(
      // The scorer answers only when the test says: the click lands while the check is on its way.
      http.post('*/platform/profile/password-check', async () => {
        await checked
        return HttpResponse.json({ result: { score: 4, feedback: { suggestions: [], warning: '' } } })
      }),
      http.post('*/platform/projects', async ({ request }) => {
        bodies.push((await request.json()) as { db_pass: string })
        return HttpResponse.json({ ...created, connectionString: null }, { status: 201 })
      }),
      http.get('*/platform/projects', () => HttpResponse.json([created]))
    )
    renderWithClient(<NewProjectScreen slug="acme" />)
    await userEvent.type(await screen.findByLabelText('Project name'), 'Inventory')
    await userEvent.click(screen.getByRole('button', { name: 'Generate a password' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create new project' }))
    // The click says what it is waiting for, and no error is shown.
    expect(await screen.findByRole('button', { name: 'Checking the password…' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByText('Please choose a stronger database password.')).not.toBeInTheDocument()
    expect(bodies).toEqual([])
    answerCheck()
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/project/newrefnewrefnewrefne'))
    expect(bodies).toHaveLength(1)
    expect(bodies[0].db_pass).toBe((screen.getByLabelText('Database password') as HTMLInputElement).value)
  })

  it('refuses a weak password before asking the platform', async () => {
    platform()
    renderWithClient(<NewProjectScreen slug="acme" />)
    await userEvent.type(await screen.findByLabelText('Project name'), 'Inventory')
    await userEvent.type(screen.getByLabelText('Database password'), 'hunter2')
    await screen.findByText(/not secure enough/)
    await userEvent.click(screen.getByRole('button', { name: 'Create new project' }))
    expect(await screen.findByText('Please choose a stronger database password.')).toBeInTheDocument()
    expect(router.push).not.toHaveBeenCalled()
  })

  it('shows the platform’s 4xx message in place', async () => {
    platform()
    server.use(
      http.post('*/platform/projects', () =>
        HttpResponse.json({ message: 'region: "eu-central-1" is not a region of AWS' }, { status: 400 })
      )
    )
    renderWithClient(<NewProjectScreen slug="acme" />)
    await userEvent.type(await screen.findByLabelText('Project name'), 'Inventory')
    await userEvent.type(screen.getByLabelText('Database password'), STRONG)
    await screen.findByText('This password is strong.')
    await userEvent.click(screen.getByRole('button', { name: 'Create new project' }))
    expect(await screen.findByText('region: "eu-central-1" is not a region of AWS')).toHaveAttribute('role', 'alert')
    expect(router.push).not.toHaveBeenCalled()
  })

  it('warns about the free project limit before submitting', async () => {
    platform({ overLimit: true })
    renderWithClient(<NewProjectScreen slug="acme" />)
    const warning = await screen.findByText('The free project limit is reached')
    expect(warning.closest('[role="alert"]')).toHaveTextContent(
      'The free plan allows 2 active projects per owner or admin, and me@acme.test already runs 2.'
    )
    expect(screen.getByRole('button', { name: 'Create new project' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/org/acme/billing')
  })

  it('says when the organization is unknown (no route guard here)', async () => {
    platform()
    renderWithClient(<NewProjectScreen slug="nope" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The organization nope was not found')
  })

  it('shows a load failure with a retry', async () => {
    let calls = 0
    server.use(
      http.get('*/platform/organizations', () => {
        calls++
        return calls === 1 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json([organization({ plan: { id: 'pro', name: 'Pro' } })])
      })
    )
    renderWithClient(<NewProjectScreen slug="acme" />)
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Create a new project' })).toBeInTheDocument()
  })
})

describe('new project helpers', () => {
  it('generates passwords of the asked length from an unbiased alphabet', () => {
    const password = generateStrongPassword(24)
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/)
    expect(generateStrongPassword(24)).not.toBe(password)
    // Bytes past the largest multiple of the alphabet size are skipped.
    let call = 0
    const fake = (array: Uint8Array) => {
      array.fill(call++ === 0 ? 255 : 0)
      return array
    }
    expect(generateStrongPassword(4, fake)).toBe('AAAA')
  })

  it('reads the plan query parameter (free, pro or team only)', () => {
    expect(planFromQuery('team')).toBe('team')
    expect(planFromQuery('PRO')).toBe('pro')
    expect(planFromQuery('enterprise')).toBeNull()
    expect(planFromQuery(['pro'])).toBeNull()
    expect(planFromQuery(undefined)).toBeNull()
  })
})
