import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * Issue 24: embedding as PostgREST 13 answers it. Which relationship an embed names (the table,
 * a foreign key's name, a column; hints by constraint or column), its cardinality (a unique or
 * primary-key foreign key is one-to-one: an object), self references both ways, many-to-many
 * through a junction table, relationships through views, and the errors when none or several fit.
 */
describe('the project REST API embedding related rows', () => {
  let p: RestProject
  const get = async (path: string) => {
    const res = await p.rest(path, { headers: { apikey: p.keys.service_role } })
    return { status: res.status, body: (await res.json()) as unknown }
  }

  beforeAll(async () => {
    p = await startRestProject('Embeds')
    await p.run(`create table public.people (handle text primary key, city text);
      create table public.cards (holder text primary key references public.people(handle), colour text);
      create table public.duels (id int primary key, challenger text not null references public.people, rival text references public.people);
      create table public.folders (id int primary key, name text, parent int references public.folders(id));
      create table public.books (id int primary key, title text);
      create table public.shelves (id int primary key, label text);
      create table public.book_shelves (book int references public.books, shelf int references public.shelves, primary key (book, shelf));
      create table public.notes (id int primary key, body text, author text not null references public.people);
      create view public.people_view as select handle as who, city from public.people;
      create function public.shout(public.notes) returns text language sql stable as 'select upper($1.body)';
      insert into public.people values ('ann', 'Oslo'), ('bob', 'Rome'), ('cy', null);
      insert into public.cards values ('ann', 'red');
      insert into public.duels values (1, 'ann', 'bob'), (2, 'ann', null);
      insert into public.folders values (1, 'root', null), (2, 'a', 1), (3, 'b', 1), (4, 'a1', 2);
      insert into public.books values (1, 'Emma'), (2, 'Ulysses');
      insert into public.shelves values (1, 'classics'), (2, 'long'), (3, 'empty');
      insert into public.book_shelves values (1, 1), (2, 1), (2, 2);
      insert into public.notes values (1, 'hi', 'ann'), (2, 'yo', 'ann'), (3, 'hey', 'bob');`)
  }, 120_000)
  afterAll(async () => p?.platform.close())

  it('embeds a primary-key foreign key as one object either way, and a plain one as an array one way and an object the other', async () => {
    expect((await get('people?select=handle,cards(colour)&order=handle')).body).toEqual([
      { handle: 'ann', cards: { colour: 'red' } }, { handle: 'bob', cards: null }, { handle: 'cy', cards: null },
    ])
    expect((await get('cards?select=holder,people(city)')).body).toEqual([{ holder: 'ann', people: { city: 'Oslo' } }])
    expect((await get('people?select=handle,notes(id)&handle=eq.ann')).body).toEqual([{ handle: 'ann', notes: [{ id: 1 }, { id: 2 }] }])
    expect((await get('notes?select=id,people(handle)&id=eq.3')).body).toEqual([{ id: 3, people: { handle: 'bob' } }])
  })

  it('names a relationship by a foreign key or a column of the origin, the column giving way to the embedded object', async () => {
    expect((await get('people?select=handle,mine:duels_challenger_fkey(id)&handle=eq.ann')).body).toEqual([{ handle: 'ann', mine: [{ id: 1 }, { id: 2 }] }])
    expect((await get('duels?select=id,challenger(city)&id=eq.1')).body).toEqual([{ id: 1, challenger: { city: 'Oslo' } }])
    expect((await get('duels?select=id,r:people!rival(handle),c:people!duels_challenger_fkey(handle)&order=id')).body).toEqual([
      { id: 1, r: { handle: 'bob' }, c: { handle: 'ann' } }, { id: 2, r: null, c: { handle: 'ann' } },
    ])
    expect((await get('people?select=handle,duels!rival(id)&order=handle')).body).toEqual([
      { handle: 'ann', duels: [] }, { handle: 'bob', duels: [{ id: 1 }] }, { handle: 'cy', duels: [] },
    ])
  })

  it('answers several fitting relationships with PGRST201 and the ones to choose, and none with PGRST200', async () => {
    const both = await get('duels?select=people(*)')
    expect(both.status).toBe(300)
    expect(both.body).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'duels' and 'people'",
      details: [
        { cardinality: 'many-to-one', embedding: 'duels with people', relationship: 'duels_challenger_fkey using duels(challenger) and people(handle)' },
        { cardinality: 'many-to-one', embedding: 'duels with people', relationship: 'duels_rival_fkey using duels(rival) and people(handle)' },
      ],
      hint: "Try changing 'people' to one of the following: 'people!duels_challenger_fkey', 'people!duels_rival_fkey'. Find the desired relationship in the 'details' key.",
    })
    const back = await get('people?select=duels(*)')
    expect((back.body as { details: { cardinality: string }[] }).details.map((d) => d.cardinality)).toEqual(['one-to-many', 'one-to-many'])
    expect(await get('notes?select=id,nothing(*)')).toEqual({ status: 400, body: {
      code: 'PGRST200', message: "Could not find a relationship between 'notes' and 'nothing' in the schema cache",
      details: "Searched for a foreign key relationship between 'notes' and 'nothing' in the schema 'public', but no matches were found.", hint: null,
    } })
    expect(((await get('notes?select=id,people!nope(*)')).body as { details: string }).details)
      .toBe("Searched for a foreign key relationship between 'notes' and 'people' using the hint 'nope' in the schema 'public', but no matches were found.")
  })

  it('answers the same embedded name twice under one parent as Postgres does (42712)', async () => {
    expect(await get('duels?select=people!rival(*),people!challenger(*)')).toEqual({ status: 400, body: {
      code: '42712', message: 'table name "duels_people_1" specified more than once', details: null, hint: null,
    } })
  })

  it('embeds a self reference: the table name the children, the column the parent', async () => {
    expect((await get('folders?select=id,folders(id)&id=eq.1')).body).toEqual([{ id: 1, folders: [{ id: 2 }, { id: 3 }] }])
    expect((await get('folders?select=id,parent(name)&id=in.(1,4)&order=id')).body).toEqual([{ id: 1, parent: null }, { id: 4, parent: { name: 'a' } }])
  })

  it('embeds many-to-many through a junction table, filtered and ordered like any embed', async () => {
    expect((await get('books?select=title,shelves(label)&order=id')).body).toEqual([
      { title: 'Emma', shelves: [{ label: 'classics' }] }, { title: 'Ulysses', shelves: [{ label: 'classics' }, { label: 'long' }] },
    ])
    expect((await get('shelves?select=label,books(title)&books.order=id.desc&id=eq.1')).body).toEqual([{ label: 'classics', books: [{ title: 'Ulysses' }, { title: 'Emma' }] }])
    expect((await get('shelves?select=label,books!inner(title)&books.title=eq.Emma')).body).toEqual([{ label: 'classics', books: [{ title: 'Emma' }] }])
  })

  it('embeds through a view whose columns come from the referenced table', async () => {
    expect((await get('notes?select=id,people_view(who,city)&order=id&limit=1')).body).toEqual([{ id: 1, people_view: { who: 'ann', city: 'Oslo' } }])
    expect((await get('people_view?select=who,notes(id)&who=eq.bob')).body).toEqual([{ who: 'bob', notes: [{ id: 3 }] }])
  })

  it('leaves out an embed with no fields, which still filters with !inner, and takes or, computed fields and !inner on to-many', async () => {
    expect((await get('people?select=handle,notes()&order=handle')).body).toEqual([{ handle: 'ann' }, { handle: 'bob' }, { handle: 'cy' }])
    expect((await get('people?select=handle,notes!inner()&notes.body=eq.hey')).body).toEqual([{ handle: 'bob' }])
    expect((await get('people?select=notes()&handle=eq.ann')).body).toEqual([{}])
    expect((await get('people?select=handle,notes(id,shout)&notes.or=(id.eq.2,body.eq.hey)&order=handle')).body).toEqual([
      { handle: 'ann', notes: [{ id: 2, shout: 'YO' }] }, { handle: 'bob', notes: [{ id: 3, shout: 'HEY' }] }, { handle: 'cy', notes: [] },
    ])
    expect((await get('people?select=handle,notes!author!inner(id)&order=handle')).body).toEqual([
      { handle: 'ann', notes: [{ id: 1 }, { id: 2 }] }, { handle: 'bob', notes: [{ id: 3 }] },
    ])
  })
})
