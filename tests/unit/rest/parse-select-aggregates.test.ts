import { failure } from './failure'
import { hasAggregate, parseQuery, parseSelect, type SelectItem } from '@/lib/rest'

const col = (name: string, extra: object = {}): SelectItem => ({ type: 'column', name, jsonPath: [], ...extra })
const embed = (relation: string, select: SelectItem[], extra: object = {}): SelectItem => ({
  type: 'embed', relation, inner: false, spread: false, select, ...extra,
})

describe('parseSelect: aggregates', () => {
  it('reads count() with an alias and a cast of its value', () => {
    expect(parseSelect('count()')).toEqual([col('*', { aggregate: 'count' })])
    expect(parseSelect('n:count()::int,status')).toEqual([col('*', { aggregate: 'count', alias: 'n', aggregateCast: 'int' }), col('status')])
  })

  it('reads every function on a column, aliased and cast before and after', () => {
    expect(parseSelect('id.sum(),id.avg(),id.max(),id.min(),id.count()')).toEqual(
      ['sum', 'avg', 'max', 'min', 'count'].map((aggregate) => col('id', { aggregate })))
    expect(parseSelect('total:amount::numeric.sum()::text')).toEqual([
      col('amount', { alias: 'total', cast: 'numeric', aggregate: 'sum', aggregateCast: 'text' }),
    ])
    expect(parseSelect('data->>n.max()')).toEqual([col('data', { jsonPath: [{ arrow: '->>', key: 'n' }], aggregate: 'max' })])
  })

  it('reads aggregates inside embeds, and a bare count there as count()', () => {
    expect(parseSelect('username,messages(count)')).toEqual([col('username'), embed('messages', [col('*', { aggregate: 'count' })])])
    expect(parseSelect('messages(c:count,channels(id.sum()))')).toEqual([
      embed('messages', [col('*', { aggregate: 'count', alias: 'c' }), embed('channels', [col('id', { aggregate: 'sum' })])]),
    ])
    expect(parseSelect('...rel(n:count())')).toEqual([embed('rel', [col('*', { aggregate: 'count', alias: 'n' })], { spread: true })])
  })

  it('keeps a top-level or quoted count a column, and sum without () a column', () => {
    expect(parseSelect('count,"count"')).toEqual([col('count'), col('count')])
    expect(parseSelect('messages("count",sum)')).toEqual([embed('messages', [col('count'), col('sum')])])
  })

  it('tells whether a tree aggregates anywhere', () => {
    expect(hasAggregate(parseSelect('id,messages(id)'))).toBe(false)
    expect(hasAggregate(parseSelect('id,messages(channels(id.sum()))'))).toBe(true)
  })

  it.each([
    ['id.total()', 'unexpected "t" at position 4 expecting "count()", "sum()", "avg()", "max()", "min()"'],
    ['id.sum', 'unexpected "s" at position 4 expecting "count()", "sum()", "avg()", "max()", "min()"'],
    ['count(id)', 'unexpected "(" at position 6 expecting "()"'],
    ['id.sum()::', 'unexpected end of input at position 11 expecting type name'],
  ])('rejects %s: %s', (raw, details) => {
    expect(failure(() => parseSelect(raw)).details).toBe(details)
  })
})

describe('aggregates off (db-aggregates-enabled = false)', () => {
  it('refuses any aggregate with PGRST123, at any depth, and lets plain selects through', () => {
    for (const raw of ['count()', 'id.sum()', 'messages(count)', 'a,b(c(d.max()))']) {
      const e = failure(() => parseQuery([['select', raw]], {}, { aggregates: false }))
      expect(e.toJSON()).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null })
      expect(e.status).toBe(400)
    }
    expect(parseQuery([['select', 'id,count,messages(id)']], {}, { aggregates: false }).select).toHaveLength(3)
    expect(parseQuery([['select', 'id.sum()']]).select).toEqual([col('id', { aggregate: 'sum' })])
  })
})
