import {
  EXTENSIONS,
  EXTENSION_ROUTES,
  EXTENSION_TAGS,
  extensionLink,
  extensionsWithTag,
  findExtension,
  isExtensionDeprecated,
} from '@/lib/catalogue/extensions'

describe('extension catalogue (spec §3)', () => {
  it('has about 60 entries with unique names', () => {
    expect(EXTENSIONS.length).toBeGreaterThanOrEqual(55)
    expect(EXTENSIONS.length).toBeLessThanOrEqual(70)
    const names = EXTENSIONS.map((extension) => extension.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('uses only the allowed tags, and every tag at least once', () => {
    const used = new Set<string>()
    for (const extension of EXTENSIONS) {
      expect(extension.tags.length).toBeGreaterThan(0)
      for (const tag of extension.tags) {
        expect(EXTENSION_TAGS).toContain(tag)
        used.add(tag)
      }
    }
    expect([...used].sort()).toEqual([...EXTENSION_TAGS].sort())
  })

  it('describes every entry and points it at a GitHub source', () => {
    for (const extension of EXTENSIONS) {
      expect(extension.comment.length).toBeGreaterThan(10)
      expect(extension.github_url).toMatch(/^https:\/\/github\.com\//)
      if (extension.link !== null) expect(Object.values(EXTENSION_ROUTES)).toContain(extension.link)
    }
  })

  it('includes the well-known extensions', () => {
    for (const name of ['pg_stat_statements', 'pgcrypto', 'postgis', 'vector', 'pg_cron', 'pg_net', 'uuid-ossp', 'vault']) {
      expect(findExtension(name)).toBeDefined()
    }
  })

  it('deprecates exactly pgjwt, plcoffee, plls, plv8 and timescaledb on Postgres 17', () => {
    const deprecated = EXTENSIONS.filter((extension) => isExtensionDeprecated(extension.name, 17))
    expect(deprecated.map((extension) => extension.name).sort()).toEqual(['pgjwt', 'plcoffee', 'plls', 'plv8', 'timescaledb'])
    expect(isExtensionDeprecated('plv8', 15)).toBe(false)
    expect(isExtensionDeprecated('pgcrypto', 17)).toBe(false)
    expect(isExtensionDeprecated('no_such_extension', 17)).toBe(false)
  })

  it('links dashboard-backed extensions to their screens', () => {
    const ref = 'abcdefghij'
    const link = (name: string) => extensionLink(findExtension(name)!, ref)
    expect(link('pg_graphql')).toBe('/project/abcdefghij/api/graphiql')
    expect(link('pg_cron')).toBe('/project/abcdefghij/integrations/cron')
    expect(link('pg_net')).toBe('/project/abcdefghij/database/hooks')
    expect(link('wrappers')).toBe('/project/abcdefghij/database/wrappers')
    expect(link('vault')).toBe('/project/abcdefghij/settings/vault/secrets')
    expect(link('pg_stat_statements')).toBe('/project/abcdefghij/advisors/query-performance')
    expect(link('hstore')).toBeNull()
  })

  it('filters by tag', () => {
    const ai = extensionsWithTag('AI').map((extension) => extension.name)
    expect(ai).toContain('vector')
    expect(extensionsWithTag('Time Series').map((extension) => extension.name)).toEqual(['timescaledb'])
  })
})
