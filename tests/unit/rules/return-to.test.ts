import { buildReturnTo, DEFAULT_RETURN_TO, validateReturnTo } from '@/lib/return-to'

describe('validateReturnTo (spec §5)', () => {
  it.each([
    ['/org/abc', '/org/abc'],
    ['/project/abc-123/sql/new', '/project/abc-123/sql/new'],
    ['/project/abc_123/editor/42', '/project/abc_123/editor/42'],
    ['/org/x?tab=billing', '/org/x?tab=billing'],
    ['/org/x?tab=billing&view=a.b', '/org/x?tab=billing&view=a.b'],
    ['/org/x?next=/org/y', '/org/x?next=/org/y'],
    ['/org/x?empty=', '/org/x?empty='],
    ['/', '/'],
    ['/organizations', '/organizations'],
  ])('keeps the safe path %j', (raw, expected) => {
    expect(validateReturnTo(raw)).toBe(expected)
  })

  it.each([
    ['/dashboard/org/x', '/org/x'],
    ['/dashboard/project/abc/sql/1?tab=x', '/project/abc/sql/1?tab=x'],
    ['/dashboard', '/'],
    ['/dashboard?tab=x', '/?tab=x'],
    ['%2Fdashboard%2Forg%2Fx', '/org/x'],
  ])('strips the base path from %j', (raw, expected) => {
    expect(validateReturnTo(raw)).toBe(expected)
  })

  it('does not strip a path that only starts with the base path name', () => {
    expect(validateReturnTo('/dashboards/x')).toBe('/dashboards/x')
  })

  it('decodes a harmless encoded path', () => {
    expect(validateReturnTo('%2Forg%2Fabc')).toBe('/org/abc')
    expect(validateReturnTo('/org/x%3Ftab%3Dbilling')).toBe('/org/x?tab=billing')
  })

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/org/x'],
    ['absolute https', 'https://evil.com'],
    ['absolute http', 'http://evil.com/org'],
    ['scheme-relative with backslash', '/\\evil.com'],
    ['backslashes', '\\\\evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['encoded protocol-relative', '%2F%2Fevil.com'],
    ['lower-case encoded protocol-relative', '%2f%2fevil.com'],
    ['slash then encoded slashes', '/%2F%2Fevil.com'],
    ['slash then encoded backslash', '/%5Cevil.com'],
    ['url in query', '/path?x=https://evil.com'],
    ['encoded url in query', '/path?x=https%3A%2F%2Fevil.com'],
    ['double-encoded protocol-relative', '%252F%252Fevil.com'],
    ['double-encoded after slash', '/%252F%252Fevil.com'],
    ['triple-encoded protocol-relative', '%25252F%25252Fevil.com'],
    ['deeply encoded', '%2525252525252F%2525252525252Fevil.com'],
    ['double-encoded scheme', 'https%253A%252F%252Fevil.com'],
    ['leading space', ' /org/abc'],
    ['trailing space', '/org/abc '],
    ['space inside', '/org/a b'],
    ['encoded space', '/org/a%20b'],
    ['newline', '/org/abc\n'],
    ['encoded newline', '/org/abc%0A'],
    ['tab splitting slashes', '/\t/evil.com'],
    ['encoded tab splitting slashes', '/%09/evil.com'],
    ['carriage return', '/\r/evil.com'],
    ['null byte', '/org/abc%00'],
    ['base path then protocol-relative', '/dashboard//evil.com'],
    ['encoded base path then protocol-relative', '%2Fdashboard%2F%2Fevil.com'],
    ['base path then url', '/dashboard/https://evil.com'],
    ['dot segments', '/../evil'],
    ['encoded dot segments', '/%2E%2E/%2E%2E/evil'],
    ['no leading slash', 'org/abc'],
    ['bare host', 'evil.com'],
    ['at-sign userinfo trick', '/@evil.com'],
    ['double slash inside path', '/org//evil.com'],
    ['fragment', '/org/abc#x'],
    ['malformed escape', '/org/%E0%A4%A'],
    ['lone percent', '/org/100%'],
    ['query without value', '/org/x?tab'],
    ['query with angle brackets', '/org/x?tab=<script>'],
    ['query with colon', '/org/x?a=b:c'],
    ['semicolon-joined query', '/org/x?a=b;c=d'],
    ['empty query pair', '/org/x?a=b&&c=d'],
    ['unicode homoglyph slash', '/\u2215evil.com'],
    ['fullwidth solidus', '\uFF0F\uFF0Fevil.com'],
  ])('rejects %s (%j)', (_label, raw) => {
    expect(validateReturnTo(raw)).toBe(DEFAULT_RETURN_TO)
  })

  it.each([[''], [undefined], [null], [42], [{}], [['/org/a', '/org/b']], [['/org/a']]])(
    'falls back for %j',
    (raw) => {
      expect(validateReturnTo(raw)).toBe('/organizations')
    }
  )

  it('uses a custom fallback', () => {
    expect(validateReturnTo('//evil.com', '/project/default')).toBe('/project/default')
    expect(validateReturnTo(undefined, '/project/default')).toBe('/project/default')
    expect(validateReturnTo('/org/x', '/project/default')).toBe('/org/x')
  })
})

describe('buildReturnTo (spec §5)', () => {
  it('merges current query parameters into the target', () => {
    expect(buildReturnTo('/org/x', { returnTo: '/org/x', ref: 'abc' })).toBe('/org/x?ref=abc')
  })

  it("keeps the target's own parameters over the current ones", () => {
    expect(buildReturnTo('/org/x?tab=billing', { tab: 'general', ref: 'abc' })).toBe(
      '/org/x?tab=billing&ref=abc'
    )
  })

  it('never carries returnTo itself', () => {
    expect(buildReturnTo('/org/x', { returnTo: '/org/x' })).toBe('/org/x')
  })

  it('repeats array parameters and skips undefined ones', () => {
    expect(buildReturnTo('/org/x', { id: ['1', '2'], gone: undefined })).toBe('/org/x?id=1&id=2')
  })

  it('encodes merged values so they cannot change the path', () => {
    const result = buildReturnTo('/org/x', { next: '//evil.com', q: 'a b&c=d' })
    expect(result).toBe('/org/x?next=%2F%2Fevil.com&q=a+b%26c%3Dd')
    expect(result.startsWith('/org/x?')).toBe(true)
  })

  it('falls back for a hostile target and still merges the query', () => {
    expect(buildReturnTo('https://evil.com', { returnTo: 'https://evil.com', ref: 'abc' })).toBe(
      '/organizations?ref=abc'
    )
  })

  it('strips the base path before merging', () => {
    expect(buildReturnTo('/dashboard/org/x?tab=a', { b: '1' })).toBe('/org/x?tab=a&b=1')
  })

  it('returns the bare target without a current query', () => {
    expect(buildReturnTo('/org/x')).toBe('/org/x')
    expect(buildReturnTo(undefined)).toBe('/organizations')
  })
})
