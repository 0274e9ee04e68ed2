import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { RolesScreen } from '@/components/interfaces/Database/RolesScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create role anon nologin; create role project_${REF} nologin; create role readers nologin;`)
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen(role: 'Developer' | 'Read-only') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <RolesScreen projectRef={REF} />
    </TooltipProvider>
  )
}

describe('roles', () => {
  it("shows the platform's roles protected and creates a login role through its previewed SQL, the password masked", async () => {
    const user = userEvent.setup()
    renderScreen('Developer')
    const table = await screen.findByRole('table', { name: 'Roles' }, { timeout: 10_000 })
    expect(within(table).getByRole('row', { name: /^anon/ })).toHaveTextContent('The project API runs requests as this role')
    expect(within(table).getByRole('row', { name: new RegExp(`^project_${REF}`) })).toHaveTextContent("The platform's own role")
    expect(within(within(table).getByRole('row', { name: /^anon/ })).queryAllByRole('button')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Create role' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a role' }, { timeout: 10_000 })
    await user.type(within(dialog).getByLabelText('Name'), 'app_login')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Can log in' }))
    await user.type(within(dialog).getByLabelText('Password'), 'hunter2-secret')
    await user.click(within(dialog).getByRole('checkbox', { name: 'readers' }))
    const preview = within(dialog).getByLabelText('SQL to run')
    expect(preview).toHaveTextContent(`PASSWORD '********'`)
    expect(preview).not.toHaveTextContent('hunter2-secret')
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 15_000 }).catch(() => {
      throw new Error(`dialog still open: ${dialog.textContent} / sent: ${JSON.stringify(pg.sent.slice(-2))}`)
    })
    expect(await within(table).findByRole('row', { name: /^app_login/ }, { timeout: 10_000 })).toHaveTextContent('readers')
    const script = pg.scripts().at(-1)!
    expect(script).toContain(`CREATE ROLE "app_login" WITH LOGIN`)
    expect(script).toContain(`PASSWORD 'hunter2-secret'`)
    const { rows } = await pg.db.query<{ login: boolean }>(`select rolcanlogin as login from pg_roles where rolname = 'app_login'`)
    expect(rows).toEqual([{ login: true }])
  }, 60_000)

  it('lets a Read-only member see every role and change none', async () => {
    pg.setReadOnly(true)
    try {
      renderScreen('Read-only')
      const table = await screen.findByRole('table', { name: 'Roles' }, { timeout: 10_000 })
      expect(screen.getByRole('button', { name: 'Create role' })).toHaveAttribute('aria-disabled', 'true')
      expect(within(table).getByRole('button', { name: 'Drop readers' })).toHaveAttribute('aria-disabled', 'true')
      expect(screen.getByText(/roles · read-only access/)).toBeInTheDocument()
    } finally {
      pg.setReadOnly(false)
    }
  }, 60_000)
})
