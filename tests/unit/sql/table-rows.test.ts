import { filterTakesValue, orderClause, rowsPageSql, whereClause } from '@/lib/sql/table-rows'

const TABLE = { schema: 'public', name: 'todos' }

describe('rows page SQL', () => {
  it('pages with LIMIT/OFFSET in primary key order by default', () => {
    expect(rowsPageSql({ table: TABLE, filters: [], sorts: [], primaryKey: ['id'], offset: 200 })).toEqual({
      sql: 'SELECT * FROM "public"."todos" ORDER BY "id" ASC LIMIT 100 OFFSET 200',
      parameters: [],
    })
    expect(rowsPageSql({ table: TABLE, filters: [], sorts: [], primaryKey: [], offset: 0 }).sql).toBe('SELECT * FROM "public"."todos" LIMIT 100 OFFSET 0')
    expect(() => rowsPageSql({ table: TABLE, filters: [], sorts: [], primaryKey: [], offset: -1 })).toThrow()
  })

  it('builds parameterised filters: values as parameters, names quoted', () => {
    const where = whereClause([
      { column: 'name', operator: '=', value: "x'; drop table todos; --" },
      { column: 'Age', operator: '>', value: '3' },
      { column: 'data', operator: 'ilike', value: '%blue%' },
      { column: 'note', operator: 'is null', value: 'ignored' },
      { column: 'done', operator: 'is not null', value: '' },
      { column: 'n', operator: '<>', value: '1' },
      { column: 'm', operator: '<', value: '9' },
    ])
    expect(where.sql).toBe(
      'WHERE "name" = $1 AND "Age" > $2 AND "data"::text ILIKE $3 AND "note" IS NULL AND "done" IS NOT NULL AND "n" <> $4 AND "m" < $5'
    )
    expect(where.parameters).toEqual(["x'; drop table todos; --", '3', '%blue%', '1', '9'])
    expect(() => whereClause([{ column: 'a', operator: '; drop' as never, value: '' }])).toThrow()
    expect(filterTakesValue('is null')).toBe(false)
    expect(filterTakesValue('ilike')).toBe(true)
  })

  it('sorts by the chosen columns, then the key for stable pages', () => {
    expect(orderClause([{ column: 'name', direction: 'desc' }], ['id'])).toBe('ORDER BY "name" DESC, "id" ASC')
    expect(orderClause([{ column: 'id', direction: 'desc' }], ['id'])).toBe('ORDER BY "id" DESC')
    expect(
      rowsPageSql({ table: TABLE, filters: [{ column: 'name', operator: 'ilike', value: 'a%' }], sorts: [{ column: 'name', direction: 'asc' }], primaryKey: ['id'], offset: 0 }).sql
    ).toBe('SELECT * FROM "public"."todos" WHERE "name"::text ILIKE $1 ORDER BY "name" ASC, "id" ASC LIMIT 100 OFFSET 0')
  })
})
