import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { strFromU8, unzipSync } from 'fflate'
import { http, HttpResponse } from 'msw'
import { MigrationsScreen } from '@/components/interfaces/Database/MigrationsScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import type { Migration } from '@/lib/api-types/database-migrations'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'

const REF = 'abcdefghijklmnopqrst'

const HISTORY: Migration[] = [
  { version: '20260101120000', name: 'create todos', statements: ['create table public.todos (id int)', "comment on table public.todos is 'a; b'"], created_by: 'dev@example.com' },
  { version: '20260102120000', name: 'enable pg_trgm', statements: ['create extension pg_trgm'], created_by: null },
]

function renderScreen(history: Migration[] | 'error') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role: 'Read-only' })])),
    http.get('*/platform/projects/:ref/database/migrations', () =>
      history === 'error' ? HttpResponse.json({ message: 'Could not read the migration history' }, { status: 500 }) : HttpResponse.json(history)
    )
  )
  return renderWithClient(
    <TooltipProvider>
      <MigrationsScreen projectRef={REF} />
    </TooltipProvider>
  )
}

describe('migrations', () => {
  it('lists the history newest first, opens one as its file and downloads all as the CLI folder', async () => {
    const user = userEvent.setup()
    renderScreen(HISTORY)
    const table = await screen.findByRole('table', { name: 'Migrations' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('20260102120000')
    expect(rows[0]).toHaveTextContent('enable pg_trgm')
    expect(rows[1]).toHaveTextContent('dev@example.com')
    expect(rows[1]).toHaveTextContent('Jan 1, 2026')
    expect(within(rows[1]).getAllByRole('cell').some((cell) => cell.textContent === '2')).toBe(true)

    await user.click(within(rows[1]).getByRole('button', { name: /View SQL of 20260101120000/ }))
    const dialog = await screen.findByRole('dialog', { name: '20260101120000_create_todos.sql' })
    expect(within(dialog).getByLabelText('Migration SQL').textContent).toBe("create table public.todos (id int);\n\ncomment on table public.todos is 'a; b';\n")
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))

    const blobs: Blob[] = []
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:zip'))
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await user.click(screen.getByRole('button', { name: 'Download all (.zip)' }))
    await waitFor(() => expect(blobs).toHaveLength(1))
    const files = unzipSync(new Uint8Array(await blobs[0].arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual(['supabase/migrations/20260101120000_create_todos.sql', 'supabase/migrations/20260102120000_enable_pg_trgm.sql'])
    expect(strFromU8(files['supabase/migrations/20260102120000_enable_pg_trgm.sql'])).toBe('create extension pg_trgm;\n')
    create.mockRestore()
    revoke.mockRestore()
    click.mockRestore()
  })

  it('explains what gets recorded when there is nothing yet, and shows a failure with a retry', async () => {
    const { unmount } = renderScreen([])
    expect(await screen.findByText('No migrations yet')).toBeInTheDocument()
    expect(screen.getByText(/records a migration here, in the transaction of the change/)).toBeInTheDocument()
    unmount()
    renderScreen('error')
    expect(await screen.findByText('Failed to load migrations', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument()
  })
})
