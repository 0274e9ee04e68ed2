import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getServerConfig } from '@/lib/config'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 12: a project API request holds to its role even when code the project wrote tries to
 * leave it, and leaves nothing behind for the next request on the same connection. On a
 * Postgres server requests connect as the project's `_api` login role (api-requests.ts), which
 * has no rights of its own; on PGlite they run in the jail, which refuses any change of role.
 */
describe('the project API roles', () => {
  let platform: TestPlatform
  let ref: string
  let anon: string
  const rpc = (name: string, args: Record<string, unknown> = {}) =>
    fetch(`${platform.projectUrl(ref)}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    })

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const user = await platform.createUser()
    const org = await createOrg('pro', [[user.id, 'Owner']])
    ref = (await createActiveProject(platform, user.token, org.slug, 'Roles')).ref
    const made = await sql(platform, user.token, ref, `create table public.secrets (id int primary key, value text not null);
      insert into public.secrets values (1, 'the owner''s only');
      revoke all on public.secrets from anon, authenticated, service_role;
      create function public.escape() returns text language plpgsql as $$
        begin reset role; return (select value from public.secrets where id = 1); end $$;
      create function public.leave_search_path() returns text language plpgsql as $$
        begin perform set_config('search_path', 'nowhere', false); perform set_config('statement_timeout', '1', false);
        return current_setting('search_path'); end $$;
      create function public.settings() returns json language sql as $$
        select json_build_object('search_path', current_setting('search_path'), 'user', current_user::text, 'session', session_user::text,
          'claims', current_setting('request.jwt.claims', true)) $$;`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: user.token })
    anon = (res.body as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!.api_key
  }, 120_000)
  afterAll(async () => platform?.close())

  it('runs as anon, and a function that resets the role reaches nothing the role could not', async () => {
    const settings = await rpc('settings')
    expect(settings.status).toBe(200)
    const seen = (await settings.json()) as { user: string; session: string; claims: string }
    expect(seen.user).toBe('anon')
    expect(JSON.parse(seen.claims)).toMatchObject({ role: 'anon', ref })
    if (getServerConfig().databaseUrl) expect(seen.session).toBe(`project_${ref}_api`)

    const escaped = await rpc('escape')
    const text = await escaped.text()
    expect(escaped.status, text).toBeGreaterThanOrEqual(400)
    expect(escaped.status, text).toBeLessThan(500)
    expect(text).not.toContain("the owner's only")
    expect(JSON.parse(text)).toMatchObject({ code: expect.stringMatching(/^(42501|0A000|42P01)$/) })
  })

  it('leaves no setting a request made to the next request', async () => {
    expect((await rpc('leave_search_path')).status).toBe(200)
    // Every connection of the pool serves one of these: none keeps the changed settings.
    const answers = await Promise.all(Array.from({ length: 12 }, () => rpc('settings').then((r) => r.json() as Promise<{ search_path: string; claims: string }>)))
    for (const answer of answers) {
      expect(answer.search_path).not.toBe('nowhere')
      expect(JSON.parse(answer.claims).role).toBe('anon')
    }
  })
})
