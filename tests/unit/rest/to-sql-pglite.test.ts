/**
 * The SQL of lib/rest run on a real Postgres (PGlite in memory): each filter picks the rows
 * Postgres says it should, with and without the column types known.
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import { filtersToSql, orderToSql, parseFilter, parseQuery, rangeToSql, type SqlContext } from '@/lib/rest'

let db: PGlite
const types: Record<string, string> = { id: 'int4', name: 'text', tags: 'text[]', data: 'jsonb', n: 'int4', during: 'int4range', body: 'text', flag: 'bool' }

beforeAll(async () => {
  db = await freshPglite()
  await db.exec(`
    create table items (id int primary key, name text, tags text[], data jsonb, n int4, during int4range, body text, flag boolean);
    insert into items values
      (1, 'Ann', '{a,b}', '{"a":{"b":"x"},"k":[1,2]}', 10, '[1,5)', 'the cat sat', true),
      (2, 'bob, jr', '{b}', '{"a":{"b":"y"}}', 20, '[5,10)', 'a dog', false),
      (3, 'O"Neil', '{}', null, null, null, null, null),
      (4, 'ann%', '{a}', '{"k":[3]}', 30, '[10,20)', 'cat and dog', true);`)
}, 60000)
afterAll(() => db.close())

async function ids(key: string, value: string, context: SqlContext): Promise<number[]> {
  const where = filtersToSql([parseFilter(key, value).node], context)
  const result = await db.query<{ id: number }>(`select id from items "t" where ${where.sql} order by id`, where.params)
  return result.rows.map((r) => r.id)
}

const cases: [string, string, number[]][] = [
  ['name', 'eq.Ann', [1]],
  ['name', 'neq.Ann', [2, 3, 4]],
  ['name', 'ilike.ann*', [1, 4]],
  ['name', 'like.*,*', [2]],
  ['name', 'in.(Ann,"bob, jr")', [1, 2]],
  ['name', 'in.("O\\"Neil")', [3]],
  ['name', 'not.in.()', [1, 2, 3, 4]],
  ['name', 'isdistinct.Ann', [2, 3, 4]],
  ['name', 'match.^[AO]', [1, 3]],
  ['name', 'imatch.^a', [1, 4]],
  ['name', 'like(any).{A*,b*}', [1, 2]],
  ['n', 'in.(10,30)', [1, 4]],
  ['n', 'gt.15', [2, 4]],
  ['n', 'lte.20', [1, 2]],
  ['n', 'gt(all).{5,15}', [2, 4]],
  ['n', 'is.null', [3]],
  ['n', 'is.not_null', [1, 2, 4]],
  ['flag', 'is.true', [1, 4]],
  ['flag', 'is.unknown', [3]],
  ['tags', 'cs.{a}', [1, 4]],
  ['tags', 'cd.{a}', [3, 4]],
  ['tags', 'ov.{b}', [1, 2]],
  ['data', 'cs.{"a":{"b":"x"}}', [1]],
  ['data->a->>b', 'eq.y', [2]],
  ['data->k->0', 'eq.3', [4]],
  ['data->k', 'cs.[2]', [1]],
  ['during', 'sr.[1,3)', [2, 4]],
  ['during', 'adj.[20,30)', [4]],
  ['during', 'sl.[6,7)', [1]],
  ['body', 'fts.cat', [1, 4]],
  ['body', 'plfts.cat dog', [4]],
  ['body', 'wfts(english).cats', [1, 4]],
  ['body', 'phfts.cat sat', [1]],
  ['not.or', '(n.lt.15,n.is.null)', [2, 4]],
  ['or', '(name.eq.Ann,and(n.gt.15,tags.cs.{a}))', [1, 4]],
  ['and', '(name.like.*n*,not.or(n.eq.10,flag.is.false))', [4]],
]

describe('filters on PGlite', () => {
  it.each(cases)('%s=%s with column types', async (key, value, expected) => {
    expect(await ids(key, value, { alias: 't', columnType: (c) => types[c] })).toEqual(expected)
  })

  it.each(cases)('%s=%s without column types', async (key, value, expected) => {
    expect(await ids(key, value, { alias: 't' })).toEqual(expected)
  })
})

describe('order and range on PGlite', () => {
  it('orders, then skips and limits, all parameters numbered in one statement', async () => {
    const q = parseQuery(new URLSearchParams('n=gt.0&order=data->k->0.desc.nullslast,n.desc&offset=1'), { range: '0-1' })
    const where = filtersToSql(q.filters.map((f) => f.node), { alias: 't' })
    const order = orderToSql(q.order, { alias: 't', params: where.params })
    const range = rangeToSql(q.range, { params: order.params })
    const sql = `select id from items "t" where ${where.sql} order by ${order.sql} ${range.sql}`
    expect(sql).toBe('select id from items "t" where "t"."n" > $1 order by "t"."data"->$2::text->$3::int desc nulls last, "t"."n" desc limit $4 offset $5')
    expect(range.params).toEqual(['0', 'k', 0, 1, 1])
    expect((await db.query<{ id: number }>(sql, range.params)).rows.map((r) => r.id)).toEqual([1])
  })
})
