import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql'
import { GRAPHQL_DEFAULT_PAGE_SIZE, GRAPHQL_MAX_PAGE_SIZE } from '@/lib/graphql/limits'
import { ORDER_DIRECTIONS } from '@/lib/graphql/sql'
import { FILTER_OPERATORS, type ColumnTypeInfo } from '@/lib/graphql/type-mapping'
import type { ModelColumn, Relationship, TableModel } from './model'
import { SCALARS } from './scalars'

/** What a field stands for, read by the SQL compiler (kept in the field's `extensions`). */
export type FieldMeta =
  | { kind: 'column'; column: ModelColumn }
  | { kind: 'manyToOne'; relationship: Relationship }
  | { kind: 'oneToMany'; relationship: Relationship }
  | { kind: 'collection'; table: TableModel }
  | { kind: 'edges' | 'node' | 'pageInfo' | 'totalCount' | 'hasNextPage' | 'hasPreviousPage' }
  | { kind: 'insert' | 'update' | 'delete'; table: TableModel }
  | { kind: 'affectedCount' | 'records' }
  | { kind: 'heartbeat' }

/** Resolves the root fields (queries and mutations) of a request. */
export type RootResolver = GraphQLFieldConfig<unknown, any>['resolve']

const meta = (m: FieldMeta) => ({ extensions: { sql: m } })
const nonNull = <T extends GraphQLOutputType | GraphQLInputType>(t: T) => new GraphQLNonNull(t as never) as unknown as T

const FilterIs = new GraphQLEnumType({
  name: 'FilterIs',
  description: 'Tests a column for null.',
  values: { NULL: { value: 'NULL' }, NOT_NULL: { value: 'NOT_NULL' } },
})

const OrderByDirection = new GraphQLEnumType({
  name: 'OrderByDirection',
  description: 'Sort direction, and where null values go.',
  values: Object.fromEntries(Object.entries(ORDER_DIRECTIONS).map(([name, sql]) => [name, { value: name, description: sql }])),
})

const PageInfo = new GraphQLObjectType({
  name: 'PageInfo',
  description: 'Whether more records lie beyond the page.',
  fields: {
    hasNextPage: { type: nonNull(GraphQLBoolean), ...meta({ kind: 'hasNextPage' }) },
    hasPreviousPage: { type: nonNull(GraphQLBoolean), ...meta({ kind: 'hasPreviousPage' }) },
  },
})

const OPERATOR_DESCRIPTIONS: Record<string, string> = {
  eq: 'Equal to',
  neq: 'Not equal to',
  gt: 'Greater than',
  gte: 'Greater than or equal to',
  lt: 'Less than',
  lte: 'Less than or equal to',
  in: 'One of the values',
  like: 'Matches the pattern (SQL LIKE: % any text, _ one character)',
  ilike: 'Matches the pattern, ignoring case (SQL ILIKE)',
  is: 'Is null (NULL) or is not null (NOT_NULL)',
}

