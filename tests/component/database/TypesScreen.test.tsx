import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { TypesScreen } from '@/components/interfaces/Database/TypesScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from './pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'
const HOSTILE = `'); drop table x; --`

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`create table public.orders (id int primary key)`)
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen(role: string) {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(
    <TooltipProvider>
      <TypesScreen projectRef={REF} />
    </TooltipProvider>
  )
}

const labels = async (name: string) =>
  (await pg.db.query<{ l: string }>(`select e.enumlabel as l from pg_enum e join pg_type t on t.oid = e.enumtypid where t.typname = $1 order by e.enumsortorder`, [name])).rows.map((r) => r.l)

describe('enumerated types', () => {
  it('creates a type with reordered hostile values, adds and renames values, renames and drops it naming what uses it', async () => {
    const user = userEvent.setup()
    renderScreen('Developer')
    await screen.findByText('No enumerated types yet')
    await user.click(screen.getByRole('button', { name: 'Create your first type' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create an enumerated type' }, { timeout: 10_000 })

    await user.click(within(dialog).getByRole('button', { name: 'Create type' }))
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a value')).toBeInTheDocument()
    expect(pg.scripts()).toEqual([])

    await user.type(within(dialog).getByLabelText('Name'), 'status')
    await user.type(within(dialog).getByLabelText('Value 1'), 'paid')
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }))
    await user.type(within(dialog).getByLabelText('Value 2'), HOSTILE.replace(/[{[]/g, (c) => c + c))
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }))
    await user.type(within(dialog).getByLabelText('Value 3'), 'paid')
    expect(within(dialog).getByText('Complete the form to see the SQL.')).toBeInTheDocument()
    expect(within(dialog).getByText('The type already has the value "paid"')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Remove value 3' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move value 2 up' }))
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(`CREATE TYPE "public"."status" AS ENUM ('''); drop table x; --', 'paid');`)
    await user.click(within(dialog).getByRole('button', { name: 'Create type' }))

    const table = await screen.findByRole('table', { name: 'Enumerated types' })
    const row = within(table).getByRole('row', { name: /status/ })
    expect(row).toHaveTextContent('Not used')
    expect(await labels('status')).toEqual([HOSTILE, 'paid'])

    await user.click(within(row).getByRole('button', { name: 'Add a value to status' }))
    const add = await screen.findByRole('dialog', { name: 'Add a value to public.status' }, { timeout: 10_000 })
    await user.type(within(add).getByLabelText('Value'), 'pending')
    await user.selectOptions(within(add).getByLabelText('Position'), 'Before paid')
    expect(within(add).getByLabelText('SQL to run')).toHaveTextContent(`ALTER TYPE "public"."status" ADD VALUE 'pending' BEFORE 'paid';`)
    await user.click(within(add).getByRole('button', { name: 'Add value' }))
    await waitFor(async () => expect(await labels('status')).toEqual([HOSTILE, 'pending', 'paid']))

    await user.click(await screen.findByRole('button', { name: 'Rename a value of status' }))
    const rename = await screen.findByRole('dialog', { name: 'Rename a value of public.status' }, { timeout: 10_000 })
    await user.selectOptions(within(rename).getByLabelText('Value'), 'pending')
    await user.type(within(rename).getByLabelText('New value'), 'paid')
    await user.click(within(rename).getByRole('button', { name: 'Rename value' }))
    expect(within(rename).getByText('The type already has the value "paid"')).toBeInTheDocument()
    await user.clear(within(rename).getByLabelText('New value'))
    await user.type(within(rename).getByLabelText('New value'), 'waiting')
    await user.click(within(rename).getByRole('button', { name: 'Rename value' }))
    await waitFor(async () => expect(await labels('status')).toEqual([HOSTILE, 'waiting', 'paid']))

    await pg.db.exec(`alter table public.orders add column status public.status`)
    await user.click(await screen.findByRole('button', { name: 'Rename status' }))
    const renameType = await screen.findByRole('dialog', { name: 'Rename type public.status' }, { timeout: 10_000 })
    await user.clear(within(renameType).getByLabelText('New name'))
    await user.type(within(renameType).getByLabelText('New name'), 'order status')
    await user.click(within(renameType).getByRole('button', { name: 'Rename type' }))
    const renamed = await screen.findByRole('row', { name: /order status/ })
    expect(renamed).toHaveTextContent('public.orders.status')

    await user.click(within(renamed).getByRole('button', { name: 'Drop order status' }))
    const drop = await screen.findByRole('dialog', { name: 'Drop type public.order status' }, { timeout: 10_000 })
    expect(within(drop).getByRole('list', { name: 'Columns using the type' })).toHaveTextContent('public.orders.status')
    expect(within(drop).getByRole('button', { name: 'Drop type' })).toBeDisabled()
    await user.click(within(drop).getByRole('checkbox', { name: /CASCADE/ }))
    expect(within(drop).getByLabelText('SQL to run')).toHaveTextContent('DROP TYPE "public"."order status" CASCADE;')
    await user.click(within(drop).getByRole('button', { name: 'Drop type' }))
    await screen.findByText('No enumerated types yet')
  }, 60_000)

  it('shows a Read-only member the types, with every change disabled and the reason', async () => {
    await pg.db.exec(`create type public.mood as enum ('sad', 'happy')`)
    renderScreen('Read-only')
    const row = await screen.findByRole('row', { name: /mood/ })
    expect(row).toHaveTextContent('sadhappy')
    expect(within(row).getByRole('button', { name: 'Drop mood' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Create type' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('note')).toHaveTextContent('Read-only members cannot change the database')
  }, 30_000)
})
