import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { PoliciesScreen } from '@/components/interfaces/ProjectAuth/PoliciesScreen'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { createPgMeta } from '../database/pglite-pg-meta'

const REF = 'abcdefghijklmnopqrst'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`
    create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;
    create schema auth;
    create function auth.uid() returns uuid language sql stable as $$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$;
    create table auth.users (id uuid primary key);
    create table public.todos (id int primary key, owner_id uuid, user_id uuid, task text);
    create table public.plain (id int primary key);`)
}, 60_000)
afterAll(async () => pg?.close())

function renderScreen(role = 'Developer', pgMeta: Parameters<typeof server.use>[0] = pg.handler) {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pgMeta
  )
  return renderWithClient(
    <TooltipProvider>
      <PoliciesScreen projectRef={REF} />
    </TooltipProvider>
  )
}

// Dialogs load their code when first opened: give that first load time on a busy machine.
const dialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 10_000 })
const card = (name: string) => screen.findByRole('region', { name: `Table ${name}` })
const policiesOf = async () =>
  (await pg.db.query<{ policyname: string; cmd: string; roles: string[]; qual: string | null; with_check: string | null }>(
    `select policyname, cmd, roles, qual, with_check from pg_policies where tablename = 'todos' order by policyname`
  )).rows

describe('Authentication → Policies', () => {
  it('turns RLS on, creates a policy from a template, edits it (drop + create for a new command) and drops it', async () => {
    const user = userEvent.setup()
    renderScreen()
    const todos = await card('public.todos')
    expect(screen.queryByRole('region', { name: /auth\.users/ })).not.toBeInTheDocument()
    expect(within(todos).getByText('Row level security is off')).toBeInTheDocument()
    expect(within(todos).getByText(/Anyone with the anon key can read and change every row/)).toBeInTheDocument()

    // RLS on, the SQL first.
    await user.click(within(todos).getByRole('switch', { name: 'Row level security on public.todos' }))
    const confirm = await dialog('Enable row level security on public.todos')
    expect(within(confirm).getByLabelText('SQL to run')).toHaveTextContent('BEGIN; ALTER TABLE "public"."todos" ENABLE ROW LEVEL SECURITY; COMMIT;')
    await user.click(within(confirm).getByRole('button', { name: 'Enable RLS' }))
    expect(await within(await card('public.todos')).findByText(/nobody but the service role sees or changes rows/)).toBeInTheDocument()
    expect((await pg.db.query<{ r: boolean }>(`select relrowsecurity as r from pg_class where oid = 'public.todos'::regclass`)).rows[0].r).toBe(true)

    // New policy from a template, on the chosen uuid column.
    await user.click(within(await card('public.todos')).getByRole('button', { name: 'New policy on public.todos' }))
    const picker = await dialog('New policy on public.todos')
    expect(within(picker).getByLabelText("Column holding the user's id")).toHaveValue('user_id')
    await user.selectOptions(within(picker).getByLabelText("Column holding the user's id"), 'owner_id')
    await user.click(within(picker).getByRole('button', { name: /Users can read their own rows/ }))
    const form = await dialog('New policy on public.todos')
    expect(within(form).getByLabelText('Name')).toHaveValue('Users can read their own rows')
    expect(within(form).getByLabelText('Command')).toHaveValue('SELECT')
    expect(within(form).getByRole('checkbox', { name: 'authenticated' })).toBeChecked()
    expect(within(form).getByRole('checkbox', { name: 'anon' })).not.toBeChecked()
    expect(within(form).queryByLabelText('WITH CHECK expression')).not.toBeInTheDocument()
    expect(within(form).getByLabelText('SQL to run')).toHaveTextContent(
      'CREATE POLICY "Users can read their own rows" ON "public"."todos" AS PERMISSIVE FOR SELECT TO "authenticated" USING ((select auth.uid()) = owner_id);'
    )
    await user.click(within(form).getByRole('button', { name: 'Create policy' }))
    const table = await screen.findByRole('table', { name: 'Policies on public.todos' })
    const row = within(table).getByRole('row', { name: /Users can read their own rows/ })
    expect(row).toHaveTextContent('SELECT')
    expect(row).toHaveTextContent('authenticated')
    expect(row).toHaveTextContent(/USING \(\(\(\s*SELECT auth\.uid\(\) AS uid\) = owner_id\)\)/)
    expect(within(await card('public.todos')).queryByText(/nobody but the service role/)).not.toBeInTheDocument()

    // The same name again is refused before anything runs.
    const scriptsBefore = pg.scripts().length
    await user.click(within(await card('public.todos')).getByRole('button', { name: 'New policy on public.todos' }))
    await user.click(within(await dialog('New policy on public.todos')).getByRole('button', { name: /Users can read their own rows/ }))
    const again = await dialog('New policy on public.todos')
    await user.click(within(again).getByRole('button', { name: 'Create policy' }))
    expect(within(again).getByText('public.todos already has a policy named Users can read their own rows')).toBeInTheDocument()
    expect(pg.scripts()).toHaveLength(scriptsBefore)
    await user.click(within(again).getByRole('button', { name: 'Cancel' }))

    // Edit: a bad expression is refused in place; a new command drops and recreates.
    await user.click(within(row).getByRole('button', { name: 'Edit Users can read their own rows' }))
    const edit = await dialog('Edit policy Users can read their own rows')
    expect(within(edit).getByText('Nothing changed yet.')).toBeInTheDocument()
    const using = within(edit).getByLabelText('USING expression')
    await user.clear(using)
    await user.type(using, 'true; drop table public.todos')
    await user.click(within(edit).getByRole('button', { name: 'Save policy' }))
    expect(within(edit).getByText('Enter one SQL expression (no ; or comments)')).toBeInTheDocument()
    await user.clear(using)
    await user.type(using, 'true')
    await user.selectOptions(within(edit).getByLabelText('Command'), 'UPDATE')
    await user.clear(within(edit).getByLabelText('Name'))
    await user.type(within(edit).getByLabelText('Name'), 'update all')
    expect(within(edit).getByText(/drops and recreates the policy in one transaction/)).toBeInTheDocument()
    const preview = within(edit).getByLabelText('SQL to run')
    expect(preview).toHaveTextContent('BEGIN; DROP POLICY "Users can read their own rows" ON "public"."todos"; CREATE POLICY "update all" ON "public"."todos" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (true); COMMIT;')
    await user.click(within(edit).getByRole('button', { name: 'Save policy' }))
    await waitFor(async () => expect(await policiesOf()).toEqual([{ policyname: 'update all', cmd: 'UPDATE', roles: ['authenticated'], qual: 'true', with_check: null }]))
    expect(await within(await screen.findByRole('table', { name: 'Policies on public.todos' })).findByRole('row', { name: /update all/ })).toBeInTheDocument()

    // Drop.
    await user.click(screen.getByRole('button', { name: 'Drop update all' }))
    const drop = await dialog('Drop policy update all')
    expect(within(drop).getByText(/It is the last policy/)).toBeInTheDocument()
    expect(within(drop).getByLabelText('SQL to run')).toHaveTextContent('BEGIN; DROP POLICY "update all" ON "public"."todos"; COMMIT;')
    await user.click(within(drop).getByRole('button', { name: 'Drop policy' }))
    expect(await within(await card('public.todos')).findByText('No policies yet')).toBeInTheDocument()
    expect(await policiesOf()).toEqual([])
  }, 60_000)

  it('shows a failed run in place, keeping the form', async () => {
    const user = userEvent.setup()
    renderScreen()
    await user.click(within(await card('public.plain')).getByRole('button', { name: 'New policy on public.plain' }))
    const picker = await dialog('New policy on public.plain')
    // No uuid column: the own-rows templates cannot be used.
    expect(within(picker).getByRole('button', { name: /Users can read their own rows/ })).toBeDisabled()
    await user.click(within(picker).getByRole('button', { name: /Blank policy/ }))
    const form = await dialog('New policy on public.plain')
    expect(within(form).getByText('Row level security is off on this table')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Create policy' }))
    expect(within(form).getByText('Give the policy a name')).toBeInTheDocument()
    expect(within(form).getByText(/A SELECT policy needs a USING expression/)).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Name'), 'bad column')
    await user.type(within(form).getByLabelText('USING expression'), 'no_such_column = 1')
    await user.click(within(form).getByRole('button', { name: 'Create policy' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(/The policy was not created.*no_such_column/s)
    expect(within(form).getByLabelText('Name')).toHaveValue('bad column')
  }, 30_000)

  it('finds a table by its name or one of its policies, within a schema', async () => {
    await pg.db.exec(`create schema billing; create table billing.invoices (id int primary key); create table billing.todos_archive (id int primary key);
      create policy "Accountants read invoices" on billing.invoices for select to authenticated using (true);`)
    try {
      const user = userEvent.setup()
      renderScreen()
      await card('billing.invoices')
      const tables = () => within(screen.getByRole('list', { name: 'Tables' })).getAllByRole('region').map((r) => r.getAttribute('aria-label'))
      expect(tables()).toEqual(expect.arrayContaining(['Table public.todos', 'Table public.plain', 'Table billing.invoices', 'Table billing.todos_archive']))
      const search = screen.getByRole('searchbox', { name: 'Search tables and policies' })
      await user.type(search, 'TODOS')
      await waitFor(() => expect(tables()).toEqual(['Table public.todos', 'Table billing.todos_archive']))
      expect(screen.getByText('2 of 4 tables')).toBeInTheDocument()
      await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'public')
      await waitFor(() => expect(tables()).toEqual(['Table public.todos']))
      await user.clear(search)
      await user.type(search, 'accountants')
      expect(await screen.findByText('No tables match')).toBeInTheDocument()
      await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), '')
      await waitFor(() => expect(tables()).toEqual(['Table billing.invoices']))
    } finally {
      await pg.db.exec('drop schema billing cascade')
    }
  }, 30_000)

  it('lets a Read-only member look but not change anything, and says why', async () => {
    renderScreen('Read-only')
    const plain = await card('public.plain')
    expect(within(plain).getByRole('switch', { name: 'Row level security on public.plain' })).toBeDisabled()
    expect(within(plain).getByRole('button', { name: 'New policy on public.plain' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getAllByText(/Read-only members cannot change the database/).length).toBeGreaterThan(0)
  })

  it('shows the load error with a retry, and an empty project', async () => {
    const user = userEvent.setup()
    let fail = true
    renderScreen(
      'Developer',
      http.post('*/platform/pg-meta/:ref/query', () =>
        fail ? HttpResponse.json({ message: 'connection refused' }, { status: 500 }) : HttpResponse.json({ rows: [], fields: [], rowCount: 0, command: 'SELECT', truncated: false })
      )
    )
    expect(await screen.findByText('Failed to load policies')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /retry/i }))
    expect(await screen.findByText('No tables yet')).toBeInTheDocument()
  })
})
