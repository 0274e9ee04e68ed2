import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { ColumnPrivilegesScreen } from '@/components/interfaces/Database/ColumnPrivilegesScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { featurePreviewStore } from '@/state/feature-previews'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

vi.mock('next/router', async () => await import('../App/feature-preview-router'))
const router = await import('../App/feature-preview-router')

const REF = 'abcdefghijklmnopqrst'
const KEY = FEATURE_PREVIEW_KEYS.columnLevelSecurity

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.orders (id int primary key, total numeric, note text);
    create role analyst; create role project_abcdefghijklmnopqrst;
    grant insert on public.orders to analyst;`)
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen(role = 'Developer') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <ColumnPrivilegesScreen projectRef={REF} />
    </TooltipProvider>
  )
}

beforeEach(() => {
  router.setRoute('/project/[ref]/database/column-privileges', { ref: REF })
  pg.setReadOnly(false)
  pg.sent.length = 0
})

describe('column privileges', () => {
  it('explains the preview and links to its modal while it is off', async () => {
    act(() => featurePreviewStore.getState().setEnabled(KEY, false))
    renderScreen()
    const link = await screen.findByRole('link', { name: 'Enable the Column-level privileges preview' })
    expect(link.getAttribute('href')).toContain(`?featurePreviewModal=${KEY}`)
    expect(pg.sent).toEqual([])
  }, 30_000)

  it('grants a column privilege, showing the SQL first, and the database has it', async () => {
    act(() => featurePreviewStore.getState().setEnabled(KEY, true))
    const user = userEvent.setup()
    renderScreen()
    const grid = await screen.findByRole('table', { name: /Column privileges of analyst on public.orders/ })
    // The platform's roles are not offered.
    expect(within(screen.getByLabelText('Role')).queryByText(/project_/)).toBeNull()

    // A table-level grant fixes the cell and says where it comes from.
    const insertId = within(grid).getByRole('checkbox', { name: 'INSERT on id' })
    expect(insertId).toBeChecked()
    expect(insertId).toBeDisabled()
    expect(within(grid).getAllByText('granted on table')).toHaveLength(3)

    await user.click(within(grid).getByRole('checkbox', { name: 'SELECT on note' }))
    await user.click(within(grid).getByRole('checkbox', { name: 'UPDATE on total' }))
    expect(screen.getByText('2 pending changes')).toBeInTheDocument()
    expect(screen.getByLabelText('SQL to run')).toHaveTextContent(
      'BEGIN; GRANT SELECT ("note") ON TABLE "public"."orders" TO "analyst"; GRANT UPDATE ("total") ON TABLE "public"."orders" TO "analyst"; COMMIT;'
    )
    await user.click(screen.getByRole('button', { name: 'Apply changes' }))
    await screen.findByText('No pending changes')
    const { rows } = await pg.db.query<{ s: boolean; u: boolean }>(
      `select has_column_privilege('analyst', 'public.orders', 'note', 'SELECT') as s, has_column_privilege('analyst', 'public.orders', 'total', 'UPDATE') as u`
    )
    expect(rows[0]).toEqual({ s: true, u: true })
    await waitFor(() => expect(within(grid).getByRole('checkbox', { name: 'SELECT on note' })).toBeChecked())

    // Revoking it again.
    await user.click(within(grid).getByRole('checkbox', { name: 'SELECT on note' }))
    expect(screen.getByLabelText('SQL to run')).toHaveTextContent('REVOKE SELECT ("note") ON TABLE "public"."orders" FROM "analyst";')
    await user.click(screen.getByRole('button', { name: 'Apply changes' }))
    await screen.findByText('No pending changes')
    expect((await pg.db.query<{ s: boolean }>(`select has_column_privilege('analyst', 'public.orders', 'note', 'SELECT') as s`)).rows[0].s).toBe(false)
  }, 30_000)

  it('shows a failed apply in place, with the Postgres error', async () => {
    act(() => featurePreviewStore.getState().setEnabled(KEY, true))
    const user = userEvent.setup()
    renderScreen()
    const grid = await screen.findByRole('table', { name: /analyst on public.orders/ })
    await user.click(within(grid).getByRole('checkbox', { name: 'SELECT on id' }))
    await pg.db.exec('drop role if exists gone; alter table public.orders rename column id to order_id')
    await user.click(screen.getByRole('button', { name: 'Apply changes' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The privileges were not changed')
    expect(alert).toHaveTextContent(/column "id" .*does not exist/)
    await pg.db.exec('alter table public.orders rename column order_id to id')
  }, 30_000)

  it('disables every write control for a Read-only member and says why', async () => {
    act(() => featurePreviewStore.getState().setEnabled(KEY, true))
    pg.setReadOnly(true)
    renderScreen('Read-only')
    const grid = await screen.findByRole('table', { name: /analyst on public.orders/ })
    await waitFor(() => expect(within(grid).getByRole('checkbox', { name: 'SELECT on note' })).toBeDisabled())
    expect(screen.getByRole('button', { name: 'Apply changes' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getAllByText(/Read-only members cannot change the database/).length).toBeGreaterThan(0)
  }, 30_000)
})
