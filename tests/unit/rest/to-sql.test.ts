import { arrayLiteral, fieldToSql, filtersToSql, orderToSql, parseFilter, parseOrder, rangeToSql, type SqlContext } from '@/lib/rest'

const types: Record<string, string> = { tags: 'text[]', data: 'jsonb', during: 'tstzrange', n: 'int4' }
const ctx: SqlContext = { alias: 't', columnType: (c) => types[c] }
/** The SQL of `key=value` on alias t. */
const sql = (key: string, value: string, context: SqlContext = ctx) => filtersToSql([parseFilter(key, value).node], context)

describe('filtersToSql: comparisons', () => {
  it.each([
    ['eq', '='], ['neq', '<>'], ['gt', '>'], ['gte', '>='], ['lt', '<'], ['lte', '<='],
    ['match', '~'], ['imatch', '~*'], ['isdistinct', 'is distinct from'],
  ])('%s is %s with the value as a parameter', (op, sqlOp) => {
    expect(sql('name', `${op}.O'Brien; drop`)).toEqual({ sql: `"t"."name" ${sqlOp} $1`, params: ["O'Brien; drop"] })
  })

  it('turns * into % for like and ilike only', () => {
    expect(sql('name', 'like.*ann*')).toEqual({ sql: '"t"."name" like $1', params: ['%ann%'] })
    expect(sql('name', 'ilike.A*')).toEqual({ sql: '"t"."name" ilike $1', params: ['A%'] })
    expect(sql('name', 'match.^a*')).toEqual({ sql: '"t"."name" ~ $1', params: ['^a*'] })
  })

  it('writes is with key words, never parameters', () => {
    expect(sql('x', 'is.null')).toEqual({ sql: '"t"."x" is null', params: [] })
    expect(sql('x', 'is.not_null')).toEqual({ sql: '"t"."x" is not null', params: [] })
    expect(sql('x', 'is.TRUE')).toEqual({ sql: '"t"."x" is true', params: [] })
    expect(sql('x', 'is.false')).toEqual({ sql: '"t"."x" is false', params: [] })
    expect(sql('x', 'is.unknown')).toEqual({ sql: '"t"."x" is unknown', params: [] })
  })

  it('sends in lists as one array parameter, cast to the column type when known', () => {
    expect(sql('name', 'in.(a,"b,c","d\\"e")')).toEqual({ sql: '"t"."name" = any($1)', params: ['{"a","b,c","d\\"e"}'] })
    expect(sql('n', 'in.(1,2)')).toEqual({ sql: '"t"."n" = any($1::int4[])', params: ['{"1","2"}'] })
    expect(sql('n', 'in.()')).toEqual({ sql: '"t"."n" = any($1::int4[])', params: ['{}'] })
  })

  it('casts contains, contained, overlap and range operators to the column type', () => {
    expect(sql('tags', 'cs.{a,b}')).toEqual({ sql: '"t"."tags" @> $1::text[]', params: ['{a,b}'] })
    expect(sql('tags', 'cd.{a,b}')).toEqual({ sql: '"t"."tags" <@ $1::text[]', params: ['{a,b}'] })
    expect(sql('data', 'cs.{"a":1}')).toEqual({ sql: '"t"."data" @> $1::jsonb', params: ['{"a":1}'] })
    expect(sql('tags', 'ov.{a}')).toEqual({ sql: '"t"."tags" && $1::text[]', params: ['{a}'] })
    const ranges = ['sl', '<<', 'sr', '>>', 'nxr', '&<', 'nxl', '&>', 'adj', '-|-']
    for (let i = 0; i < ranges.length; i += 2) {
      expect(sql('during', `${ranges[i]}.[1,2)`)).toEqual({ sql: `"t"."during" ${ranges[i + 1]} $1::tstzrange`, params: ['[1,2)'] })
    }
    expect(sql('other', 'cs.{a}')).toEqual({ sql: '"t"."other" @> $1', params: ['{a}'] })
  })

  it('refuses a column type that could end the statement', () => {
    expect(() => sql('x', 'cs.{a}', { alias: 't', columnType: () => 'int; drop table x' })).toThrow('Not a type name: int; drop table x')
  })

  it('writes quantified operators over one array parameter', () => {
    expect(sql('name', 'like(any).{a*,*b}')).toEqual({ sql: '"t"."name" like any($1::text[])', params: ['{"a%","%b"}'] })
    expect(sql('name', 'imatch(all).{^a,b$}')).toEqual({ sql: '"t"."name" ~* all($1::text[])', params: ['{"^a","b$"}'] })
    expect(sql('n', 'gt(all).{1,2}')).toEqual({ sql: '"t"."n" > all($1::int4[])', params: ['{"1","2"}'] })
    expect(sql('name', 'eq(any).{x,y}')).toEqual({ sql: '"t"."name" = any($1)', params: ['{"x","y"}'] })
  })

  it('writes full text search with an optional configuration', () => {
    expect(sql('body', 'fts.cat & dog')).toEqual({ sql: '"t"."body" @@ to_tsquery($1::text)', params: ['cat & dog'] })
    expect(sql('body', 'plfts(english).cat dog')).toEqual({ sql: '"t"."body" @@ plainto_tsquery($1::regconfig, $2::text)', params: ['english', 'cat dog'] })
    expect(sql('body', 'phfts.a b')).toEqual({ sql: '"t"."body" @@ phraseto_tsquery($1::text)', params: ['a b'] })
    expect(sql('body', 'wfts.a or b')).toEqual({ sql: '"t"."body" @@ websearch_to_tsquery($1::text)', params: ['a or b'] })
  })

  it('negates with not (...)', () => {
    expect(sql('n', 'not.eq.1')).toEqual({ sql: 'not ("t"."n" = $1)', params: ['1'] })
    expect(sql('n', 'not.is.null')).toEqual({ sql: 'not ("t"."n" is null)', params: [] })
  })
})

