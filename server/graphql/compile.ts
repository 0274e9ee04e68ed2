import {
  GraphQLIncludeDirective,
  GraphQLObjectType,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import { GRAPHQL_DEFAULT_PAGE_SIZE, GRAPHQL_MAX_PAGE_SIZE } from '@/lib/graphql/limits'
import { filterSql, GraphqlInputError, jsonObjectSql, orderSql, orderTerms, quoteIdent, reverseDirection, SqlParams, typedValue } from '@/lib/graphql/sql'
import type { Relationship, TableModel } from './model'
import type { FieldMeta } from './schema'

/**
 * Compiles one root field (with everything selected under it) into one SQL statement whose
 * single value is the field's JSON result, keyed by response names (aliases): relationships
 * become correlated subqueries, pages jsonb_agg, so a request never runs one query per record.
 */
export type CompileContext = {
  params: SqlParams
  fragments: Record<string, FragmentDefinitionNode>
  variables: Record<string, unknown>
  aliases: number
}

export const newContext = (fragments: Record<string, FragmentDefinitionNode>, variables: Record<string, unknown>): CompileContext => ({
  params: new SqlParams(),
  fragments,
  variables,
  aliases: 0,
})

const relationSql = (table: TableModel) => `"public".${quoteIdent(table.name)}`
const nextAlias = (ctx: CompileContext) => `t${ctx.aliases++}`

function included(ctx: CompileContext, node: { directives?: readonly unknown[] }): boolean {
  const n = node as Parameters<typeof getDirectiveValues>[1]
  if (getDirectiveValues(GraphQLSkipDirective, n, ctx.variables)?.if === true) return false
  if (getDirectiveValues(GraphQLIncludeDirective, n, ctx.variables)?.if === false) return false
  return true
}

/** The fields selected on `type` under these nodes, by response name (fragments flattened). */
export function collectFields(ctx: CompileContext, type: GraphQLObjectType, nodes: readonly FieldNode[]): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>()
  const visit = (set: SelectionSetNode | undefined, seen: Set<string>) => {
    for (const selection of set?.selections ?? []) {
      if (!included(ctx, selection)) continue
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value
        fields.set(key, [...(fields.get(key) ?? []), selection])
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!selection.typeCondition || selection.typeCondition.name.value === type.name) visit(selection.selectionSet, seen)
      } else {
        const fragment = ctx.fragments[selection.name.value]
        if (!fragment || seen.has(fragment.name.value) || fragment.typeCondition.name.value !== type.name) continue
        visit(fragment.selectionSet, new Set([...seen, fragment.name.value]))
      }
    }
  }
  for (const node of nodes) visit(node.selectionSet, new Set())
  return fields
}

function fieldOf(type: GraphQLObjectType, node: FieldNode) {
  const field = type.getFields()[node.name.value]
  if (!field) throw new GraphqlInputError(`Unknown field ${type.name}.${node.name.value}`)
  return { field, meta: field.extensions.sql as FieldMeta, childType: getNamedType(field.type) }
}

/** The JSON object of one record (alias `alias`), with the selected columns and relationships. */
export function nodeSql(ctx: CompileContext, table: TableModel, type: GraphQLObjectType, nodes: readonly FieldNode[], alias: string): string {
  const pairs: [string, string][] = []
  for (const [key, fieldNodes] of collectFields(ctx, type, nodes)) {
    if (fieldNodes[0].name.value === '__typename') continue
    const { field, meta, childType } = fieldOf(type, fieldNodes[0])
    if (meta.kind === 'column') {
      const { column } = meta
      const cast = column.type.outputCast ? (column.type.isList ? '::text[]' : '::text') : ''
      pairs.push([key, `${alias}.${quoteIdent(column.name)}${cast}`])
    } else if (meta.kind === 'manyToOne') {
      const target = meta.relationship.target
      const a = nextAlias(ctx)
      const join = meta.relationship.pairs.map(([here, there]) => `${a}.${quoteIdent(there)} = ${alias}.${quoteIdent(here)}`).join(' and ')
      const inner = nodeSql(ctx, target, childType as GraphQLObjectType, fieldNodes, a)
      pairs.push([key, `(select ${inner} from ${relationSql(target)} as ${a} where ${join} limit 1)`])
    } else if (meta.kind === 'oneToMany') {
      const args = getArgumentValues(field, fieldNodes[0], ctx.variables)
      pairs.push([key, connectionSql(ctx, meta.relationship.target, childType as GraphQLObjectType, fieldNodes, args, { alias, relationship: meta.relationship })])
    }
  }
  return jsonObjectSql(pairs)
}

