import { mapColumnType } from '@/lib/graphql/type-mapping'

const col = (base: string, extra: Partial<{ isArray: boolean; isEnum: boolean }> = {}) => mapColumnType({ base, isArray: false, isEnum: false, ...extra })

describe('Postgres → GraphQL type mapping', () => {
  it('maps numbers: small integers to Int, bigint and numeric to exact strings', () => {
    expect(col('int4')).toMatchObject({ scalar: 'Int', outputCast: false, filter: 'ordered', sortable: true })
    expect(col('int2').scalar).toBe('Int')
    expect(col('int8')).toMatchObject({ scalar: 'BigInt', outputCast: true })
    expect(col('numeric')).toMatchObject({ scalar: 'BigFloat', outputCast: true })
    expect(col('float8')).toMatchObject({ scalar: 'Float', outputCast: false })
  })

  it('maps text, booleans, uuids, json and time types', () => {
    expect(col('text')).toMatchObject({ scalar: 'String', filter: 'text' })
    expect(col('varchar').scalar).toBe('String')
    expect(col('bool')).toMatchObject({ scalar: 'Boolean', filter: 'boolean' })
    expect(col('uuid')).toMatchObject({ scalar: 'UUID', filter: 'equality' })
    expect(col('jsonb')).toMatchObject({ scalar: 'JSON', filter: 'nullOnly', sortable: false, outputCast: false })
    expect(col('timestamptz')).toMatchObject({ scalar: 'Datetime', filter: 'ordered' })
    expect(col('date').scalar).toBe('Date')
    expect(col('time').scalar).toBe('Time')
  })

  it('reads enums as strings and unknown types as opaque text', () => {
    expect(col('mood', { isEnum: true })).toMatchObject({ scalar: 'String', outputCast: false })
    expect(col('inet')).toMatchObject({ scalar: 'Opaque', outputCast: true, filter: 'equality' })
  })

  it('maps arrays to lists that can only be tested for null', () => {
    expect(col('int4', { isArray: true })).toEqual({ scalar: 'Int', isList: true, outputCast: false, filter: 'nullOnly', sortable: false })
    expect(col('int8', { isArray: true })).toMatchObject({ scalar: 'BigInt', isList: true, outputCast: true })
  })
})
