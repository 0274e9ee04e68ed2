import crypto from 'node:crypto'
import { expect } from 'vitest'
import { createActiveProject, createOrg, sql } from '../projects-helpers'
import type { TestPlatform } from './platform'

/**
 * A project whose public API (`{url}/rest/v1`, `{url}/auth/v1`, `{url}/storage/v1`) the project API walks call as
 * every kind of caller: its keys (and the anon key it had before a rotation), another project's
 * anon key, a signed-up user with a session, and a table and functions under row level security.
 */

/** Who calls the project API. `keyless` callers carry no valid key of the project. */
export const PROJECT_CALLERS = ['none', 'malformed', 'otherProject', 'rotated', 'userNoKey', 'anon', 'user', 'service'] as const
export type ProjectCaller = (typeof PROJECT_CALLERS)[number]
export const KEYED_CALLERS = ['anon', 'user', 'service'] as const satisfies readonly ProjectCaller[]
export type KeyedCaller = (typeof KEYED_CALLERS)[number]
export const isKeyed = (caller: ProjectCaller): caller is KeyedCaller => (KEYED_CALLERS as readonly string[]).includes(caller)

export const WALK_PASSWORD = 'walk the project api 1'
export const WALK_TABLE = 'walk_items'

/**
 * The walk's table: anon reads the public rows, a user reads and writes their own, the service key all;
 * its buckets: anyone reads `walk-public` and its objects, a user reads and writes their own objects.
 */
const SCHEMA_SQL = `create table public.${WALK_TABLE} (
    id bigint primary key,
    owner uuid default auth.uid() references auth.users (id) on delete set null,
    body text not null check (length(body) < 200),
    public boolean not null default false);
  alter table public.${WALK_TABLE} enable row level security;
  create policy anon_reads_public on public.${WALK_TABLE} for select to anon using (public);
  create policy own_rows on public.${WALK_TABLE} for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
  insert into public.${WALK_TABLE} (id, body, public) values (1, 'public one', true), (2, 'private two', false);
  create function public.walk_role() returns text language sql stable as 'select auth.role()';
  create function public.walk_private(n integer) returns integer language sql stable as 'select n * 2';
  revoke execute on function public.walk_private(integer) from public, anon;
  insert into storage.buckets (id, name, public) values ('walk-public', 'walk-public', true), ('walk-private', 'walk-private', false);
  create policy walk_public_reads on storage.objects for select to anon, authenticated using (bucket_id = 'walk-public');
  create policy walk_own_objects on storage.objects for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
  create policy walk_buckets_read on storage.buckets for select to anon, authenticated using (true);`

/** What the storage walk's signed upload URLs write: open to any caller holding the URL, so left out of the snapshot. */
export const SIGNED_UPLOAD_FOLDER = 'by-url'

export type Session = { id: string; email: string; access_token: string; refresh_token: string }
export type ProjectApiWorld = {
  platform: TestPlatform
  ref: string
  otherRef: string
  owner: { id: string; token: string }
  keys: { anon: string; service_role: string; rotatedAnon: string; otherAnon: string }
  user: Session
  unique: (label: string) => string
  nextId: () => number
}
export type ProjectResponse = { status: number; body: any; headers: Headers }
export type ProjectRequest = { query?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string>; bearer?: string }

const keysOf = (list: { name: string; api_key: string }[]) => Object.fromEntries(list.map((k) => [k.name, k.api_key]))

async function projectKeys(platform: TestPlatform, token: string, ref: string): Promise<Record<string, string>> {
  const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return keysOf(res.body)
}

/** The headers a caller sends: supabase-js sends its key as `apikey` and as the bearer token. */
export function callerHeaders(w: ProjectApiWorld, caller: ProjectCaller, bearer?: string): Record<string, string> {
  const both = (key: string) => ({ apikey: key, Authorization: `Bearer ${bearer ?? key}` })
  switch (caller) {
    case 'none': return {}
    case 'malformed': return both('not-a-key.at-all')
    case 'otherProject': return both(w.keys.otherAnon)
    case 'rotated': return both(w.keys.rotatedAnon)
    case 'userNoKey': return { Authorization: `Bearer ${bearer ?? w.user.access_token}` }
    case 'anon': return both(w.keys.anon)
    case 'user': return { apikey: w.keys.anon, Authorization: `Bearer ${bearer ?? w.user.access_token}` }
    case 'service': return both(w.keys.service_role)
  }
}

/** One request to the project API (`path` below `{url}`, e.g. `/rest/v1/walk_items`) as `caller`. */
export async function projectCall(w: ProjectApiWorld, caller: ProjectCaller, method: string, path: string, init: ProjectRequest = {}): Promise<ProjectResponse> {
  const headers: Record<string, string> = { ...callerHeaders(w, caller, init.bearer), ...init.headers }
  let body = init.rawBody
  if (init.body !== undefined) {
    body = JSON.stringify(init.body)
    headers['Content-Type'] ??= 'application/json'
  }
  const res = await fetch(`${w.platform.projectUrl(w.ref)}${path}${init.query ?? ''}`, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' })
  const text = await res.text()
  let parsed: unknown = text || undefined
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed, headers: res.headers }
}

