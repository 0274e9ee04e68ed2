/**
 * How Postgres column types appear in the generated GraphQL schema. Values that JSON numbers
 * cannot carry exactly (bigint, numeric) and types without a GraphQL counterpart travel as
 * strings; the SQL casts them to text (`outputCast`).
 */

export type GraphqlScalarName = 'Int' | 'Float' | 'String' | 'Boolean' | 'BigInt' | 'BigFloat' | 'UUID' | 'JSON' | 'Date' | 'Time' | 'Datetime' | 'Opaque'

/** What a column can be filtered with (the operators of its `<Scalar>Filter` input). */
export type FilterKind = 'ordered' | 'text' | 'boolean' | 'equality' | 'nullOnly'

export type ColumnTypeInfo = {
  scalar: GraphqlScalarName
  isList: boolean
  /** The value leaves Postgres as text (`::text`), for exactness or lack of a JSON form. */
  outputCast: boolean
  filter: FilterKind
  /** Can be ordered by (scalars only; json and arrays cannot). */
  sortable: boolean
}

const SCALAR_OF_BASE: Record<string, GraphqlScalarName> = {
  int2: 'Int',
  int4: 'Int',
  int8: 'BigInt',
  float4: 'Float',
  float8: 'Float',
  numeric: 'BigFloat',
  text: 'String',
  varchar: 'String',
  bpchar: 'String',
  char: 'String',
  name: 'String',
  citext: 'String',
  bool: 'Boolean',
  uuid: 'UUID',
  json: 'JSON',
  jsonb: 'JSON',
  date: 'Date',
  time: 'Time',
  timetz: 'Time',
  timestamp: 'Datetime',
  timestamptz: 'Datetime',
}

const FILTER_OF_SCALAR: Record<GraphqlScalarName, FilterKind> = {
  Int: 'ordered',
  Float: 'ordered',
  BigInt: 'ordered',
  BigFloat: 'ordered',
  Date: 'ordered',
  Time: 'ordered',
  Datetime: 'ordered',
  String: 'text',
  Boolean: 'boolean',
  UUID: 'equality',
  Opaque: 'equality',
  JSON: 'nullOnly',
}

/**
 * The GraphQL form of a column. `base` is the type's name in pg_type (the element's for an
 * array); enums read as strings.
 */
export function mapColumnType(column: { base: string; isArray: boolean; isEnum: boolean }): ColumnTypeInfo {
  const scalar: GraphqlScalarName = column.isEnum ? 'String' : (SCALAR_OF_BASE[column.base] ?? 'Opaque')
  const outputCast = scalar === 'BigInt' || scalar === 'BigFloat' || scalar === 'Opaque'
  if (column.isArray) return { scalar, isList: true, outputCast, filter: 'nullOnly', sortable: false }
  return { scalar, isList: false, outputCast, filter: FILTER_OF_SCALAR[scalar], sortable: scalar !== 'JSON' }
}

/** The operators of each filter kind (besides `is`, which every kind has). */
export const FILTER_OPERATORS: Record<FilterKind, readonly FilterOperator[]> = {
  ordered: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in'],
  text: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'ilike'],
  boolean: ['eq'],
  equality: ['eq', 'neq', 'in'],
  nullOnly: [],
}

export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'like' | 'ilike'
