import { InvalidJsonError, isEmailAddress, isValidHttpUrl, parseJsonInput } from '@/lib/validation'

describe('isValidHttpUrl (spec §5)', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'https://example.com/path?q=1#frag',
    'HTTPS://EXAMPLE.COM',
    'http://localhost:8082/dashboard',
    'https://192.168.0.1',
  ])('accepts %j', (url) => {
    expect(isValidHttpUrl(url)).toBe(true)
  })

  it.each([
    '',
    '   ',
    'example.com',
    '/relative/path',
    'ftp://example.com',
    'javascript:alert(1)',
    'data:text/plain,hi',
    'mailto:a@example.com',
    'file:///etc/passwd',
    'ws://example.com',
    'http://',
    'https://exa mple.com',
  ])('rejects %j', (url) => {
    expect(isValidHttpUrl(url)).toBe(false)
  })

  it('rejects non-strings', () => {
    expect(isValidHttpUrl(undefined)).toBe(false)
    expect(isValidHttpUrl(null)).toBe(false)
    expect(isValidHttpUrl(42)).toBe(false)
  })
})

describe('parseJsonInput (spec §5)', () => {
  it.each([[''], ['   '], ['\n\t'], [null], [undefined]])('yields null for empty input %j', (input) => {
    expect(parseJsonInput(input)).toBeNull()
  })

  it('parses valid JSON of any kind', () => {
    expect(parseJsonInput('{"a":[1,2,{"b":null}]}')).toEqual({ a: [1, 2, { b: null }] })
    expect(parseJsonInput('[1, "two"]')).toEqual([1, 'two'])
    expect(parseJsonInput('42')).toBe(42)
    expect(parseJsonInput('"text"')).toBe('text')
    expect(parseJsonInput('false')).toBe(false)
    expect(parseJsonInput('null')).toBeNull()
    expect(parseJsonInput('  {"padded": true}  ')).toEqual({ padded: true })
  })

  it.each(['{', '{a: 1}', "{'a': 1}", '[1, 2,]', 'undefined', 'text', '{"a":1} trailing'])(
    'throws InvalidJsonError for %j',
    (input) => {
      expect(() => parseJsonInput(input)).toThrow(InvalidJsonError)
      expect(() => parseJsonInput(input)).toThrow(/^Invalid JSON: /)
    }
  )
})

describe('isEmailAddress', () => {
  it.each(['ada@example.com', '  ada@example.com  ', 'a.b+c@mail.example.org'])('accepts %j', (email) => {
    expect(isEmailAddress(email)).toBe(true)
  })

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com'])('rejects %j', (email) => {
    expect(isEmailAddress(email)).toBe(false)
  })
})