/** Builds a schema for one project's tables; the root resolvers run the compiled SQL. */
export function buildGraphqlSchema(tables: TableModel[], resolvers: { query: RootResolver; mutation: RootResolver; heartbeat: RootResolver }): GraphQLSchema {
  const filterTypes = new Map<string, GraphQLInputObjectType>()
  const filterTypeOf = (info: ColumnTypeInfo): GraphQLInputObjectType => {
    const name = `${info.scalar}${info.isList ? 'List' : ''}Filter`
    let type = filterTypes.get(name)
    if (!type) {
      const scalar = SCALARS[info.scalar]
      const fields: GraphQLInputFieldConfigMap = {}
      for (const op of FILTER_OPERATORS[info.filter]) {
        fields[op] = { type: op === 'in' ? new GraphQLList(nonNull(scalar)) : op === 'like' || op === 'ilike' ? SCALARS.String : scalar, description: OPERATOR_DESCRIPTIONS[op] }
      }
      fields.is = { type: FilterIs, description: OPERATOR_DESCRIPTIONS.is }
      type = new GraphQLInputObjectType({ name, description: `Conditions on a ${info.isList ? `list of ${info.scalar}` : info.scalar} column; all must hold.`, fields })
      filterTypes.set(name, type)
    }
    return type
  }
  const valueType = (column: ModelColumn): GraphQLOutputType & GraphQLInputType => {
    const scalar = SCALARS[column.type.scalar]
    return column.type.isList ? new GraphQLList(scalar) : scalar
  }
  const describeColumn = (column: ModelColumn) =>
    [`${column.source.typeSql}${column.source.notNull ? ' not null' : ''}`, column.source.comment].filter(Boolean).join(' — ')

  const nodeTypes = new Map<TableModel, GraphQLObjectType>()
  const connectionTypes = new Map<TableModel, GraphQLObjectType>()
  const filters = new Map<TableModel, GraphQLInputObjectType>()
  const orders = new Map<TableModel, GraphQLInputObjectType>()

  for (const table of tables) {
    const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${table.typeName}Filter`,
      description: `Which ${table.name} records: every condition given must hold.`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {}
        for (const column of table.columns.values()) fields[column.name] = { type: filterTypeOf(column.type), description: describeColumn(column) }
        fields.and = { type: new GraphQLList(nonNull(filter)), description: 'All of these filters hold' }
        fields.or = { type: new GraphQLList(nonNull(filter)), description: 'At least one of these filters holds' }
        fields.not = { type: filter, description: 'This filter does not hold' }
        return fields
      },
    })
    filters.set(table, filter)
    const sortable = [...table.columns.values()].filter((c) => c.type.sortable)
    if (sortable.length === 0) continue
    orders.set(
      table,
      new GraphQLInputObjectType({
        name: `${table.typeName}OrderBy`,
        description: `Sort order of ${table.name} records: one column per entry, in priority order.`,
        fields: () => Object.fromEntries(sortable.map((c) => [c.name, { type: OrderByDirection }])),
      })
    )
  }

  const collectionArgs = (table: TableModel): GraphQLFieldConfigArgumentMap => ({
    first: { type: GraphQLInt, description: `The first records, at most ${GRAPHQL_MAX_PAGE_SIZE} (default ${GRAPHQL_DEFAULT_PAGE_SIZE})` },
    last: { type: GraphQLInt, description: `The last records, at most ${GRAPHQL_MAX_PAGE_SIZE}; not with first` },
    offset: { type: GraphQLInt, description: 'Records to skip' },
    filter: { type: filters.get(table)! },
    ...(orders.has(table) ? { orderBy: { type: new GraphQLList(nonNull(orders.get(table)!)), description: 'Default: the primary key, ascending' } } : {}),
  })

  for (const table of tables) {
    const node: GraphQLObjectType = new GraphQLObjectType({
      name: table.typeName,
      description: table.comment ?? `A record of ${table.kind === 'r' || table.kind === 'p' ? 'table' : 'view'} public.${table.name}`,
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, any> = {}
        for (const column of table.columns.values()) {
          fields[column.name] = { type: column.source.notNull ? nonNull(valueType(column)) : valueType(column), description: describeColumn(column), ...meta({ kind: 'column', column }) }
        }
        for (const relationship of table.manyToOne) {
          const required = relationship.pairs.every(([c]) => table.columns.get(c)?.source.notNull)
          const type = nodeTypes.get(relationship.target)!
          fields[relationship.field] = {
            type: required ? nonNull(type) : type,
            description: `The ${relationship.target.name} record this one refers to (foreign key ${relationship.constraint})`,
            ...meta({ kind: 'manyToOne', relationship }),
          }
        }
        for (const relationship of table.oneToMany) {
          fields[relationship.field] = {
            type: connectionTypes.get(relationship.target)!,
            args: collectionArgs(relationship.target),
            description: `The ${relationship.target.name} records referring to this one (foreign key ${relationship.constraint})`,
            ...meta({ kind: 'oneToMany', relationship }),
          }
        }
        return fields
      },
    })
    nodeTypes.set(table, node)
    const edge = new GraphQLObjectType({
      name: `${table.typeName}Edge`,
      fields: { node: { type: nonNull(node), ...meta({ kind: 'node' }) } },
    })
    connectionTypes.set(
      table,
      new GraphQLObjectType({
        name: `${table.typeName}Connection`,
        description: `A page of ${table.name} records`,
        fields: {
          edges: { type: nonNull(new GraphQLList(nonNull(edge))), ...meta({ kind: 'edges' }) },
          pageInfo: { type: nonNull(PageInfo), ...meta({ kind: 'pageInfo' }) },
          totalCount: { type: nonNull(GraphQLInt), description: 'Records matching the filter, on every page', ...meta({ kind: 'totalCount' }) },
        },
      })
    )
  }

  const queryFields: GraphQLFieldConfigMap<unknown, any> = {
    heartbeat: { type: nonNull(SCALARS.Datetime), description: "The database server's current time: a query that always works", resolve: resolvers.heartbeat, ...meta({ kind: 'heartbeat' }) },
  }
  for (const table of tables) {
    queryFields[table.collectionField] = {
      type: connectionTypes.get(table)!,
      args: collectionArgs(table),
      description: `Records of ${table.kind === 'r' || table.kind === 'p' ? 'table' : 'view'} public.${table.name}${table.comment ? ` — ${table.comment}` : ''}`,
      resolve: resolvers.query,
      ...meta({ kind: 'collection', table }),
    }
  }

  const mutationFields: GraphQLFieldConfigMap<unknown, any> = {}
  for (const table of tables.filter((t) => t.writable)) {
    const writable = [...table.columns.values()].filter((c) => !c.source.generated)
    const response = (verb: string) =>
      new GraphQLObjectType({
        name: `${table.typeName}${verb}Response`,
        fields: {
          affectedCount: { type: nonNull(GraphQLInt), description: 'Records written', ...meta({ kind: 'affectedCount' }) },
          records: { type: nonNull(new GraphQLList(nonNull(nodeTypes.get(table)!))), description: 'The records as written', ...meta({ kind: 'records' }) },
        },
      })
    const insertInput = new GraphQLInputObjectType({
      name: `${table.typeName}InsertInput`,
      description: `A new ${table.name} record; columns left out take their default.`,
      fields: Object.fromEntries(writable.map((c) => [c.name, { type: valueType(c), description: describeColumn(c) }])),
    })
    const updateInput = new GraphQLInputObjectType({
      name: `${table.typeName}UpdateInput`,
      description: `New values for columns of ${table.name}; columns left out keep theirs.`,
      fields: Object.fromEntries(writable.map((c) => [c.name, { type: valueType(c), description: describeColumn(c) }])),
    })
    const atMost = { type: nonNull(GraphQLInt), defaultValue: 1, description: 'Refuse (and change nothing) when more records match' }
    const filter = { type: filters.get(table)! }
    if (writable.length > 0) {
      mutationFields[`insertInto${table.typeName}Collection`] = {
        type: response('Insert'),
        args: { objects: { type: nonNull(new GraphQLList(nonNull(insertInput))) } },
        description: `Inserts records into public.${table.name}`,
        resolve: resolvers.mutation,
        ...meta({ kind: 'insert', table }),
      }
      mutationFields[`update${table.typeName}Collection`] = {
        type: response('Update'),
        args: { set: { type: nonNull(updateInput) }, filter, atMost },
        description: `Updates the records of public.${table.name} matching the filter`,
        resolve: resolvers.mutation,
        ...meta({ kind: 'update', table }),
      }
    }
    mutationFields[`deleteFrom${table.typeName}Collection`] = {
      type: response('Delete'),
      args: { filter, atMost },
      description: `Deletes the records of public.${table.name} matching the filter`,
      resolve: resolvers.mutation,
      ...meta({ kind: 'delete', table }),
    }
  }

  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', description: 'Reads of the public schema', fields: queryFields }),
    mutation: Object.keys(mutationFields).length > 0 ? new GraphQLObjectType({ name: 'Mutation', description: 'Writes to the public schema', fields: mutationFields }) : undefined,
  })
}
