import { parseSelect, RestError, type SelectColumn } from '@/lib/rest'
import { aggregateSql, aggregatesHere, checkToManySpread, expandStars, groupBySql, toManySpreadColumn, unaggregated } from '@/server/rest/aggregate-sql'

const column = (raw: string) => parseSelect(raw)[0] as SelectColumn

describe('the SQL of aggregates in a select list', () => {
  it('applies the function and the cast of its value, unquoted casts as parsed', () => {
    expect(aggregateSql(column('n:count()::int'), '*')).toBe('pg_catalog.count(*)::int')
    expect(aggregateSql(column('score.sum()::text'), '"t"."score"')).toBe('pg_catalog.sum("t"."score")::text')
    expect(unaggregated(column('a:score::numeric.avg()::int'))).toEqual({ type: 'column', name: 'score', jsonPath: [], alias: 'a', cast: 'numeric' })
  })

  it("sees a list's own aggregates and its spreads', not an embedded resource's", () => {
    expect(aggregatesHere(parseSelect('id,count()'))).toBe(true)
    expect(aggregatesHere(parseSelect('id,...rel(x.max())'))).toBe(true)
    expect(aggregatesHere(parseSelect('id,rel(x.max())'))).toBe(false)
  })

  it('groups by the positions of the columns that do not aggregate, and only when one does', () => {
    expect(groupBySql([{ sql: 'a', aggregate: false }, { sql: 'b', aggregate: true }, { sql: 'c', aggregate: false }])).toBe(' group by 1, 3')
    expect(groupBySql([{ sql: 'b', aggregate: true }])).toBe('')
    expect(groupBySql([{ sql: 'a', aggregate: false }])).toBe('')
  })

  it('names every column for `*` where the list aggregates, and refuses it when the columns are unknown', () => {
    expect(expandStars(parseSelect('*'), ['a', 'b'])).toEqual(parseSelect('*'))
    expect(expandStars(parseSelect('*,count()'), ['a', 'b'])).toEqual(parseSelect('a,b,count()'))
    expect(() => expandStars(parseSelect('*,count()'), [])).toThrow(RestError)
  })

  it('refuses aggregates in a to-many spread with PGRST127 and writes its columns as arrays', () => {
    expect(() => checkToManySpread(parseSelect('id.sum()'))).toThrow(expect.objectContaining({ code: 'PGRST127', message: 'Feature not implemented' }))
    expect(() => checkToManySpread(parseSelect('id,b'))).not.toThrow()
    expect(toManySpreadColumn('select 1 as "x"', 'x', false)).toBe(`(select coalesce(pg_catalog.json_agg(_s."x"), '[]') from (select 1 as "x") as _s) as "x"`)
    expect(toManySpreadColumn('r', 'x"y', true)).toContain(`'[]')::pg_catalog.jsonb from (r) as _s) as "x""y"`)
  })
})
