/** A new table from a CSV file: the type each field's values suggest, and the column names its header gives. */
import { describe, expect, it } from 'vitest'
import { columnNamesForFields, detectColumnType, suggestedPrimaryKey } from '@/lib/database/import-columns'

describe('detectColumnType', () => {
  it.each([
    [['1', '-2', '+30', ''], 'int8'],
    [['9223372036854775807'], 'int8'],
    [['9223372036854775808'], 'numeric'],
    [['1.5', '2', '-3e4', '.25'], 'numeric'],
    [['007', '12'], 'text'],
    [['true', 'FALSE', 'yes', 'off'], 'bool'],
    [['0', '1'], 'int8'],
    [['5f0c8a8e-9b1d-4c3e-8f2a-1b2c3d4e5f60'], 'uuid'],
    [['2024-02-29', '2023-12-31'], 'date'],
    [['2023-02-29'], 'text'],
    [['2024-01-02T03:04:05Z', '2024-01-02 03:04:05.123+02:00'], 'timestamptz'],
    [['2024-01-02 03:04:05', '2024-01-02T23:59'], 'timestamp'],
    [['2024-01-02 03:04:05', '2024-01-02T03:04:05Z'], 'text'],
    [['2024-01-02 25:00'], 'text'],
    [['03:04', '23:59:59.5'], 'time'],
    [['{"a": 1}', '[1, 2]'], 'jsonb'],
    [['{not json}'], 'text'],
    [['', ''], 'text'],
    [['hello', '1'], 'text'],
  ])('%j is %s', (values, type) => {
    expect(detectColumnType(values)).toBe(type)
  })
})

describe('columnNamesForFields', () => {
  it('keeps names, fills blanks, makes repeats unique and cuts at 63 bytes', () => {
    expect(columnNamesForFields([' id ', '', 'name', 'name', 'Name'])).toEqual(['id', 'column_2', 'name', 'name_2', 'Name'])
    const long = 'é'.repeat(40)
    const [first, second] = columnNamesForFields([long, long])
    expect(new TextEncoder().encode(first).length).toBeLessThanOrEqual(63)
    expect(first).toBe('é'.repeat(31))
    expect(second.endsWith('_2')).toBe(true)
    expect(new TextEncoder().encode(second).length).toBeLessThanOrEqual(63)
    expect(second).not.toBe(first)
  })
  it('leaves hostile names as they are: the server quotes every one', () => {
    expect(columnNamesForFields(['a"; drop table x; --'])).toEqual(['a"; drop table x; --'])
  })
})

describe('suggestedPrimaryKey', () => {
  it('is a field named id of a key-like type, else none', () => {
    expect(suggestedPrimaryKey(['name', 'ID'], ['text', 'int8'])).toBe('ID')
    expect(suggestedPrimaryKey(['id'], ['jsonb'])).toBeNull()
    expect(suggestedPrimaryKey(['name'], ['text'])).toBeNull()
  })
})