function pageSize(name: string, value: unknown): number | null {
  if (value === null || value === undefined) return null
  const n = value as number
  if (n < 0 || n > GRAPHQL_MAX_PAGE_SIZE) throw new GraphqlInputError(`${name} must be between 0 and ${GRAPHQL_MAX_PAGE_SIZE}; got ${n}`)
  return n
}

/** A page of records of `table` as a connection object (edges, pageInfo, totalCount). */
export function connectionSql(
  ctx: CompileContext,
  table: TableModel,
  connectionType: GraphQLObjectType,
  nodes: readonly FieldNode[],
  args: Record<string, unknown>,
  link?: { alias: string; relationship: Relationship }
): string {
  const first = pageSize('first', args.first)
  const last = pageSize('last', args.last)
  if (first !== null && last !== null) throw new GraphqlInputError('Give first or last, not both')
  const offset = (args.offset as number | null | undefined) ?? 0
  if (offset < 0) throw new GraphqlInputError(`offset must not be negative; got ${offset}`)
  const size = last ?? first ?? GRAPHQL_DEFAULT_PAGE_SIZE
  const fromEnd = last !== null

  const a = nextAlias(ctx)
  const conditions = [filterSql(args.filter as Record<string, unknown> | null, table.columns, a, ctx.params)]
  if (link) conditions.push(...link.relationship.pairs.map(([here, there]) => `${a}.${quoteIdent(there)} = ${link.alias}.${quoteIdent(here)}`))
  const where = conditions.filter((c) => c !== 'true').join(' and ') || 'true'
  let terms = orderTerms(args.orderBy as Record<string, unknown>[] | null, table.columns)
  if (terms.length === 0) terms = table.primaryKey.map((column) => ({ column, direction: 'AscNullsLast' as const }))
  if (fromEnd && terms.length === 0) throw new GraphqlInputError(`last needs an orderBy: ${table.name} has no primary key to order by`)
  const effective = fromEnd ? terms.map((t) => ({ ...t, direction: reverseDirection(t.direction) })) : terms
  const order = orderSql(effective, a)
  const orderClause = order ? `order by ${order}` : ''
  const from = `from ${relationSql(table)} as ${a} where ${where}`
  // Built only when asked for: an unused parameter would make the statement fail.
  const beyond = () => `exists (select 1 ${from} ${orderClause} offset ${ctx.params.add(offset + size)}::text::bigint)`

  const pairs: [string, string][] = []
  for (const [key, fieldNodes] of collectFields(ctx, connectionType, nodes)) {
    if (fieldNodes[0].name.value === '__typename') continue
    const { meta, childType } = fieldOf(connectionType, fieldNodes[0])
    if (meta.kind === 'totalCount') pairs.push([key, `(select count(*) ${from})::int`])
    else if (meta.kind === 'pageInfo') {
      const info: [string, string][] = []
      for (const [infoKey, infoNodes] of collectFields(ctx, childType as GraphQLObjectType, fieldNodes)) {
        const name = infoNodes[0].name.value
        if (name === '__typename') continue
        const atStart = offset > 0 ? 'true' : 'false'
        // With `last`, the page is counted from the end: "next" lies behind the offset.
        if (name === 'hasNextPage') info.push([infoKey, fromEnd ? atStart : beyond()])
        if (name === 'hasPreviousPage') info.push([infoKey, fromEnd ? beyond() : atStart])
      }
      pairs.push([key, jsonObjectSql(info)])
    } else if (meta.kind === 'edges') {
      const edgeType = childType as GraphQLObjectType
      const r = nextAlias(ctx)
      const edge: [string, string][] = []
      for (const [edgeKey, edgeNodes] of collectFields(ctx, edgeType, fieldNodes)) {
        if (edgeNodes[0].name.value === '__typename') continue
        const { childType: nodeType } = fieldOf(edgeType, edgeNodes[0])
        edge.push([edgeKey, nodeSql(ctx, table, nodeType as GraphQLObjectType, edgeNodes, r)])
      }
      const page =
        `select ${a}.*, row_number() over (${orderClause}) as "__gql_rn" ${from} ${orderClause} ` +
        `limit ${ctx.params.add(size)}::text::bigint offset ${ctx.params.add(offset)}::text::bigint`
      pairs.push([key, `coalesce((select jsonb_agg(${jsonObjectSql(edge)} order by ${r}."__gql_rn" ${fromEnd ? 'desc' : 'asc'}) from (${page}) as ${r}), '[]'::jsonb)`])
    }
  }
  return jsonObjectSql(pairs)
}

const MUTATION_ROWS = '"__gql_rows"'

