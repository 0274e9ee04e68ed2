import { failure } from './failure'
import { parseSelect, type SelectItem } from '@/lib/rest'

const col = (name: string, extra: object = {}): SelectItem => ({ type: 'column', name, jsonPath: [], ...extra })
const embed = (relation: string, select: SelectItem[], extra: object = {}): SelectItem => ({
  type: 'embed', relation, inner: false, spread: false, select, ...extra,
})


describe('parseSelect: columns', () => {
  it('means every column when missing or empty', () => {
    expect(parseSelect(undefined)).toEqual([col('*')])
    expect(parseSelect('')).toEqual([col('*')])
    expect(parseSelect('*')).toEqual([col('*')])
  })

  it('reads plain, renamed and cast columns', () => {
    expect(parseSelect('id,title')).toEqual([col('id'), col('title')])
    expect(parseSelect('label:title,id::text,n:amount::numeric')).toEqual([
      col('title', { alias: 'label' }),
      col('id', { cast: 'text' }),
      col('amount', { alias: 'n', cast: 'numeric' }),
    ])
  })

  it('reads quoted names with commas, parentheses and escaped quotes', () => {
    expect(parseSelect('"first, name","a(b)","say \\"hi\\"",x:"My Col"')).toEqual([
      col('first, name'), col('a(b)'), col('say "hi"'), col('My Col', { alias: 'x' }),
    ])
  })

  it('keeps dashes, spaces, dollars and non-ASCII letters of bare names', () => {
    expect(parseSelect('my-col,a$b,café,with space')).toEqual([col('my-col'), col('a$b'), col('café'), col('with space')])
  })

  it('reads JSON paths with keys and array indexes', () => {
    expect(parseSelect('data->a->>b,v:data->0->-1,data->"x.y"::int')).toEqual([
      col('data', { jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }),
      col('data', { alias: 'v', jsonPath: [{ arrow: '->', key: 0 }, { arrow: '->', key: -1 }] }),
      col('data', { jsonPath: [{ arrow: '->', key: 'x.y' }], cast: 'int' }),
    ])
  })

  it('keeps a quoted number a key, not an index', () => {
    expect(parseSelect('data->"0"')).toEqual([col('data', { jsonPath: [{ arrow: '->', key: '0' }] })])
  })
})

describe('parseSelect: embedded resources', () => {
  it('reads embeds, aliases, hints and join types', () => {
    expect(parseSelect('id,author(*)')).toEqual([col('id'), embed('author', [col('*')])])
    expect(parseSelect('writer:users(name,email)')).toEqual([embed('users', [col('name'), col('email')], { alias: 'writer' })])
    expect(parseSelect('users!posts_author_id_fkey(name)')).toEqual([embed('users', [col('name')], { hint: 'posts_author_id_fkey' })])
    expect(parseSelect('users!inner(id)')).toEqual([embed('users', [col('id')], { inner: true })])
    expect(parseSelect('a:users!author_id!inner(id),b:users!left(id)')).toEqual([
      embed('users', [col('id')], { alias: 'a', hint: 'author_id', inner: true }),
      embed('users', [col('id')], { alias: 'b' }),
    ])
  })

  it('nests embeds to any depth and allows an empty list', () => {
    expect(parseSelect('title,author:users(name,org:orgs(name,plan:plans(*))),tags()')).toEqual([
      col('title'),
      embed('users', [col('name'), embed('orgs', [col('name'), embed('plans', [col('*')], { alias: 'plan' })], { alias: 'org' })], { alias: 'author' }),
      embed('tags', []),
    ])
  })

  it('reads spread embeds', () => {
    expect(parseSelect('id,...users(name)')).toEqual([col('id'), embed('users', [col('name')], { spread: true })])
  })
})

describe('parseSelect: errors', () => {
  it('answers PGRST100 with the parameter in the message and the place in the details', () => {
    const e = failure(() => parseSelect('id,,name'))
    expect(e.status).toBe(400)
    expect(e.code).toBe('PGRST100')
    expect(e.message).toBe('failed to parse select parameter (id,,name)')
    expect(e.details).toBe('unexpected "," at position 4 expecting field name')
    expect(e.hint).toBeNull()
    expect(e.toJSON()).toEqual({ code: 'PGRST100', message: e.message, details: e.details, hint: null })
  })

  it.each([
    ['users(id', 'unexpected end of input at position 9 expecting "," or ")"'],
    ['id)', 'unexpected ")" at position 3 expecting "," or end of input'],
    ['id::', 'unexpected end of input at position 5 expecting type name'],
    ['"open', 'unexpected end of input at position 6 expecting closing quote'],
    ['a:', 'unexpected end of input at position 3 expecting field name'],
    ['data->', 'unexpected end of input at position 7 expecting JSON key'],
    ['users!(id)', 'unexpected "(" at position 7 expecting hint or join type'],
    ['users!a!b(id)', 'more than one hint for "users": "a" and "b"'],
  ])('rejects %s: %s', (raw, details) => {
    expect(failure(() => parseSelect(raw)).details).toBe(details)
  })
})
