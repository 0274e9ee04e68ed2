import { filterSql, GraphqlInputError, jsonObjectSql, MAX_FILTER_NESTING, orderSql, orderTerms, quoteIdent, reverseDirection, SqlParams, type SqlColumn } from '@/lib/graphql/sql'
import { mapColumnType } from '@/lib/graphql/type-mapping'

const column = (name: string, base: string, typeSql: string, isArray = false): SqlColumn => ({ name, typeSql, type: mapColumnType({ base, isArray, isEnum: false }) })
const columns = new Map<string, SqlColumn>([
  ['id', column('id', 'int8', 'bigint')],
  ['title', column('title', 'text', 'text')],
  ['done', column('done', 'bool', 'boolean')],
  ['meta', column('meta', 'jsonb', 'jsonb')],
  ['addr', column('addr', 'inet', 'inet')],
  ['tags', column('tags', 'text', 'text[]', true)],
  ['we"ird', column('we"ird', 'text', 'text')],
])

describe('quoteIdent', () => {
  it('doubles quotes inside identifiers', () => {
    expect(quoteIdent('we"ird')).toBe('"we""ird"')
    expect(quoteIdent('posts')).toBe('"posts"')
  })
})

describe('filterSql', () => {
  it('turns every value into a parameter cast to the column type', () => {
    const params = new SqlParams()
    const sql = filterSql({ id: { gte: '10', lt: 20 }, title: { ilike: "%o'k%" }, done: { eq: true } }, columns, 'a', params)
    expect(sql).toBe(
      'a."id" >= cast($1::text as bigint) and a."id" < cast($2::text as bigint) and a."title"::text ilike $3::text and a."done" = cast($4::text as boolean)'
    )
    expect(params.values).toEqual(['10', '20', "%o'k%", 'true'])
    expect(sql).not.toContain("o'k")
  })

  it('builds in, is, and/or/not and quotes odd column names', () => {
    const params = new SqlParams()
    const sql = filterSql(
      { or: [{ id: { in: [1, 2] } }, { not: { title: { is: 'NULL' } } }], 'we"ird': { neq: 'x' }, addr: { eq: '10.0.0.1' } },
      columns,
      't0',
      params
    )
    expect(sql).toBe(
      '((t0."id" in (cast($1::text as bigint), cast($2::text as bigint))) or (not coalesce((t0."title" is null), false))) and t0."we""ird" <> cast($3::text as text) and t0."addr"::text = $4::text'
    )
    expect(params.values).toEqual(['1', '2', 'x', '10.0.0.1'])
  })

  it('treats an empty in-list as matching nothing and an empty filter as everything', () => {
    expect(filterSql({ id: { in: [] } }, columns, 'a', new SqlParams())).toBe('false')
    expect(filterSql({}, columns, 'a', new SqlParams())).toBe('true')
    expect(filterSql(null, columns, 'a', new SqlParams())).toBe('true')
    expect(filterSql({ id: { eq: null } }, columns, 'a', new SqlParams())).toBe('true')
  })

  it('refuses operators a column type does not have, unknown columns and runaway nesting', () => {
    expect(() => filterSql({ meta: { eq: '{}' } }, columns, 'a', new SqlParams())).toThrow(GraphqlInputError)
    expect(() => filterSql({ done: { gt: true } }, columns, 'a', new SqlParams())).toThrow(/done cannot be filtered with gt/)
    expect(() => filterSql({ nope: { eq: 1 } }, columns, 'a', new SqlParams())).toThrow(/Unknown column nope/)
    let deep: Record<string, unknown> = { id: { eq: 1 } }
    for (let i = 0; i <= MAX_FILTER_NESTING + 1; i++) deep = { not: deep }
    expect(() => filterSql(deep, columns, 'a', new SqlParams())).toThrow(/nest at most/)
  })

  it('tests lists and json only for null', () => {
    expect(filterSql({ tags: { is: 'NOT_NULL' }, meta: { is: 'NULL' } }, columns, 'a', new SqlParams())).toBe('a."tags" is not null and a."meta" is null')
    expect(() => filterSql({ tags: { eq: ['a'] } }, columns, 'a', new SqlParams())).toThrow(GraphqlInputError)
  })
})

describe('order', () => {
  it('reads one column per entry, in priority order', () => {
    const terms = orderTerms([{ title: 'AscNullsLast' }, { id: 'DescNullsFirst' }], columns)
    expect(orderSql(terms, 'a')).toBe('a."title" asc nulls last, a."id" desc nulls first')
    expect(orderSql([], 'a')).toBe('')
  })

  it('refuses entries naming several columns, json columns and unknown directions', () => {
    expect(() => orderTerms([{ title: 'AscNullsLast', id: 'AscNullsLast' }], columns)).toThrow(/exactly one column/)
    expect(() => orderTerms([{ meta: 'AscNullsLast' }], columns)).toThrow(/Cannot order by meta/)
    expect(() => orderTerms([{ id: 'Sideways' }], columns)).toThrow(/Unknown order direction/)
  })

  it('reverses directions (for last) keeping nulls at the same end of the result', () => {
    expect(reverseDirection('AscNullsFirst')).toBe('DescNullsLast')
    expect(reverseDirection('DescNullsLast')).toBe('AscNullsFirst')
  })
})

describe('jsonObjectSql', () => {
  it('splits objects past 50 keys (jsonb_build_object takes at most 100 arguments)', () => {
    const pairs = Array.from({ length: 120 }, (_, i) => [`k${i}`, `a."c${i}"`] as [string, string])
    const sql = jsonObjectSql(pairs)
    expect(sql.split('jsonb_build_object(').length - 1).toBe(3)
    expect(sql).toContain(' || ')
    expect(jsonObjectSql([])).toBe("'{}'::jsonb")
  })
})
