import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { file_fdw } from '@electric-sql/pglite/contrib/file_fdw'
import { http, HttpResponse } from 'msw'
import { WrappersScreen } from '@/components/interfaces/Database/WrappersScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'

function renderScreen(pgMeta: Parameters<typeof server.use>[0]) {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role: 'Developer' })])),
    pgMeta
  )
  return renderWithClient(
    <TooltipProvider>
      <WrappersScreen projectRef={REF} />
    </TooltipProvider>
  )
}

describe('wrappers', () => {
  it('says plainly when the database has no FDW extension, and what would be needed', async () => {
    const pg = await createPgMeta('select 1')
    try {
      renderScreen(pg.handler)
      expect(await screen.findByText(/This database has no foreign data wrapper extensions installed or available/)).toBeInTheDocument()
      const needed = screen.getByRole('list', { name: 'Extensions that provide foreign data wrappers' })
      expect(within(needed).getAllByRole('listitem').map((li) => li.textContent?.split(':')[0])).toEqual(['postgres_fdw', 'file_fdw', 'dblink', 'wrappers'])
    } finally {
      await pg.close()
    }
  }, 60_000)

  it('enables file_fdw, lists its server without mapping secrets, and drops the server with CASCADE', async () => {
    const user = userEvent.setup()
    const pg = await createPgMeta('select 1', { extensions: { file_fdw } })
    try {
      const { queryClient } = renderScreen(pg.handler)
      const extensions = await screen.findByRole('region', { name: 'Wrapper extensions' })
      expect(within(extensions).getByRole('row', { name: /file_fdw/ })).toHaveTextContent('Available')
      // postgres_fdw is not on this server: adding a Postgres server says what is missing.
      expect(screen.getByRole('button', { name: 'Add Postgres server' })).toHaveAttribute('aria-disabled', 'true')

      await user.click(within(extensions).getByRole('button', { name: 'Enable file_fdw' }))
      const dialog = await screen.findByRole('dialog', { name: 'Enable file_fdw' }, { timeout: 10_000 })
      expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent('CREATE EXTENSION "file_fdw" WITH SCHEMA "extensions";')
      await user.click(within(dialog).getByRole('button', { name: 'Enable extension' }))
      const wrappers = await screen.findByRole('region', { name: 'Foreign data wrappers' })
      await waitFor(() => expect(within(wrappers).getByRole('row', { name: /file_fdw/ })).toHaveTextContent('file_fdw_handler'))

      await pg.db.exec(`create server files foreign data wrapper file_fdw;
        create user mapping for current_user server files;
        create foreign table public.csv (a text) server files options (filename '/tmp/a.csv', format 'csv');`)
      await queryClient.invalidateQueries()
      const servers = screen.getByRole('region', { name: 'Foreign servers' })
      const row = await within(servers).findByRole('row', { name: /files/ })
      expect(row).toHaveTextContent('postgres')
      expect(row).toHaveTextContent('passwords are never shown')
      expect(within(screen.getByRole('region', { name: 'Foreign tables' })).getByRole('row', { name: /public.csv/ })).toHaveTextContent('filename=/tmp/a.csv')

      // file_fdw cannot import a schema: only postgres_fdw servers offer it.
      expect(within(row).queryByRole('button', { name: 'Import a schema from files' })).toBeNull()
      await user.click(within(row).getByRole('button', { name: 'Drop files' }))
      const drop = await screen.findByRole('dialog', { name: 'Drop server files' }, { timeout: 10_000 })
      expect(drop).toHaveTextContent('1 user mapping (postgres) and 1 foreign table')
      const confirm = within(drop).getByRole('button', { name: 'Drop server' })
      expect(confirm).toBeDisabled()
      await user.click(within(drop).getByRole('checkbox', { name: /CASCADE/ }))
      expect(within(drop).getByLabelText('SQL to run')).toHaveTextContent('DROP SERVER "files" CASCADE;')
      await user.click(confirm)
      expect(await within(screen.getByRole('region', { name: 'Foreign servers' })).findByText('No foreign servers yet.')).toBeInTheDocument()
      expect((await pg.db.query('select 1 from pg_foreign_table')).rows).toEqual([])
    } finally {
      await pg.close()
    }
  }, 60_000)
})