describe('filtersToSql: names, JSON paths, logic and numbering', () => {
  it('quotes the alias and every name', () => {
    expect(sql('"we\\"ird"', 'eq.1', { alias: 'my alias' })).toEqual({ sql: '"my alias"."we""ird" = $1', params: ['1'] })
  })

  it('sends JSON keys as parameters and types the compared value by the last arrow', () => {
    expect(sql('data->a->>b', 'eq.x')).toEqual({ sql: '"t"."data"->$1::text->>$2::text = $3', params: ['a', 'b', 'x'] })
    expect(sql('data->0->k', 'cs.{"a":1}')).toEqual({ sql: '"t"."data"->$1::int->$2::text @> $3::jsonb', params: [0, 'k', '{"a":1}'] })
    expect(sql('data->>k', 'in.(a,b)')).toEqual({ sql: '"t"."data"->>$1::text = any($2::text[])', params: ['k', '{"a","b"}'] })
  })

  it('writes logic trees with their nesting and negation', () => {
    expect(sql('or', '(a.eq.1,and(b.gt.2,c.lt.3))')).toEqual({
      sql: '("t"."a" = $1 or ("t"."b" > $2 and "t"."c" < $3))', params: ['1', '2', '3'],
    })
    expect(sql('not.and', '(a.is.null,not.or(b.not.eq.x,c.in.(1,2)))')).toEqual({
      sql: 'not ("t"."a" is null and not (not ("t"."b" = $1) or "t"."c" = any($2)))', params: ['x', '{"1","2"}'],
    })
  })

  it('joins several filters with and, and is true for none', () => {
    const nodes = [parseFilter('a', 'eq.1').node, parseFilter('or', '(b.eq.2,c.eq.3)').node]
    expect(filtersToSql(nodes, ctx)).toEqual({ sql: '"t"."a" = $1 and ("t"."b" = $2 or "t"."c" = $3)', params: ['1', '2', '3'] })
    expect(filtersToSql([], ctx)).toEqual({ sql: 'true', params: [] })
  })

  it('numbers on from parameters already taken, and returns them all', () => {
    expect(sql('a', 'eq.1', { alias: 't', params: ['before'] })).toEqual({ sql: '"t"."a" = $2', params: ['before', '1'] })
  })
})

describe('orderToSql and rangeToSql', () => {
  it('writes order terms', () => {
    expect(orderToSql(parseOrder('a.desc.nullslast,"B",data->>k.asc.nullsfirst'), { alias: 't', params: [1] })).toEqual({
      sql: '"t"."a" desc nulls last, "t"."B", "t"."data"->>$2::text asc nulls first', params: [1, 'k'],
    })
    expect(orderToSql([], ctx)).toEqual({ sql: '', params: [] })
  })

  it('writes limit and offset as parameters, each only when needed', () => {
    expect(rangeToSql({ offset: 0 })).toEqual({ sql: '', params: [] })
    expect(rangeToSql({ offset: 0, limit: 10 })).toEqual({ sql: 'limit $1', params: [10] })
    expect(rangeToSql({ offset: 20 }, { params: ['x'] })).toEqual({ sql: 'offset $2', params: ['x', 20] })
    expect(rangeToSql({ offset: 20, limit: 0 })).toEqual({ sql: 'limit $1 offset $2', params: [0, 20] })
  })
})

describe('fieldToSql', () => {
  it('writes a column with its JSON path, keys as parameters numbered after the given ones', () => {
    expect(fieldToSql({ name: 'Title', jsonPath: [] }, { alias: 't' })).toEqual({ sql: '"t"."Title"', params: [] })
    expect(fieldToSql({ name: 'data', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 0 }] }, { alias: 't', params: ['x'] })).toEqual({
      sql: '"t"."data"->$2::text->>$3::int', params: ['x', 'a', 0],
    })
  })
})

describe('arrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(arrayLiteral([])).toBe('{}')
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', 'NULL', ''])).toBe('{"a","b,c","d\\"e","f\\\\g","NULL",""}')
  })
})
