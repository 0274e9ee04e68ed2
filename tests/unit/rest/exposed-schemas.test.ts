import { describe, expect, it } from 'vitest'
import { limitRows, maxRowsProblem, parseQuery, profileSchema, schemaListProblem, splitSchemaList } from '@/lib/rest'
import { failure } from './failure'

describe('the Data API settings rules', () => {
  it('splits a comma-separated list, trimming and dropping empty entries', () => {
    expect(splitSchemaList(' public, app ,, ')).toEqual(['public', 'app'])
    expect(splitSchemaList('')).toEqual([])
  })

  it.each([
    [[], 'give at least one schema, e.g. public'],
    [['public', 'auth'], "'auth' belongs to Postgres or the platform and cannot be exposed"],
    [['pg_catalog'], "'pg_catalog' belongs to Postgres or the platform and cannot be exposed"],
    [['pg_temp_3'], "'pg_temp_3' belongs to Postgres or the platform and cannot be exposed"],
    [['platform_jail'], "'platform_jail' belongs to Postgres or the platform and cannot be exposed"],
    [['information_schema'], "'information_schema' belongs to Postgres or the platform and cannot be exposed"],
    [['app', 'app'], "'app' is listed twice"],
    [['a'.repeat(64)], `'${'a'.repeat(64)}' is longer than a Postgres name can be (63 bytes)`],
    [['bad\nname'], "'bad\nname' holds a control character"],
  ])('refuses %j: %s', (names, problem) => {
    expect(schemaListProblem(names)).toBe(problem)
  })

  it('takes user schemas, quoted-looking and mixed-case names included', () => {
    expect(schemaListProblem(['public', 'App', 'my "odd" schema', 'a'.repeat(63)])).toBeNull()
  })

  it('bounds max rows to whole numbers from 1 to 1,000,000', () => {
    expect(maxRowsProblem(1)).toBeNull()
    expect(maxRowsProblem(1_000_000)).toBeNull()
    expect(maxRowsProblem(0)).toBe('must be between 1 and 1,000,000')
    expect(maxRowsProblem(1_000_001)).toBe('must be between 1 and 1,000,000')
    expect(maxRowsProblem(2.5)).toBe('must be a whole number')
  })
})

describe('a request against the settings', () => {
  it('runs in the profile it names when exposed, else the first exposed schema; PGRST106 otherwise', () => {
    expect(profileSchema(['public', 'app'], 'app')).toBe('app')
    expect(profileSchema(['app', 'public'], undefined)).toBe('app')
    expect(failure(() => profileSchema(['public', 'app'], 'auth'))).toMatchObject({ status: 406, code: 'PGRST106', message: 'The schema must be one of the following: public, app' })
  })

  it('caps rows at max rows from the offset, keeping a smaller limit', () => {
    expect(limitRows(parseQuery([]), 10)).toMatchObject({ maxRows: 10, range: { offset: 0, limit: 10 } })
    expect(limitRows(parseQuery([['limit', '3'], ['offset', '5']]), 10).range).toEqual({ offset: 5, limit: 3 })
    expect(limitRows(parseQuery([['limit', '50']], { range: '20-' }), 10).range).toEqual({ offset: 20, limit: 10 })
  })
})
