import { splitStatements } from '@/lib/sql/statements'
import { tokenize } from '@/lib/sql/lexer'

const texts = (sql: string) => splitStatements(sql).map((s) => s.text)

describe('splitStatements', () => {
  it('splits on semicolons and trims whitespace', () => {
    expect(texts('select 1;  select 2 ;\n\nselect 3')).toEqual(['select 1', 'select 2', 'select 3'])
  })

  it('gives nothing for empty, blank and comment-only scripts', () => {
    expect(splitStatements('')).toEqual([])
    expect(splitStatements('   \n\t ')).toEqual([])
    expect(splitStatements(';;; ;')).toEqual([])
    expect(splitStatements('-- just a note\n/* and another */')).toEqual([])
  })

  it('reports offsets that slice the statement out of the script', () => {
    const sql = '  select 1;\n  insert into t values (2) ;'
    const statements = splitStatements(sql)
    expect(statements).toEqual([
      { text: 'select 1', start: 2, end: 10 },
      { text: 'insert into t values (2)', start: 14, end: 38 },
    ])
    for (const s of statements) expect(sql.slice(s.start, s.end)).toBe(s.text)
  })

  it('ignores semicolons inside single-quoted strings, with doubled quotes', () => {
    expect(texts("select 'a;b'; select 'it''s; fine'; select ''")).toEqual(["select 'a;b'", "select 'it''s; fine'", "select ''"])
  })

  it('handles E-strings with backslash escapes', () => {
    expect(texts("select E'it\\'s; here'; select e'\\\\'; select 2")).toEqual(["select E'it\\'s; here'", "select e'\\\\'", 'select 2'])
  })

  it('does not treat a backslash as an escape in a standard string', () => {
    expect(texts("select 'C:\\'; select 2")).toEqual(["select 'C:\\'", 'select 2'])
  })

  it('handles U&, B, X and N prefixed strings and U& identifiers', () => {
    expect(texts("select U&'d\\0061;t'; select B'10;'; select X'1F'; select N'a;b'; select U&\"a;b\"")).toEqual([
      "select U&'d\\0061;t'",
      "select B'10;'",
      "select X'1F'",
      "select N'a;b'",
      'select U&"a;b"',
    ])
  })

  it('ignores semicolons inside quoted identifiers, with doubled quotes', () => {
    expect(texts('select 1 as "a;b"; select 1 as "say ""hi;"""')).toEqual(['select 1 as "a;b"', 'select 1 as "say ""hi;"""'])
  })

  it('ignores semicolons inside dollar quotes, tagged or not', () => {
    const fn = `create function f() returns int language plpgsql as $$ begin perform 1; return 2; end $$`
    const tagged = `do $body$ begin raise notice '$$;'; end $body$`
    expect(texts(`${fn}; ${tagged}; select 3`)).toEqual([fn, tagged, 'select 3'])
  })

  it('only closes a dollar quote with the same tag', () => {
    const sql = 'select $a$ one $b$; two $b$; three $a$; select 2'
    expect(texts(sql)).toEqual(['select $a$ one $b$; two $b$; three $a$', 'select 2'])
  })

  it('does not mistake parameters or identifiers with "$" for dollar quotes', () => {
    expect(texts('select $1; select a$b$c from t; select 2')).toEqual(['select $1', 'select a$b$c from t', 'select 2'])
  })

  it('ignores semicolons in line and nested block comments', () => {
    const sql = 'select 1 -- not; a split\n; /* outer /* inner; */ still; */ select 2'
    expect(texts(sql)).toEqual(['select 1 -- not; a split', '/* outer /* inner; */ still; */ select 2'])
  })

  it('keeps comments leading a statement with it', () => {
    expect(texts('-- make it\ncreate table t (id int);\n-- fill it\ninsert into t values (1)')).toEqual([
      '-- make it\ncreate table t (id int)',
      '-- fill it\ninsert into t values (1)',
    ])
  })

  it('does not split inside parentheses (psql does not either)', () => {
    expect(texts('create rule r as on insert to t do also (insert into a values (1); insert into b values (2)); select 1')).toEqual([
      'create rule r as on insert to t do also (insert into a values (1); insert into b values (2))',
      'select 1',
    ])
  })

  it('keeps a BEGIN ATOMIC routine body, CASE … END included, in one statement', () => {
    const fn = `create or replace function add(a int, b int) returns int language sql
begin atomic
  select case when a is null then 0 else a end + b;
  select 1;
end`
    expect(texts(`${fn}; select 2`)).toEqual([fn, 'select 2'])
    const proc = 'create procedure p() begin atomic insert into t values (1); end'
    expect(texts(`${proc};select 3`)).toEqual([proc, 'select 3'])
  })

  it('splits transaction blocks: BEGIN outside a routine is a statement of its own', () => {
    expect(texts('begin; delete from t where id = 1; commit;')).toEqual(['begin', 'delete from t where id = 1', 'commit'])
  })

  it('runs unterminated strings, identifiers, dollar quotes and comments to the end', () => {
    expect(texts("select 'open; select 2")).toEqual(["select 'open; select 2"])
    expect(texts('select "open; select 2')).toEqual(['select "open; select 2'])
    expect(texts('select $$open; select 2')).toEqual(['select $$open; select 2'])
    expect(texts('select 1 /* open; select 2')).toEqual(['select 1 /* open; select 2'])
  })

  it('copes with non-ASCII identifiers and text', () => {
    expect(texts('select 1 as café; select \'🐘;\' as émoji')).toEqual(['select 1 as café', "select '🐘;' as émoji"])
  })
})

describe('tokenize', () => {
  it('lower-cases words and unescapes quoted identifiers', () => {
    expect(tokenize('SELECT "My ""Col""" FROM t').map((t) => [t.kind, t.value])).toEqual([
      ['word', 'select'],
      ['quoted-identifier', 'My "Col"'],
      ['word', 'from'],
      ['word', 't'],
    ])
  })

  it('reads numbers, including exponents with a sign', () => {
    expect(tokenize('select 1.5e-3, .5, 42').filter((t) => t.kind === 'number').map((t) => t.value)).toEqual(['1.5e-3', '.5', '42'])
  })

  it('gives a dollar-quoted token its body as value', () => {
    const [, body] = tokenize('do $x$ begin null; end $x$')
    expect(body).toMatchObject({ kind: 'dollar-string', value: ' begin null; end ' })
  })
})
