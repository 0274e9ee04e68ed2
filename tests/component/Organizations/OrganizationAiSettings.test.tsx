import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { OrganizationSettingsScreen } from '@/components/interfaces/Organization/OrganizationSettingsScreen'
import { parseConfig, toPublicConfig } from '@/lib/config'
import type { OptInKey } from '@/lib/catalogue/opt-in'
import { server } from '@/tests/msw-server'
import { organization, renderWithClient } from './fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ isReady: true, query: { slug: 'acme' }, push: vi.fn(), replace: vi.fn() }) }))

afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

const SCHEMA = 'Send my database schema to the model'
const ROWS = 'Send query results (row data) to the model'
const LOGS = 'Send log lines to the model'

/** The organizations list and a PATCH that stores what it gets (or answers `refuse`). */
function platform({ role = 'Owner', tags = [] as OptInKey[], refuse }: { role?: string; tags?: OptInKey[]; refuse?: string } = {}) {
  let current = organization({ role, opt_in_tags: tags })
  const bodies: Record<string, unknown>[] = []
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([current])),
    http.patch('*/platform/organizations/acme', async ({ request }) => {
      const body = (await request.json()) as { opt_in_tags: OptInKey[] }
      bodies.push(body)
      if (refuse) return HttpResponse.json({ message: refuse }, { status: 400 })
      current = organization({ role, opt_in_tags: body.opt_in_tags })
      return HttpResponse.json(current)
    })
  )
  return bodies
}

const section = async () => screen.findByRole('region', { name: 'AI assistant' })

describe('/org/{slug}/general: AI assistant', () => {
  it('shows the three opt-ins, and an Owner turns them on and off with the right tags', async () => {
    const bodies = platform({ tags: ['AI_LOG_GENERATOR_OPT_IN'] })
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const ai = await section()
    expect(within(ai).getByRole('switch', { name: SCHEMA })).toHaveAttribute('aria-checked', 'false')
    expect(within(ai).getByRole('switch', { name: ROWS })).toHaveAttribute('aria-checked', 'false')
    expect(within(ai).getByRole('switch', { name: LOGS })).toHaveAttribute('aria-checked', 'true')
    expect(within(ai).getByRole('switch', { name: SCHEMA })).toHaveAccessibleDescription(/names and columns of your tables/)

    await userEvent.click(within(ai).getByRole('switch', { name: SCHEMA }))
    expect(await screen.findByText('AI assistant settings saved')).toBeInTheDocument()
    expect(bodies).toEqual([{ opt_in_tags: ['AI_SQL_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN'] }])
    await waitFor(() => expect(within(ai).getByRole('switch', { name: SCHEMA })).toHaveAttribute('aria-checked', 'true'))
    await waitFor(() => expect(within(ai).getByRole('switch', { name: LOGS })).toBeEnabled())

    await userEvent.click(within(ai).getByRole('switch', { name: LOGS }))
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]).toEqual({ opt_in_tags: ['AI_SQL_GENERATOR_OPT_IN'] })
    await waitFor(() => expect(within(ai).getByRole('switch', { name: LOGS })).toHaveAttribute('aria-checked', 'false'))
  })

  it('lets an Admin change them and shows a refusal in place', async () => {
    const bodies = platform({ role: 'Admin', refuse: 'The organization may not change this now' })
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const ai = await section()
    await userEvent.click(within(ai).getByRole('switch', { name: ROWS }))
    expect(await within(ai).findByRole('alert')).toHaveTextContent('The organization may not change this now')
    expect(bodies).toEqual([{ opt_in_tags: ['AI_DATA_GENERATOR_OPT_IN'] }])
    expect(within(ai).getByRole('switch', { name: ROWS })).toHaveAttribute('aria-checked', 'false')
  })

  it('shows them disabled with a note to a Developer', async () => {
    const bodies = platform({ role: 'Developer', tags: ['AI_SQL_GENERATOR_OPT_IN'] })
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const ai = await section()
    for (const name of [SCHEMA, ROWS, LOGS]) expect(within(ai).getByRole('switch', { name })).toBeDisabled()
    expect(within(ai).getByRole('switch', { name: SCHEMA })).toHaveAttribute('aria-checked', 'true')
    expect(within(ai).getByText('Only an Owner or an Admin can change these settings.')).toBeInTheDocument()
    await userEvent.click(within(ai).getByRole('switch', { name: ROWS }))
    expect(bodies).toEqual([])
  })

  it('self-hosted, shows the AI_OPT_IN values read-only', async () => {
    window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), isPlatform: false }
    const bodies = platform({ tags: ['AI_SQL_GENERATOR_OPT_IN', 'AI_DATA_GENERATOR_OPT_IN', 'AI_LOG_GENERATOR_OPT_IN'] })
    renderWithClient(<OrganizationSettingsScreen slug="acme" />)
    const ai = await section()
    for (const name of [SCHEMA, ROWS, LOGS]) {
      expect(within(ai).getByRole('switch', { name })).toBeDisabled()
      expect(within(ai).getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true')
    }
    expect(within(ai).getByText(/come from the server’s AI_OPT_IN setting/)).toBeInTheDocument()
    expect(within(ai).queryByText(/Only an Owner or an Admin/)).not.toBeInTheDocument()
    await userEvent.click(within(ai).getByRole('switch', { name: LOGS }))
    expect(bodies).toEqual([])
  })
})
