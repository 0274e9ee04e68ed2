import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * CSV answers of the project REST API (`Accept: text/csv`, supabase-js's `.csv()`), as PostgREST
 * sends them: a header line, a line per row, fields quoted as RFC 4180 asks (commas, quotes and
 * line breaks inside values), NULL an empty field, values in Postgres's text form.
 */
describe('the project REST API answering CSV', () => {
  let p: RestProject
  const csv = (path: string, key = p.keys.service_role, init: RequestInit = {}) =>
    p.rest(path, { ...init, headers: { apikey: key, Accept: 'text/csv', ...init.headers } })

  beforeAll(async () => {
    p = await startRestProject('Csv')
    await p.run(`create table public.lines (id int primary key, label text, done boolean, tags text[] not null default '{}');
      alter table public.lines enable row level security;
      create policy anon_reads_done on public.lines for select to anon using (done);
      insert into public.lines values
        (1, 'plain', true, '{a,b}'), (2, 'a, b', false, '{}'), (3, 'say "hi"', null, '{x}'),
        (4, E'two\\nlines', true, '{}'), (5, '', false, '{}'), (6, null, null, '{}'), (7, E'back\\\\slash', true, '{}');
      create function public.lines_after(n int) returns setof public.lines language sql stable as 'select * from public.lines where id > n';
      create function public.twice(n int) returns int language sql immutable as 'select n * 2';`)
  }, 120_000)
  afterAll(async () => p?.platform.close())

  it('answers supabase-js .csv() with a header and every value quoted as RFC 4180 asks', async () => {
    const { data, error, status } = await p.client(p.keys.service_role).from('lines').select('id,label,done,tags').order('id').csv()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toBe([
      'id,label,done,tags',
      '1,plain,t,"{a,b}"',
      '2,"a, b",f,{}',
      '3,"say ""hi""",,{x}',
      '4,"two\nlines",t,{}',
      '5,"",f,{}',
      '6,,,{}',
      '7,"back\\slash",t,{}',
    ].join('\n'))
  })

  it('sends text/csv with the Content-Range of the rows, under row level security', async () => {
    const res = await csv('lines?select=id,label&order=id', p.keys.anon)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-range')).toBe('0-2/*')
    expect(await res.text()).toBe('id,label\n1,plain\n4,"two\nlines"\n7,"back\\slash"')
    const counted = await csv('lines?select=id&order=id&limit=2', p.keys.service_role, { headers: { Prefer: 'count=exact' } })
    expect(counted.status).toBe(206)
    expect(counted.headers.get('content-range')).toBe('0-1/7')
    expect(await counted.text()).toBe('id\n1\n2')
  })

  it('names renamed columns in the header, quoting a name that needs it, and answers no rows with an empty body', async () => {
    const res = await csv('lines?select=n:id,"odd, name":label&id=eq.2')
    expect(await res.text()).toBe('n,"odd, name"\n2,"a, b"')
    const none = await csv('lines?select=id&id=gt.100')
    expect(none.status).toBe(200)
    expect(none.headers.get('content-range')).toBe('*/*')
    expect(await none.text()).toBe('')
  })

  it('answers functions and the rows a write returns as CSV too', async () => {
    const rows = await p.client(p.keys.service_role).rpc('lines_after', { n: 5 }).select('id,label').order('id').csv()
    expect(rows.data).toBe('id,label\n6,\n7,"back\\slash"')
    const value = await csv('rpc/twice?n=21')
    expect(value.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await value.text()).toBe('twice\n42')
    const written = await csv('lines?select=id,label', p.keys.service_role, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify([{ id: 8, label: 'new, "quoted"' }]),
    })
    expect(written.status).toBe(201)
    expect(await written.text()).toBe('id,label\n8,"new, ""quoted"""')
  })
})
