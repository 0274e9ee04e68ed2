import { EXCLUDED_SCHEMAS, isExcludedSchema } from '@/lib/schemas'

describe('excluded schemas (spec §5)', () => {
  it('lists exactly the three system schemas', () => {
    expect([...EXCLUDED_SCHEMAS].sort()).toEqual(['information_schema', 'pg_catalog', 'pg_toast'])
  })

  it.each(['information_schema', 'pg_catalog', 'pg_toast'])('excludes %s', (name) => {
    expect(isExcludedSchema(name)).toBe(true)
  })

  it.each(['public', 'auth', 'storage', 'PG_CATALOG', 'pg_catalog2', 'pg_', '', ' pg_toast'])(
    'keeps %j',
    (name) => {
      expect(isExcludedSchema(name)).toBe(false)
    }
  )

  it('keeps a missing name', () => {
    expect(isExcludedSchema(undefined)).toBe(false)
    expect(isExcludedSchema(null)).toBe(false)
  })
})
