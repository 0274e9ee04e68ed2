import { expect, test } from '@playwright/test'
import { runProjectSql, signInWithNewProject } from './project-helpers'
import { appClient, copyUrlAndAnonKey } from './project-api-steps'

// Issue 12 on the hosted platform: Project settings → API → Data API settings decides which
// schemas the app reaches and how many rows one read answers; the app (the real supabase-js)
// sees each change as soon as it is saved.
test('expose a schema and cap the rows a read answers; the app sees both at once', async ({ page, request, context }) => {
  test.setTimeout(180_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Data API', project: 'Catalogue' })
  await runProjectSql(request, token, ref, `create table public.items (id int primary key, name text not null);
    insert into public.items select g, 'item ' || g from generate_series(1, 5) g;
    alter table public.items enable row level security;
    create policy anyone_reads on public.items for select to anon using (true);
    create schema app;
    create table app.flags (name text primary key, enabled boolean not null);
    insert into app.flags values ('dark_mode', true);`)
  const { url, anonKey } = await copyUrlAndAnonKey(page, ref)
  const app = appClient(url, anonKey)
  expect((await app.from('items').select('id')).data).toHaveLength(5)
  expect((await app.schema('app').from('flags').select('name')).error).toMatchObject({ code: 'PGRST106' })

  const form = page.getByRole('form', { name: 'Data API settings' })
  await form.getByLabel('Exposed schemas').fill('public, app')
  await form.getByLabel('Max rows').fill('2')
  // A schema other than public: the panel shows the grants the owner must run.
  const grants = form.getByLabel('Grants to run')
  await expect(grants).toContainText('grant usage on schema')
  await page.screenshot({ path: 'e2e/screenshots/data-api-settings.png', fullPage: true })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Data API settings saved')).toBeVisible()

  expect((await app.from('items').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 2 }])
  // Exposed but not granted: Postgres refuses, as PostgREST answers it.
  expect((await app.schema('app').from('flags').select('name')).error).toMatchObject({ code: '42501' })
  await runProjectSql(request, token, ref, `${await grants.textContent()}
    alter table app.flags enable row level security;
    create policy anyone_reads on app.flags for select to anon using (true);`)
  expect((await app.schema('app').from('flags').select('name, enabled')).data).toEqual([{ name: 'dark_mode', enabled: true }])

  // Saved: a reload shows the settings as the platform keeps them.
  await page.reload()
  await expect(page.getByRole('form', { name: 'Data API settings' }).getByLabel('Exposed schemas')).toHaveValue('public, app')
})