/** The `{affectedCount, records}` object over the rows a mutation returned. */
function mutationResultSql(ctx: CompileContext, table: TableModel, responseType: GraphQLObjectType, nodes: readonly FieldNode[]): string {
  const pairs: [string, string][] = []
  for (const [key, fieldNodes] of collectFields(ctx, responseType, nodes)) {
    if (fieldNodes[0].name.value === '__typename') continue
    const { meta, childType } = fieldOf(responseType, fieldNodes[0])
    if (meta.kind === 'affectedCount') pairs.push([key, `(select count(*) from ${MUTATION_ROWS})::int`])
    if (meta.kind === 'records') {
      const r = nextAlias(ctx)
      pairs.push([key, `coalesce((select jsonb_agg(${nodeSql(ctx, table, childType as GraphQLObjectType, fieldNodes, r)}) from ${MUTATION_ROWS} as ${r}), '[]'::jsonb)`])
    }
  }
  return jsonObjectSql(pairs)
}

/** `insert into … values …` returning the response object; every record in one statement. */
export function insertSql(ctx: CompileContext, table: TableModel, responseType: GraphQLObjectType, nodes: readonly FieldNode[], objects: Record<string, unknown>[]): string {
  if (objects.length === 0) throw new GraphqlInputError('objects must hold at least one record')
  if (objects.length > GRAPHQL_MAX_PAGE_SIZE) throw new GraphqlInputError(`Insert at most ${GRAPHQL_MAX_PAGE_SIZE} records at once`)
  const names = [...new Set(objects.flatMap((o) => Object.keys(o)))]
  const columns = names.map((name) => {
    const column = table.columns.get(name)
    if (!column || column.source.generated) throw new GraphqlInputError(`Column ${name} of ${table.name} cannot be written`)
    return column
  })
  const insert =
    columns.length === 0
      ? `insert into ${relationSql(table)} select from generate_series(1, ${ctx.params.add(objects.length)}::text::int) returning *`
      : `insert into ${relationSql(table)} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) values ${objects
          .map((o) => `(${columns.map((c) => (c.name in o ? typedValue(c, o[c.name], ctx.params) : 'default')).join(', ')})`)
          .join(', ')} returning *`
  return `with ${MUTATION_ROWS} as (${insert}) select ${mutationResultSql(ctx, table, responseType, nodes)} as result`
}

/** How many records a filter matches (checked against `atMost` before writing). */
export function countSql(ctx: CompileContext, table: TableModel, filter: Record<string, unknown> | null): string {
  const a = nextAlias(ctx)
  return `select count(*)::int as n from ${relationSql(table)} as ${a} where ${filterSql(filter, table.columns, a, ctx.params)}`
}

/** The rows to write: at most `atMost` of those matching (tableoid tells partitions apart). */
function targetRows(ctx: CompileContext, table: TableModel, filter: Record<string, unknown> | null, atMost: number, alias: string): string {
  const b = nextAlias(ctx)
  return `(${alias}.tableoid, ${alias}.ctid) in (select ${b}.tableoid, ${b}.ctid from ${relationSql(table)} as ${b} where ${filterSql(filter, table.columns, b, ctx.params)} limit ${ctx.params.add(atMost)}::text::bigint)`
}

/** `update … set …` of the matching records, returning the response object. */
export function updateSql(
  ctx: CompileContext,
  table: TableModel,
  responseType: GraphQLObjectType,
  nodes: readonly FieldNode[],
  set: Record<string, unknown>,
  filter: Record<string, unknown> | null,
  atMost: number
): string {
  const assignments = Object.entries(set).map(([name, value]) => {
    const column = table.columns.get(name)
    if (!column || column.source.generated) throw new GraphqlInputError(`Column ${name} of ${table.name} cannot be written`)
    return `${quoteIdent(name)} = ${typedValue(column, value, ctx.params)}`
  })
  if (assignments.length === 0) throw new GraphqlInputError('set must give at least one column')
  const a = nextAlias(ctx)
  const update = `update ${relationSql(table)} as ${a} set ${assignments.join(', ')} where ${targetRows(ctx, table, filter, atMost, a)} returning ${a}.*`
  return `with ${MUTATION_ROWS} as (${update}) select ${mutationResultSql(ctx, table, responseType, nodes)} as result`
}

/** `delete from …` of the matching records, returning the response object. */
export function deleteSql(ctx: CompileContext, table: TableModel, responseType: GraphQLObjectType, nodes: readonly FieldNode[], filter: Record<string, unknown> | null, atMost: number): string {
  const a = nextAlias(ctx)
  const del = `delete from ${relationSql(table)} as ${a} where ${targetRows(ctx, table, filter, atMost, a)} returning ${a}.*`
  return `with ${MUTATION_ROWS} as (${del}) select ${mutationResultSql(ctx, table, responseType, nodes)} as result`
}
