import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { http, HttpResponse } from 'msw'
import { ExtensionsScreen } from '@/components/interfaces/Database/ExtensionsScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import type { ServerExtensionRow } from '@/lib/database/extensions'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta('select 1', { extensions: { citext, pg_trgm } })
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen(pgMeta: Parameters<typeof server.use>[0], dbVersion = '17.4') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF, dbVersion }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role: 'Developer' })])),
    pgMeta
  )
  return renderWithClient(
    <TooltipProvider>
      <ExtensionsScreen projectRef={REF} />
    </TooltipProvider>
  )
}

describe('extensions', () => {
  it('enables an extension into a new schema and disables it, listing what CASCADE drops', async () => {
    const user = userEvent.setup()
    renderScreen(pg.handler)
    const card = await screen.findByRole('article', { name: 'citext' })
    expect(within(card).getByText('v1.8 available')).toBeInTheDocument()
    // Catalogue entries the server lacks stay listed, not enable-able.
    expect(within(screen.getByRole('article', { name: 'vector' })).getByText('Not available')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Enable citext' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable citext' }, { timeout: 10_000 })
    expect(within(dialog).getByLabelText('Schema')).toHaveValue('extensions')
    expect(await within(dialog).findByText('The schema extensions does not exist yet: it is created first.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('BEGIN; CREATE SCHEMA IF NOT EXISTS "extensions"; CREATE EXTENSION "citext" WITH SCHEMA "extensions"; COMMIT;')
    await user.click(within(dialog).getByRole('button', { name: 'Enable extension' }))
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'citext' })).getByText('Enabled')).toBeInTheDocument())
    expect(within(screen.getByRole('article', { name: 'citext' })).getByText('v1.8 in extensions')).toBeInTheDocument()

    await pg.db.exec('create table public.people (email extensions.citext)')
    await user.click(within(screen.getByRole('article', { name: 'citext' })).getByRole('button', { name: 'Disable citext' }))
    const confirm = await screen.findByRole('dialog', { name: 'Disable citext' }, { timeout: 10_000 })
    expect(await within(confirm).findByText('column email of table people')).toBeInTheDocument()
    const disable = within(confirm).getByRole('button', { name: 'Disable extension' })
    expect(disable).toBeDisabled()
    await user.click(within(confirm).getByRole('checkbox', { name: 'Drop these objects too (CASCADE)' }))
    expect(within(confirm).getByLabelText('SQL to run')).toHaveTextContent('DROP EXTENSION "citext" CASCADE;')
    await user.click(disable)
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'citext' })).getByRole('button', { name: 'Enable citext' })).toBeInTheDocument())
    expect((await pg.db.query(`select 1 from pg_extension where extname = 'citext'`)).rows).toEqual([])
  }, 60_000)

  it('filters, links enabled extensions to their screen, and does not offer deprecated ones', async () => {
    const user = userEvent.setup()
    const row = (name: string, o: Partial<ServerExtensionRow> = {}): ServerExtensionRow => ({
      name,
      default_version: '1.0',
      server_comment: null,
      installed_version: null,
      schema: null,
      trusted: true,
      superuser: true,
      fixed_schema: null,
      requires: '',
      current_is_superuser: false,
      server_version_num: '170004',
      ...o,
    })
    renderScreen(
      http.post('*/platform/pg-meta/:ref/query', () =>
        HttpResponse.json({
          rows: [row('pg_cron', { installed_version: '1.6', schema: 'pg_catalog' }), row('plv8'), row('postgres_fdw', { trusted: false }), row('plpython3u', { trusted: false })],
          fields: [],
          rowCount: 4,
          command: 'SELECT',
          truncated: false,
        })
      )
    )
    const cron = await screen.findByRole('article', { name: 'pg_cron' })
    expect(within(cron).getByRole('link', { name: 'Open Cron' })).toHaveAttribute('href', `/project/${REF}/integrations/cron`)
    const plv8 = screen.getByRole('article', { name: 'plv8' })
    expect(within(plv8).getByText('Deprecated')).toBeInTheDocument()
    expect(within(plv8).getByRole('button', { name: /Enable plv8 \(unavailable: Deprecated/ })).toHaveAttribute('aria-disabled', 'true')
    // Superuser-only extensions are created by the platform on request; untrusted languages never are (issue 9).
    expect(within(screen.getByRole('article', { name: 'postgres_fdw' })).getByRole('button', { name: 'Enable postgres_fdw' })).not.toHaveAttribute('aria-disabled', 'true')
    expect(within(screen.getByRole('article', { name: 'plpython3u' })).getByText(/Untrusted languages and extensions that reach the host are not available/)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Search extensions'), 'schedule')
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['extension-pg_cron'])
    await user.clear(screen.getByLabelText('Search extensions'))
    await user.selectOptions(screen.getByLabelText('Status'), 'enabled')
    expect(screen.getAllByRole('article')).toHaveLength(1)
    await user.selectOptions(screen.getByLabelText('Status'), 'all')
    await user.selectOptions(screen.getByLabelText('Tag'), 'Time Series')
    await user.type(screen.getByLabelText('Search extensions'), 'zzzz')
    expect(screen.getByText('No extension matches')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(screen.getAllByRole('article').length).toBeGreaterThan(50)
  }, 60_000)
})
