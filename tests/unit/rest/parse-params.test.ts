import { failure } from './failure'
import {
  intersectRanges, parseAccept, parseCount, parseNameList, parseOrder, parsePrefer, parseQuery, parseRangeHeader,
  RESERVED_PARAMS,
} from '@/lib/rest'

const f = (name: string, jsonPath: object[] = []) => ({ name, jsonPath })

describe('order', () => {
  it('reads columns, directions and null placement', () => {
    expect(parseOrder('id')).toEqual([{ field: f('id') }])
    expect(parseOrder('a.asc.nullsfirst,b.desc,c.nullslast,"x,y".desc')).toEqual([
      { field: f('a'), direction: 'asc', nulls: 'first' },
      { field: f('b'), direction: 'desc' },
      { field: f('c'), nulls: 'last' },
      { field: f('x,y'), direction: 'desc' },
    ])
    expect(parseOrder('data->>n.desc')).toEqual([{ field: f('data', [{ arrow: '->>', key: 'n' }]), direction: 'desc' }])
  })

  it('rejects unknown modifiers with PGRST100', () => {
    const e = failure(() => parseOrder('id.up'))
    expect(e.code).toBe('PGRST100')
    expect(e.message).toBe('failed to parse order (id.up)')
    expect(e.details).toBe('unexpected "." at position 3 expecting ".asc", ".desc", ".nullsfirst", ".nullslast", "," or end of input')
  })
})

describe('limit, offset, columns, on_conflict', () => {
  it('reads non-negative integers only', () => {
    expect(parseCount('limit', '10')).toBe(10)
    expect(parseCount('offset', '0')).toBe(0)
    for (const bad of ['-1', '1.5', 'ten', '']) {
      const e = failure(() => parseCount('limit', bad))
      expect(e.code).toBe('PGRST100')
      expect(e.message).toBe(`failed to parse limit (${bad})`)
    }
  })

  it('reads quoted and bare name lists', () => {
    expect(parseNameList('columns', '"id","full name","a,b"')).toEqual(['id', 'full name', 'a,b'])
    expect(parseNameList('on_conflict', 'org_id,slug')).toEqual(['org_id', 'slug'])
    expect(failure(() => parseNameList('columns', 'a,,b')).message).toBe('failed to parse columns (a,,b)')
  })
})

describe('Range header', () => {
  it('reads closed and open ranges of items', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 })
    expect(parseRangeHeader('10-')).toEqual({ offset: 10 })
    expect(parseRangeHeader('5-5', 'items')).toEqual({ offset: 5, limit: 1 })
  })

  it('ignores a missing or malformed header and other units', () => {
    expect(parseRangeHeader(undefined)).toBeNull()
    expect(parseRangeHeader('bytes=0-9')).toBeNull()
    expect(parseRangeHeader('0-9', 'bytes')).toBeNull()
  })

  it('answers PGRST103 (416) for a range that ends before it starts', () => {
    const e = failure(() => parseRangeHeader('9-0'))
    expect([e.status, e.code, e.message]).toEqual([416, 'PGRST103', 'Requested range not satisfiable'])
  })

  it('intersects with limit and offset', () => {
    expect(intersectRanges({ offset: 0 }, null)).toEqual({ offset: 0 })
    expect(intersectRanges({ offset: 5 }, { offset: 0, limit: 10 })).toEqual({ offset: 5, limit: 5 })
    expect(intersectRanges({ offset: 0, limit: 3 }, { offset: 2, limit: 10 })).toEqual({ offset: 2, limit: 1 })
    expect(intersectRanges({ offset: 20 }, { offset: 0, limit: 10 })).toEqual({ offset: 20, limit: 0 })
    expect(intersectRanges({ offset: 0 }, { offset: 4 })).toEqual({ offset: 4 })
  })
})

