import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StoragePoliciesScreen } from '@/components/interfaces/Storage/StoragePoliciesScreen'
import { server } from '@/tests/msw-server'
import { createPgMeta } from '../database/pglite-pg-meta'
import { bucket, REF, renderWithClient, storageHandlers } from './storage-fixtures'

let pg: Awaited<ReturnType<typeof createPgMeta>>

beforeAll(async () => {
  pg = await createPgMeta(`
    create role anon nologin; create role authenticated nologin;
    create schema auth;
    create function auth.uid() returns uuid language sql stable as $$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$;
    create schema storage;
    create table storage.objects (id uuid primary key default gen_random_uuid(), bucket_id text, name text, owner_id text);
    alter table storage.objects enable row level security;
    create function storage.foldername(name text) returns text[] language sql immutable as $$ select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $$;
    create policy "Legacy rule" on storage.objects for select to authenticated using (true);`)
}, 60_000)
afterAll(async () => pg?.close())

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 })
const policies = async () => (await pg.db.query<{ policyname: string; cmd: string; qual: string | null }>(`select policyname, cmd, qual from pg_policies where schemaname = 'storage' order by policyname`)).rows

describe('Storage → Policies', () => {
  it('creates a policy for a bucket from a template, SQL first, lists it under the bucket, and deletes it', async () => {
    const user = userEvent.setup()
    storageHandlers({ buckets: [bucket('avatars'), bucket('public-pics', { public: true })] })
    server.use(pg.handler)
    renderWithClient(<StoragePoliciesScreen projectRef={REF} />)

    const avatars = await screen.findByRole('listitem', { name: 'Bucket avatars' })
    expect(within(avatars).getByText(/only the service role can use this bucket/)).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Bucket public-pics' })).getByText(/anyone can download by URL/)).toBeInTheDocument()
    expect(within(screen.getByRole('listitem', { name: 'Other policies' })).getByText('Legacy rule')).toBeInTheDocument()

    await user.click(within(avatars).getByRole('button', { name: 'New policy for avatars' }))
    await user.click(within(await dialog('New policy for avatars')).getByRole('button', { name: /Users manage files in their own folder/ }))
    const confirm = await dialog('Users manage files in their own folder on avatars')
    const sql = within(confirm).getByLabelText('SQL to run')
    expect(sql).toHaveTextContent(
      `CREATE POLICY "Users manage their own folder (avatars)" ON "storage"."objects" AS PERMISSIVE FOR ALL TO "authenticated" USING (bucket_id = 'avatars' and (select auth.uid())::text = (storage.foldername(name))[1]) WITH CHECK (bucket_id = 'avatars' and (select auth.uid())::text = (storage.foldername(name))[1]);`
    )
    expect(pg.scripts()).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Create policy' }))
    await waitFor(async () => expect((await policies()).map((p) => p.policyname)).toEqual(['Legacy rule', 'Users manage their own folder (avatars)']))
    const listed = await within(await screen.findByRole('listitem', { name: 'Bucket avatars' })).findByText('Users manage their own folder (avatars)')
    expect(listed.closest('li')).toHaveTextContent('ALL')

    await user.click(screen.getByRole('button', { name: 'Delete policy Users manage their own folder (avatars)' }))
    const drop = await dialog('Delete policy Users manage their own folder (avatars)')
    expect(within(drop).getByLabelText('SQL to run')).toHaveTextContent('DROP POLICY "Users manage their own folder (avatars)" ON "storage"."objects";')
    await user.click(within(drop).getByRole('button', { name: 'Delete policy' }))
    await waitFor(async () => expect((await policies()).map((p) => p.policyname)).toEqual(['Legacy rule']))
    expect(await within(screen.getByRole('listitem', { name: 'Bucket avatars' })).findByText(/only the service role/)).toBeInTheDocument()
  }, 30_000)

  it('edits a storage policy in the policy form: its expression and roles, SQL first, in place', async () => {
    const user = userEvent.setup()
    await pg.db.exec(`create policy "Public read access (avatars)" on storage.objects for select to anon, authenticated using (bucket_id = 'avatars')`)
    storageHandlers({ buckets: [bucket('avatars')] })
    server.use(pg.handler)
    renderWithClient(<StoragePoliciesScreen projectRef={REF} />)

    const avatars = await screen.findByRole('listitem', { name: 'Bucket avatars' })
    await user.click(await within(avatars).findByRole('button', { name: 'Edit policy Public read access (avatars)' }))
    const form = await dialog('Edit policy Public read access (avatars)')
    const using = within(form).getByLabelText('USING expression')
    expect(using).toHaveValue("(bucket_id = 'avatars'::text)")
    await user.clear(using)
    await user.type(using, "bucket_id = 'avatars' and name like 'public/%'")
    await user.click(within(form).getByRole('checkbox', { name: 'anon' }))
    expect(within(form).getByLabelText('SQL to run')).toHaveTextContent(`ALTER POLICY "Public read access (avatars)" ON "storage"."objects" TO "authenticated" USING (bucket_id = 'avatars' and name like 'public/%');`)
    await user.click(within(form).getByRole('button', { name: 'Save policy' }))
    await waitFor(async () => expect((await policies()).find((p) => p.policyname === 'Public read access (avatars)')?.qual).toBe("((bucket_id = 'avatars'::text) AND (name ~~ 'public/%'::text))"))
    expect(await within(screen.getByRole('listitem', { name: 'Bucket avatars' })).findByText('to authenticated')).toBeInTheDocument()
    await pg.db.exec(`drop policy "Public read access (avatars)" on storage.objects`)
  }, 30_000)

  it('shows a Read-only member the policies without create or delete', async () => {
    storageHandlers({ buckets: [bucket('avatars')] }, 'Read-only')
    server.use(pg.handler)
    renderWithClient(<StoragePoliciesScreen projectRef={REF} />)
    expect(await screen.findByText('Legacy rule')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: /New policy/ })).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: /Delete policy/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit policy/ })).not.toBeInTheDocument()
  })
})
