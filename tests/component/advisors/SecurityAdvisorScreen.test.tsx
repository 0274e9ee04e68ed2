import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SecurityAdvisorScreen } from '@/components/interfaces/Advisors/SecurityAdvisorScreen'
import { findLint } from '@/lib/advisors/lints'
import { server } from '@/tests/msw-server'
import { renderWithClient, type MockRouter } from '../Organizations/fixtures'
import { fakeAdvisorApi, REF } from './fake-advisor-api'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))
// The first render loads every module of the screen: allow it more than the default second.
configure({ asyncUtilTimeout: 5000 })

beforeEach(() => {
  Object.assign(router, {
    isReady: true,
    query: { ref: REF },
    pathname: '/project/[ref]/advisors/security',
    asPath: `/project/${REF}/advisors/security`,
    push: vi.fn(() => Promise.resolve(true)),
    replace: vi.fn(() => Promise.resolve(true)),
  })
})

const FINDINGS = {
  rls_disabled_in_public: [
    { schema: 'public', name: 'orders' },
    { schema: 'public', name: 'profiles' },
  ],
  function_search_path_mutable: [{ schema: 'public', name: 'add_one', arguments: 'x integer', kind: 'function' }],
  rls_enabled_no_policy: [{ schema: 'public', name: 'audit' }],
}

function render(api: ReturnType<typeof fakeAdvisorApi>, rulesPreview = false, view: 'findings' | 'rules' = 'findings') {
  server.use(...api.handlers)
  return renderWithClient(<SecurityAdvisorScreen projectRef={REF} rulesPreview={rulesPreview} view={view} />)
}

