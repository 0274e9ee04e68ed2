import { DESTRUCTIVE_KIND_LABELS, findDestructiveStatements } from '@/lib/sql/statements'

const kinds = (sql: string) => findDestructiveStatements(sql).map((s) => [s.kind, s.text])
const isSafe = (sql: string) => findDestructiveStatements(sql).length === 0

describe('findDestructiveStatements', () => {
  it('flags DROP of any object, in any case', () => {
    expect(kinds('drop table todos')).toEqual([['drop', 'drop table todos']])
    expect(kinds('DROP SCHEMA app CASCADE')).toEqual([['drop', 'DROP SCHEMA app CASCADE']])
    expect(kinds('Drop Function if exists f(int)')).toEqual([['drop', 'Drop Function if exists f(int)']])
    expect(kinds('drop index concurrently i; drop view v; drop policy p on t')).toHaveLength(3)
  })

  it('flags TRUNCATE', () => {
    expect(kinds('truncate todos restart identity')).toEqual([['truncate', 'truncate todos restart identity']])
    expect(kinds('TRUNCATE TABLE a, b CASCADE')).toEqual([['truncate', 'TRUNCATE TABLE a, b CASCADE']])
  })

  it('flags DELETE without WHERE and not DELETE with WHERE', () => {
    expect(kinds('delete from todos')).toEqual([['delete-without-where', 'delete from todos']])
    expect(kinds('DELETE FROM only todos RETURNING *')).toEqual([['delete-without-where', 'DELETE FROM only todos RETURNING *']])
    expect(isSafe('delete from todos where id = 1')).toBe(true)
    expect(isSafe('DELETE FROM todos t USING users u WHERE t.owner = u.id')).toBe(true)
    expect(isSafe('delete from todos where current of c')).toBe(true)
  })

  it('judges a DELETE by the WHERE at its own level, not one in a subquery', () => {
    expect(kinds('delete from todos using (select id from users where banned) b')).toEqual([
      ['delete-without-where', 'delete from todos using (select id from users where banned) b'],
    ])
    expect(isSafe('delete from todos where owner in (select id from users)')).toBe(true)
  })

  it('judges each data-modifying CTE on its own', () => {
    expect(isSafe('with gone as (delete from a where x returning *) select * from gone')).toBe(true)
    expect(kinds('with gone as (delete from a returning *) select * from gone')).toHaveLength(1)
    expect(kinds('with gone as (delete from a where id = 1 returning *) delete from b')).toHaveLength(1)
    expect(isSafe('with gone as (delete from a where id = 1 returning *) delete from b where id in (select id from gone)')).toBe(true)
  })

  it('flags ALTER … DROP and not other ALTERs', () => {
    expect(kinds('alter table todos drop column done')).toEqual([['alter-drop', 'alter table todos drop column done']])
    expect(kinds('ALTER TABLE todos DROP CONSTRAINT todos_pkey')).toHaveLength(1)
    expect(kinds('alter table t alter column c drop default')).toHaveLength(1)
    expect(kinds('alter type mood drop attribute x')).toHaveLength(1)
    expect(isSafe('alter table todos add column done boolean')).toBe(true)
    expect(isSafe('alter table todos rename column dropped_at to removed_at')).toBe(true)
  })

  it('never counts words inside strings, quoted identifiers, dollar quotes or comments', () => {
    expect(isSafe("select 'drop table todos'")).toBe(true)
    expect(isSafe('select 1 as "drop"; select "truncate" from t')).toBe(true)
    expect(isSafe('select $$delete from todos$$')).toBe(true)
    expect(isSafe('-- drop table todos\nselect 1')).toBe(true)
    expect(isSafe('/* truncate t; */ select 1')).toBe(true)
    expect(isSafe("alter table t add column note text default 'drop'")).toBe(true)
    expect(isSafe('select drop_date, truncated from t')).toBe(true)
  })

  it('does not flag DELETE stored for later (functions, rules, triggers, grants, foreign keys)', () => {
    expect(isSafe('create function purge() returns void language sql as $$ delete from t $$')).toBe(true)
    expect(isSafe('create function purge() returns void language sql begin atomic delete from t; end')).toBe(true)
    expect(isSafe('create rule r as on insert to t do instead delete from u')).toBe(true)
    expect(isSafe('create trigger tr before delete on t for each row execute function f()')).toBe(true)
    expect(isSafe('grant delete on t to app')).toBe(true)
    expect(isSafe('create table c (p int references p (id) on delete cascade)')).toBe(true)
  })

  it('flags EXPLAIN ANALYZE of a destructive statement (it runs it) but not plain EXPLAIN', () => {
    expect(kinds('explain analyze delete from todos')).toHaveLength(1)
    expect(kinds('explain (analyze, buffers) delete from todos')).toHaveLength(1)
    expect(isSafe('explain delete from todos')).toBe(true)
    expect(isSafe('explain (analyze false) delete from todos')).toBe(true)
    expect(isSafe('explain analyze delete from todos where id = 1')).toBe(true)
  })

  it('flags DROP, TRUNCATE, DELETE and ALTER … DROP run inside a DO block', () => {
    expect(kinds('do $$ begin drop table t; end $$')).toEqual([['drop', 'do $$ begin drop table t; end $$']])
    expect(kinds('do $$ declare n int; begin if true then truncate t; end if; end $$')[0][0]).toBe('truncate')
    expect(kinds("do 'begin delete from t; end'")[0][0]).toBe('delete-without-where')
    expect(kinds('do language plpgsql $x$ begin alter table t drop column c; end $x$')[0][0]).toBe('alter-drop')
    expect(isSafe('do $$ begin delete from t where id = 1; raise notice $q$drop$q$; end $$')).toBe(true)
  })

  it('lists each destructive statement of a script with its offsets, and only those', () => {
    const sql = 'select 1;\ndrop table a;\ninsert into b values (1);\ndelete from c;\n'
    const found = findDestructiveStatements(sql)
    expect(found.map((f) => f.kind)).toEqual(['drop', 'delete-without-where'])
    for (const f of found) expect(sql.slice(f.start, f.end)).toBe(f.text)
  })

  it('passes ordinary scripts', () => {
    expect(
      isSafe(`create table todos (id bigint generated always as identity primary key, title text);
insert into todos (title) values ('a'), ('b');
update todos set title = 'c' where id = 1;
select * from todos order by id;`)
    ).toBe(true)
    expect(isSafe('')).toBe(true)
  })

  it('labels every kind for the confirmation', () => {
    expect(DESTRUCTIVE_KIND_LABELS).toEqual({
      drop: 'DROP',
      truncate: 'TRUNCATE',
      'delete-without-where': 'DELETE without WHERE',
      'alter-drop': 'ALTER … DROP',
    })
  })
})
