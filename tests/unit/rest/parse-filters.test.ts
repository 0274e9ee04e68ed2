import { failure } from './failure'
import { filtersAt, parseFilter, parseLogicTree, type FilterNode } from '@/lib/rest'

const field = (name: string, jsonPath: object[] = []) => ({ name, jsonPath })
const cond = (name: string, operator: string, value: string | string[], extra: object = {}): FilterNode =>
  ({ type: 'condition', field: field(name), negated: false, operator, value, ...extra }) as FilterNode
const node = (key: string, value: string) => parseFilter(key, value).node


describe('parseFilter: operators', () => {
  it.each(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts'])(
    '%s takes the rest of the parameter as its value',
    (op) => {
      expect(parseFilter('col', `${op}.a.b,c(d)"e"`)).toEqual({ path: [], node: cond('col', op, 'a.b,c(d)"e"') })
    }
  )

  it('keeps an empty value', () => {
    expect(node('name', 'eq.')).toEqual(cond('name', 'eq', ''))
  })

  it('reads is with null, not_null, true, false and unknown (any case)', () => {
    for (const v of ['null', 'not_null', 'true', 'false', 'unknown']) expect(node('c', `is.${v}`)).toEqual(cond('c', 'is', v))
    expect(node('c', 'is.NULL')).toEqual(cond('c', 'is', 'null'))
    expect(failure(() => node('c', 'is.maybe')).details).toBe('"is" takes null, not_null, true, false or unknown, not "maybe"')
  })

  it('reads in lists with quoted elements holding commas, parentheses and quotes', () => {
    expect(node('id', 'in.(1,2,3)')).toEqual(cond('id', 'in', ['1', '2', '3']))
    expect(node('name', 'in.(a,"c,d","e)f","say \\"hi\\"",back\\slash)')).toEqual(
      cond('name', 'in', ['a', 'c,d', 'e)f', 'say "hi"', 'back\\slash'])
    )
    expect(node('id', 'in.()')).toEqual(cond('id', 'in', []))
    expect(node('id', 'in.(,)')).toEqual(cond('id', 'in', ['', '']))
  })

  it('reads cs and cd with array and JSON values', () => {
    expect(node('tags', 'cs.{a,b}')).toEqual(cond('tags', 'cs', '{a,b}'))
    expect(node('data', 'cd.{"a":1}')).toEqual(cond('data', 'cd', '{"a":1}'))
    expect(node('data', 'cs.[1,2]')).toEqual(cond('data', 'cs', '[1,2]'))
  })

  it('reads not., quantifiers and text search configurations', () => {
    expect(node('c', 'not.eq.5')).toEqual(cond('c', 'eq', '5', { negated: true }))
    expect(node('c', 'not.in.(1,2)')).toEqual(cond('c', 'in', ['1', '2'], { negated: true }))
    expect(node('c', 'like(any).{a*,"b,c*"}')).toEqual(cond('c', 'like', ['a*', 'b,c*'], { quantifier: 'any' }))
    expect(node('c', 'not.gt(all).{1,2}')).toEqual(cond('c', 'gt', ['1', '2'], { quantifier: 'all', negated: true }))
    expect(node('body', 'fts(english).cat & dog')).toEqual(cond('body', 'fts', 'cat & dog', { config: 'english' }))
    expect(node('body', 'wfts.cat')).toEqual(cond('body', 'wfts', 'cat'))
  })

  it('reads JSON paths and quoted names on the left', () => {
    expect(node('data->a->>b', 'eq.x')).toEqual({ ...cond('data', 'eq', 'x'), field: field('data', [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }]) })
    expect(node('"my.col"', 'eq.1')).toEqual(cond('my.col', 'eq', '1'))
    expect(node('"or"', 'eq.1')).toEqual(cond('or', 'eq', '1'))
  })
})

describe('parseFilter: embedded resources', () => {
  it('keeps the path of the resource a filter applies to', () => {
    expect(parseFilter('author.name', 'eq.Ann')).toEqual({ path: ['author'], node: cond('name', 'eq', 'Ann') })
    expect(parseFilter('author.org.data->>plan', 'eq.pro')).toEqual({
      path: ['author', 'org'],
      node: { ...cond('data', 'eq', 'pro'), field: field('data', [{ arrow: '->>', key: 'plan' }]) },
    })
    expect(parseFilter('author.or', '(a.eq.1,b.eq.2)')).toEqual({
      path: ['author'],
      node: { type: 'logic', operator: 'or', negated: false, children: [cond('a', 'eq', '1'), cond('b', 'eq', '2')] },
    })
    expect(parseFilter('author.not.and', '(a.eq.1)').path).toEqual(['author'])
  })

  it('picks the filters of one resource', () => {
    const filters = [parseFilter('id', 'eq.1'), parseFilter('author.name', 'eq.x'), parseFilter('author.org.id', 'eq.2')]
    expect(filtersAt(filters, [])).toEqual([cond('id', 'eq', '1')])
    expect(filtersAt(filters, ['author'])).toEqual([cond('name', 'eq', 'x')])
    expect(filtersAt(filters, ['author', 'org'])).toEqual([cond('id', 'eq', '2')])
    expect(filtersAt(filters, ['org'])).toEqual([])
  })
})