describe('Prefer header', () => {
  it('reads return, count, resolution, missing and the rest', () => {
    expect(parsePrefer('return=representation, count=exact')).toEqual({ return: 'representation', count: 'exact' })
    expect(parsePrefer(['resolution=merge-duplicates', 'missing=default,return=minimal'])).toEqual({
      resolution: 'merge-duplicates', missing: 'default', return: 'minimal',
    })
    expect(parsePrefer('return=headers-only,count=planned,resolution=ignore-duplicates')).toEqual({
      return: 'headers-only', count: 'planned', resolution: 'ignore-duplicates',
    })
    expect(parsePrefer('count=estimated,tx=rollback,handling=strict,max-affected=5')).toEqual({
      count: 'estimated', tx: 'rollback', handling: 'strict', maxAffected: 5,
    })
  })

  it('ignores unknown preferences and values, and keeps the first of a repeated one', () => {
    expect(parsePrefer('count=all,foo=bar,return')).toEqual({})
    expect(parsePrefer(null)).toEqual({})
    expect(parsePrefer('count=exact,count=planned')).toEqual({ count: 'exact' })
  })

  it('refuses unknown preferences with handling=strict (PGRST122), naming them', () => {
    expect(() => parsePrefer('handling=strict, count=all, foo=bar')).toThrow(
      expect.objectContaining({ status: 400, code: 'PGRST122', message: 'Invalid preferences given with handling=strict: count=all, foo=bar' })
    )
    expect(() => parsePrefer(['foo=bar', 'handling=strict'])).toThrow(expect.objectContaining({ code: 'PGRST122' }))
    expect(parsePrefer('handling=strict,return=minimal')).toEqual({ handling: 'strict', return: 'minimal' })
    expect(parsePrefer('handling=lenient,foo=bar')).toEqual({ handling: 'lenient' })
  })
})

describe('Accept header', () => {
  it.each([
    [undefined, 'array'], ['application/json', 'array'], ['*/*', 'array'], ['image/png, application/json', 'array'],
    ['application/vnd.pgrst.object+json', 'object'], ['application/vnd.pgrst.object+json;nulls=stripped', 'object'],
    ['text/csv', 'csv'],
  ])('answers %s with %s', (header, shape) => {
    expect(parseAccept(header)).toBe(shape)
  })

  it('answers PGRST107 (406) when it can serve none', () => {
    const e = failure(() => parseAccept('image/png'))
    expect([e.status, e.code, e.message]).toEqual([406, 'PGRST107', 'None of these media types are available: image/png'])
  })
})

describe('parseQuery', () => {
  it('splits reserved parameters from filters', () => {
    expect(RESERVED_PARAMS).toEqual(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns'])
    const q = parseQuery(
      new URLSearchParams('select=id,author(name)&id=gt.1&or=(a.eq.1,b.eq.2)&order=id.desc&limit=10&offset=20&author.name=eq.x&on_conflict=id&columns="id","n"'),
      { prefer: 'count=exact', accept: 'application/vnd.pgrst.object+json' }
    )
    expect(q.select).toHaveLength(2)
    expect(q.filters.map((x) => [x.path, x.node.type])).toEqual([[[], 'condition'], [[], 'logic'], [['author'], 'condition']])
    expect(q.order).toEqual([{ field: f('id'), direction: 'desc' }])
    expect(q.range).toEqual({ offset: 20, limit: 10 })
    expect(q.onConflict).toEqual(['id'])
    expect(q.columns).toEqual(['id', 'n'])
    expect(q.prefer).toEqual({ count: 'exact' })
    expect(q.shape).toBe('object')
    expect(q.embedded).toEqual([])
  })

  it('defaults to every column, no filter, the whole table, an array', () => {
    expect(parseQuery([])).toEqual({
      select: [{ type: 'column', name: '*', jsonPath: [] }], filters: [], order: [], range: { offset: 0 },
      embedded: [], prefer: {}, shape: 'array',
    })
  })

  it('reads order, limit and offset of embedded resources', () => {
    const q = parseQuery([['author.order', 'name.asc'], ['author.limit', '2'], ['author.books.offset', '1']])
    expect(q.embedded).toEqual([
      { path: ['author'], order: [{ field: f('name'), direction: 'asc' }], limit: 2 },
      { path: ['author', 'books'], offset: 1 },
    ])
    expect(q.filters).toEqual([])
  })

  it('combines the Range header with limit and offset', () => {
    expect(parseQuery([], { range: '0-9' }).range).toEqual({ offset: 0, limit: 10 })
    expect(parseQuery([['limit', '5']], { range: '0-9' }).range).toEqual({ offset: 0, limit: 5 })
    expect(parseQuery([['offset', '3']], { range: '0-9', rangeUnit: 'items' }).range).toEqual({ offset: 3, limit: 7 })
  })

  it('lets the first bad parameter throw', () => {
    expect(failure(() => parseQuery([['select', 'a,,b']])).message).toBe('failed to parse select parameter (a,,b)')
    expect(failure(() => parseQuery([['id', 'eq1']])).message).toBe('failed to parse filter (eq1)')
    expect(failure(() => parseQuery([['limit', 'x']])).message).toBe('failed to parse limit (x)')
    expect(failure(() => parseQuery([['author.limit', 'x']])).message).toBe('failed to parse author.limit (x)')
  })
})
