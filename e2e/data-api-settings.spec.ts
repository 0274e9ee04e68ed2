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

// Issue 24: PostgREST's db-aggregates-enabled and db-tx-end as Data API settings, off and
// "commit" by default as on the hosted platform; the app sees each change as soon as it is saved.
test('turn on aggregate functions and rollback overrides; the app counts, and tries a write without keeping it', async ({ page, request, context }) => {
  test.setTimeout(180_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Data API', project: 'Counters' })
  await runProjectSql(request, token, ref, `create table public.votes (id int primary key, choice text not null);
    insert into public.votes values (1, 'yes'), (2, 'yes'), (3, 'no');
    alter table public.votes enable row level security;
    create policy anyone_reads on public.votes for select to anon using (true);
    create policy anyone_votes on public.votes for insert to anon with check (true);`)
  const { url, anonKey } = await copyUrlAndAnonKey(page, ref)
  const app = appClient(url, anonKey)
  expect((await app.from('votes').select('choice, count()')).error).toMatchObject({ code: 'PGRST123' })
  // "Commit": a request's tx=rollback is not honoured, the write is kept.
  expect((await app.from('votes').insert({ id: 4, choice: 'no' }).rollback()).error).toBeNull()
  expect((await app.from('votes').select('id', { count: 'exact', head: true })).count).toBe(4)

  const form = page.getByRole('form', { name: 'Data API settings' })
  await expect(form.getByLabel('Aggregate functions')).toHaveValue('false')
  await form.getByLabel('Aggregate functions').selectOption('true')
  await form.getByLabel('Transaction end').selectOption('commit-allow-override')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Data API settings saved')).toBeVisible()

  const counted = await app.from('votes').select('choice, count()').order('choice')
  expect(counted.data).toEqual([{ choice: 'no', count: 2 }, { choice: 'yes', count: 2 }])
  const tried = await app.from('votes').insert({ id: 5, choice: 'maybe' }).select().rollback()
  expect(tried.data).toEqual([{ id: 5, choice: 'maybe' }]) // answered as written, then rolled back
  expect((await app.from('votes').select('id', { count: 'exact', head: true })).count).toBe(4)

  await page.reload()
  const saved = page.getByRole('form', { name: 'Data API settings' })
  await expect(saved.getByLabel('Aggregate functions')).toHaveValue('true')
  await expect(saved.getByLabel('Transaction end')).toHaveValue('commit-allow-override')
  await page.screenshot({ path: 'e2e/screenshots/data-api-settings-aggregates.png', fullPage: true })
})
