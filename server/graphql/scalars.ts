import { GraphQLBoolean, GraphQLError, GraphQLFloat, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, valueFromASTUntyped, type GraphQLScalarType as Scalar, type ValueNode } from 'graphql'
import type { GraphqlScalarName } from '@/lib/graphql/type-mapping'

function stringScalar(name: string, description: string, check: (text: string) => boolean, expected: string, acceptInt = false): Scalar {
  const parse = (value: unknown): string => {
    if (acceptInt && typeof value === 'number' && Number.isFinite(value)) return String(value)
    if (typeof value === 'string' && check(value)) return value
    throw new GraphQLError(`${name} takes ${expected}; got ${JSON.stringify(value)}`)
  }
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (typeof value === 'string' ? value : String(value)),
    parseValue: parse,
    parseLiteral(ast: ValueNode) {
      if (ast.kind === Kind.STRING) return parse(ast.value)
      if (acceptInt && (ast.kind === Kind.INT || ast.kind === Kind.FLOAT)) return parse(ast.value)
      throw new GraphQLError(`${name} takes ${expected}`)
    },
  })
}

const BigIntScalar = stringScalar('BigInt', 'A 64-bit integer (bigint), as a string so that no digit is lost.', (t) => /^-?\d+$/.test(t), 'an integer or a string of digits', true)
const BigFloatScalar = stringScalar(
  'BigFloat',
  'An exact decimal number (numeric), as a string so that no digit is lost.',
  (t) => /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) || /^-?(NaN|Infinity)$/.test(t),
  'a number or a string holding one',
  true
)
const UuidScalar = stringScalar('UUID', 'A UUID, e.g. "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11".', (t) => /^[0-9a-f]{8}-?([0-9a-f]{4}-?){3}[0-9a-f]{12}$/i.test(t.replace(/[{}]/g, '')), 'a UUID string')
const DateScalar = stringScalar('Date', 'A date (date), e.g. "2024-05-01".', () => true, 'a date string')
const TimeScalar = stringScalar('Time', 'A time of day (time), e.g. "13:45:00".', () => true, 'a time string')
const DatetimeScalar = stringScalar('Datetime', 'A timestamp (timestamp or timestamptz), ISO 8601, e.g. "2024-05-01T13:45:00+00:00".', () => true, 'a timestamp string')
const OpaqueScalar = stringScalar('Opaque', 'A value of a Postgres type without a GraphQL counterpart, in its text form.', () => true, 'a string')

const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value (json or jsonb): objects, arrays, strings, numbers, booleans.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
})

/** The GraphQL scalar of each mapped type. */
export const SCALARS: Record<GraphqlScalarName, Scalar> = {
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  BigInt: BigIntScalar,
  BigFloat: BigFloatScalar,
  UUID: UuidScalar,
  JSON: JsonScalar,
  Date: DateScalar,
  Time: TimeScalar,
  Datetime: DatetimeScalar,
  Opaque: OpaqueScalar,
}