/**
 * A new user of the project, signed in: made with the admin API (sign-ups are rate-limited per
 * client address, and the walks need many users), then by the password grant an app uses.
 */
export async function newUser(w: ProjectApiWorld, label = 'walker'): Promise<Session> {
  const email = `${w.unique(label)}@walk.example`
  const made = await projectCall(w, 'service', 'POST', '/auth/v1/admin/users', { body: { email, password: WALK_PASSWORD, email_confirm: true } })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const res = await projectCall(w, 'anon', 'POST', '/auth/v1/token', { query: '?grant_type=password', body: { email, password: WALK_PASSWORD } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { id: res.body.user.id, email, access_token: res.body.access_token, refresh_token: res.body.refresh_token }
}

/** SQL on the project as its Owner (pg-meta), for fixtures and for what a walk left behind. */
export async function ownerSql(w: ProjectApiWorld, query: string): Promise<Record<string, unknown>[]> {
  const res = await sql(w.platform, w.owner.token, w.ref, query)
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200)
  return res.body.rows ?? res.body
}

/** A row of the walk's table, made with the service key: the user's own when `owner` is given. */
export async function walkRow(w: ProjectApiWorld, fields: { owner?: string; public?: boolean } = {}): Promise<number> {
  const id = w.nextId()
  const res = await projectCall(w, 'service', 'POST', `/rest/v1/${WALK_TABLE}`, {
    body: { id, body: `row ${id}`, owner: fields.owner ?? null, public: fields.public ?? true },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return id
}

/** What a project's data and users are: compared before and after walks that must change nothing. */
export async function projectSnapshot(w: ProjectApiWorld, exceptOwner?: string) {
  const skip = exceptOwner ? `where owner is distinct from '${exceptOwner}'` : ''
  const [items] = await ownerSql(w, `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by id), '')) as digest from public.${WALK_TABLE} t ${skip}`)
  const [users] = await ownerSql(w, `select count(*)::int as n, md5(coalesce(string_agg(concat_ws(',', id, email, raw_user_meta_data, banned_until, email_confirmed_at), '|' order by id), '')) as digest
      from auth.users ${exceptOwner ? `where id <> '${exceptOwner}'` : ''}`)
  const [objects] = await ownerSql(w, `select count(*)::int as n, md5(coalesce(string_agg(concat_ws(',', bucket_id, name, owner, version), '|' order by bucket_id, name), '')) as digest
      from storage.objects where name not like '${SIGNED_UPLOAD_FOLDER}/%'`)
  const [buckets] = await ownerSql(w, `select count(*)::int as n, md5(coalesce(string_agg(concat_ws(',', id, public, file_size_limit, allowed_mime_types), '|' order by id), '')) as digest from storage.buckets`)
  return { items, users, objects, buckets }
}

/**
 * Project A (the walked one) with its keys rotated once, so the key it had before still exists
 * and must be refused; project B for its anon key; A's user signed up after the rotation.
 */
export async function buildProjectApiWorld(platform: TestPlatform): Promise<ProjectApiWorld> {
  const owner = await platform.createUser()
  const org = await createOrg('pro', [[owner.id, 'Owner']])
  const ref = (await createActiveProject(platform, owner.token, org.slug, 'Walked')).ref as string
  const otherRef = (await createActiveProject(platform, owner.token, org.slug, 'Other')).ref as string
  const before = await projectKeys(platform, owner.token, ref)
  const rotated = await platform.request(`/platform/projects/${ref}/api-keys/rotate`, { method: 'POST', token: owner.token })
  expect(rotated.status, JSON.stringify(rotated.body)).toBe(200)
  const after = keysOf(rotated.body.api_keys)
  const other = await projectKeys(platform, owner.token, otherRef)
  let n = 0
  let id = 1000
  const w: ProjectApiWorld = {
    platform,
    ref,
    otherRef,
    owner,
    keys: { anon: after.anon, service_role: after.service_role, rotatedAnon: before.anon, otherAnon: other.anon },
    user: undefined as never,
    unique: (label) => `${label}-${++n}-${crypto.randomBytes(3).toString('hex')}`,
    nextId: () => ++id,
  }
  await ownerSql(w, SCHEMA_SQL)
  w.user = await newUser(w, 'the-user')
  const shared = await projectCall(w, 'service', 'POST', '/storage/v1/object/walk-public/shared.txt', { rawBody: 'shared bytes', headers: { 'Content-Type': 'text/plain' } })
  expect(shared.status, JSON.stringify(shared.body)).toBe(200)
  return w
}