describe('parseFilter: logic trees', () => {
  it('reads or, and, not.or and nesting', () => {
    expect(node('or', '(a.eq.1,and(b.gt.2,c.lt.3))')).toEqual({
      type: 'logic', operator: 'or', negated: false,
      children: [cond('a', 'eq', '1'), { type: 'logic', operator: 'and', negated: false, children: [cond('b', 'gt', '2'), cond('c', 'lt', '3')] }],
    })
    expect(node('not.or', '(a.is.null,not.and(b.not.eq.2,c.in.(1,2)))')).toEqual({
      type: 'logic', operator: 'or', negated: true,
      children: [
        cond('a', 'is', 'null'),
        { type: 'logic', operator: 'and', negated: true, children: [cond('b', 'eq', '2', { negated: true }), cond('c', 'in', ['1', '2'])] },
      ],
    })
    expect(node('and', '(a.eq.1)')).toEqual({ type: 'logic', operator: 'and', negated: false, children: [cond('a', 'eq', '1')] })
  })

  it('reads quoted values, brackets and lists inside a tree', () => {
    expect(parseLogicTree('(name.eq."a,b)",tags.cs.{x,y},data.cd.{"k":[1,2]},id.in.("1,2",3),t.like.*x*)', 'or').children).toEqual([
      cond('name', 'eq', 'a,b)'),
      cond('tags', 'cs', '{x,y}'),
      cond('data', 'cd', '{"k":[1,2]}'),
      cond('id', 'in', ['1,2', '3']),
      cond('t', 'like', '*x*'),
    ])
    expect(parseLogicTree('(n.eq."say \\"hi\\"",m.eq.)', 'and').children).toEqual([cond('n', 'eq', 'say "hi"'), cond('m', 'eq', '')])
  })

  it('reads JSON paths, quantifiers and configurations inside a tree', () => {
    expect(parseLogicTree('(data->>a.eq.1,c.ilike(any).{a*,b*},t.fts(simple).x)', 'or').children).toEqual([
      { ...cond('data', 'eq', '1'), field: field('data', [{ arrow: '->>', key: 'a' }]) },
      cond('c', 'ilike', ['a*', 'b*'], { quantifier: 'any' }),
      cond('t', 'fts', 'x', { config: 'simple' }),
    ])
  })
})

describe('parseFilter: errors', () => {
  it('names the filter value in the message', () => {
    const e = failure(() => node('id', '5'))
    expect(e.message).toBe('failed to parse filter (5)')
    expect(e.details).toBe('expecting an operator (eq, neq, gt, in, is, ...) at position 1')
    expect(failure(() => parseFilter('a.', 'eq.1')).message).toBe('failed to parse filter (a.)')
  })

  it.each([
    ['id=equals.5', 'unknown operator "equals"'],
    ['id=eq5', 'unexpected "5" at position 3 expecting "."'],
    ['id=in.1,2', 'unexpected "1" at position 4 expecting "("'],
    ['id=in.(1,2', 'unexpected end of input at position 8 expecting "," or ")"'],
    ['id=in.(1)x', 'unexpected "x" at position 7 expecting end of input'],
    ['id=eq(some).1', '"eq" does not take "(some)"'],
    ['id=in(any).{1}', '"in" does not take "(any)"'],
    ['id=eq(any).1', 'unexpected "1" at position 9 expecting "{"'],
    ['a.=eq.1', 'unexpected end of input at position 3 expecting field name'],
  ])('rejects %s: %s', (param, details) => {
    const [key, value] = [param.slice(0, param.indexOf('=')), param.slice(param.indexOf('=') + 1)]
    expect(failure(() => parseFilter(key, value)).details).toBe(details)
  })

  it('answers "failed to parse logic tree" for bad trees', () => {
    const e = failure(() => node('or', '(id.eq.1,id.eq)'))
    expect(e.message).toBe('failed to parse logic tree ((id.eq.1,id.eq))')
    expect(e.details).toBe('unexpected ")" at position 15 expecting "."')
  })

  it.each([
    ['a.eq.1', 'unexpected "a" at position 1 expecting "("'],
    ['()', 'unexpected ")" at position 2 expecting field name'],
    ['(a.eq.1', 'unexpected end of input at position 8 expecting "," or ")"'],
    ['(a.eq.1))', 'unexpected ")" at position 9 expecting end of input'],
    ['(a.in.(1,2)x,b.eq.1)', 'unexpected "x" at position 12 expecting end of input'],
    ['(a.eq."x)', 'unexpected end of input at position 10 expecting closing quote'],
  ])('rejects the tree %s: %s', (tree, details) => {
    expect(failure(() => node('or', tree)).details).toBe(details)
  })
})