describe('security advisor', () => {
  it('groups the findings by level with counts, filters by level and expands a finding', async () => {
    const user = userEvent.setup()
    render(fakeAdvisorApi({ findings: FINDINGS }))

    const errors = await screen.findByRole('region', { name: /Errors/ })
    expect(within(errors).getAllByRole('listitem')).toHaveLength(2)
    expect(within(errors).getByText('public.orders')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Warnings/ })).toHaveTextContent('public.add_one')
    expect(screen.getByRole('region', { name: /Suggestions/ })).toHaveTextContent('public.audit')
    expect(screen.getByRole('button', { name: 'All (4)' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Errors (2)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Warnings (1)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Suggestions (1)' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(/Last run/)

    await user.click(screen.getByRole('button', { name: 'Warnings (1)' }))
    expect(screen.queryByRole('region', { name: /Errors/ })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Warnings/ })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'All (4)' }))
    const orders = within(screen.getByRole('region', { name: /Errors/ })).getByText('public.orders').closest('details')!
    expect(orders.open).toBe(false)
    await user.click(within(orders).getByText(findLint('rls_disabled_in_public')!.title))
    expect(orders.open).toBe(true)
    expect(within(orders).getByText(/has row level security disabled/)).toBeVisible()
    expect(within(orders).getByLabelText('SQL fix for public.orders')).toHaveTextContent('alter table "public"."orders" enable row level security;')
    expect(within(orders).getByRole('button', { name: 'Copy SQL fix' })).toBeInTheDocument()
    expect(within(orders).getByRole('button', { name: 'Open in SQL editor' })).toBeInTheDocument()
    // No mechanical fix for a missing policy: no fix actions.
    const audit = screen.getByText('public.audit').closest('details')!
    expect(within(audit).queryByRole('button', { name: 'Copy SQL fix' })).not.toBeInTheDocument()
  }, 15_000)

  it('says "No issues found" when every check passes', async () => {
    render(fakeAdvisorApi())
    expect(await screen.findByText('No issues found')).toBeInTheDocument()
    expect(screen.getByText(/All 9 checks passed/)).toBeInTheDocument()
  })

  it('shows an error with Retry when no check can run, and lists the ones that failed otherwise', async () => {
    const user = userEvent.setup()
    server.use(http.post('*/platform/pg-meta/:ref/query', () => HttpResponse.json({ message: 'Could not reach the database' }, { status: 503 })))
    const api = fakeAdvisorApi()
    server.use(...api.handlers.filter((_, i) => i !== 2))
    renderWithClient(<SecurityAdvisorScreen projectRef={REF} rulesPreview={false} view="findings" />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The checks could not run')
    expect(alert).toHaveTextContent('Could not reach the database')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument()

    server.resetHandlers()
    const partial = fakeAdvisorApi({ findings: FINDINGS, failing: ['security_definer_view'] })
    server.use(...partial.handlers)
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('1 of 9 checks could not run')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(`${findLint('security_definer_view')!.title}: relation "x" does not exist`)
    expect(screen.getByRole('region', { name: /Errors/ })).toBeInTheDocument()
  })

  it('applies a fix after confirmation and runs the checks again', async () => {
    const user = userEvent.setup()
    const api = fakeAdvisorApi({
      findings: { rls_disabled_in_public: [{ schema: 'public', name: 'orders' }] },
      other: [['enable row level security', { rows: [] }]],
    })
    render(api)
    await user.click(await screen.findByText('public.orders'))
    await user.click(screen.getByRole('button', { name: 'Apply fix' }))
    const dialog = screen.getByRole('dialog', { name: 'Apply the fix?' })
    expect(dialog).toHaveTextContent('alter table "public"."orders" enable row level security;')
    api.findings.rls_disabled_in_public = []
    await user.click(within(dialog).getByRole('button', { name: 'Run fix' }))
    expect(await screen.findByText('No issues found')).toBeInTheDocument()
    expect(api.queries).toContain('alter table "public"."orders" enable row level security;')
  })

  it('does not offer to apply fixes to Read-only members', async () => {
    const user = userEvent.setup()
    render(fakeAdvisorApi({ findings: { rls_disabled_in_public: [{ schema: 'public', name: 'orders' }] }, role: 'Read-only' }))
    await user.click(await screen.findByText('public.orders'))
    expect(screen.getByRole('button', { name: 'Copy SQL fix' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Apply fix' })).not.toBeInTheDocument()
  })
})

describe('advisor rules (preview on)', () => {
  it('hides the findings of disabled rules with a note linking to the rules', async () => {
    render(fakeAdvisorApi({ findings: FINDINGS, disabled: { rls_enabled_no_policy: 'Owner-only audit table' } }), true)
    expect(await screen.findByText(/1 rule disabled/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Review rules' })).toHaveAttribute('href', `/project/${REF}/advisors/rules/security?view=rules`)
    await waitFor(() => expect(screen.queryByRole('region', { name: /Suggestions/ })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'All (3)' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Findings' })).toHaveAttribute('aria-current', 'page')
  })

  it('lists every rule; an Admin disables one with a reason and enables it again', async () => {
    const user = userEvent.setup()
    const api = fakeAdvisorApi({ role: 'Admin' })
    render(api, true, 'rules')
    const toggle = await screen.findByRole('switch', { name: `Rule: ${findLint('no_primary_key')!.title}` })
    expect(screen.getAllByRole('switch')).toHaveLength(12)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('link', { name: 'Rules' })).toHaveAttribute('aria-current', 'page')

    await user.click(toggle)
    const dialog = screen.getByRole('dialog', { name: /Disable “Table without a primary key”/ })
    const reason = within(dialog).getByLabelText('Reason (optional)')
    await user.click(reason)
    await user.paste('x'.repeat(501))
    expect(within(dialog).getByText(/at most 500 characters \(501 now\)/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Disable rule' })).toBeDisabled()
    await user.clear(reason)
    await user.type(reason, 'Log tables have no key')
    await user.click(within(dialog).getByRole('button', { name: 'Disable rule' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.ruleUpdates).toEqual([{ name: 'no_primary_key', disabled: true, reason: 'Log tables have no key' }])
    expect(await screen.findByText('Reason: Log tables have no key')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: `Rule: ${findLint('no_primary_key')!.title}` })).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByText(/1 rule disabled\./)).toBeInTheDocument()

    await user.click(screen.getByRole('switch', { name: `Rule: ${findLint('no_primary_key')!.title}` }))
    await waitFor(() => expect(api.ruleUpdates).toHaveLength(2))
    expect(api.ruleUpdates[1]).toEqual({ name: 'no_primary_key', disabled: false })
    await waitFor(() => expect(screen.getByRole('switch', { name: `Rule: ${findLint('no_primary_key')!.title}` })).toHaveAttribute('aria-checked', 'true'))
  }, 15_000)

  it('lets Developers see the rules but not change them', async () => {
    render(fakeAdvisorApi({ role: 'Developer', disabled: { duplicate_index: null } }), true, 'rules')
    expect(await screen.findByText('Only Owners and Admins can change the rules')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('Your role in this organization is Developer.')).toBeInTheDocument())
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeDisabled()
    expect(screen.getByText('No reason given.')).toBeInTheDocument()
  })
})
