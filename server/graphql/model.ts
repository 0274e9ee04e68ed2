import { isGraphqlName, manyToOneName, pascalCase } from '@/lib/graphql/names'
import type { SqlColumn } from '@/lib/graphql/sql'
import { mapColumnType } from '@/lib/graphql/type-mapping'
import type { Catalogue, CatalogueColumn, CatalogueRelation } from './catalogue'

export type ModelColumn = SqlColumn & { source: CatalogueColumn }

export type Relationship = {
  field: string
  /** The table on the other side. */
  target: TableModel
  /** (column here, column there) pairs. */
  pairs: [string, string][]
  constraint: string
}

/** A table or view of the public schema, as the GraphQL schema shows it. */
export type TableModel = {
  name: string
  kind: CatalogueRelation['kind']
  comment: string | null
  /** Type name (`BlogPost`); the other names derive from it. */
  typeName: string
  /** Field of Query: `<table>Collection`. */
  collectionField: string
  columns: Map<string, ModelColumn>
  primaryKey: string[]
  manyToOne: Relationship[]
  oneToMany: Relationship[]
  /** Tables (not views) get mutations. */
  writable: boolean
}

/** Names the schema defines itself; a table whose type would take one is left out. */
const RESERVED_TYPE_NAMES = new Set([
  'Query', 'Mutation', 'Subscription', 'PageInfo', 'FilterIs', 'OrderByDirection',
  'Int', 'Float', 'String', 'Boolean', 'ID', 'BigInt', 'BigFloat', 'UUID', 'JSON', 'Date', 'Time', 'Datetime', 'Opaque',
])
const SUFFIXES = ['', 'Edge', 'Connection', 'Filter', 'OrderBy', 'InsertInput', 'UpdateInput', 'InsertResponse', 'UpdateResponse', 'DeleteResponse']

/**
 * Tables and their relationships from the catalogue. Tables, columns and relationships whose
 * names cannot be GraphQL names (or would clash) are left out, and listed in `skipped`.
 */
export function buildModel(catalogue: Catalogue): { tables: TableModel[]; skipped: string[] } {
  const skipped: string[] = []
  const byOid = new Map<number, TableModel>()
  const usedTypeNames = new Set<string>()
  const filterTypeNames = new Set(['IntFilter', 'FloatFilter', 'StringFilter', 'BooleanFilter', 'BigIntFilter', 'BigFloatFilter', 'UUIDFilter', 'JSONFilter', 'DateFilter', 'TimeFilter', 'DatetimeFilter', 'OpaqueFilter'])
  for (const relation of catalogue.relations) {
    const typeName = pascalCase(relation.name)
    const clashes = SUFFIXES.some((s) => {
      const n = typeName + s
      return usedTypeNames.has(n) || RESERVED_TYPE_NAMES.has(n) || filterTypeNames.has(n) || /ListFilter$/.test(n)
    })
    if (!isGraphqlName(relation.name) || !isGraphqlName(typeName) || clashes) {
      skipped.push(`table ${relation.name}`)
      continue
    }
    SUFFIXES.forEach((s) => usedTypeNames.add(typeName + s))
    byOid.set(relation.oid, {
      name: relation.name,
      kind: relation.kind,
      comment: relation.comment,
      typeName,
      collectionField: `${relation.name}Collection`,
      columns: new Map(),
      primaryKey: [],
      manyToOne: [],
      oneToMany: [],
      writable: relation.kind === 'r' || relation.kind === 'p',
    })
  }
  for (const column of catalogue.columns) {
    const table = byOid.get(column.relation)
    if (!table) continue
    if (!isGraphqlName(column.name) || column.name === 'nodeId') {
      skipped.push(`column ${table.name}.${column.name}`)
      continue
    }
    table.columns.set(column.name, { name: column.name, typeSql: column.typeSql, type: mapColumnType(column), source: column })
  }
  for (const [oid, table] of byOid) {
    if (table.columns.size === 0) {
      byOid.delete(oid)
      skipped.push(`table ${table.name} (no columns)`)
    }
  }
  for (const key of catalogue.keys) {
    const table = byOid.get(key.relation)
    if (!table) continue
    if (key.type === 'p') {
      table.primaryKey = key.columns
      continue
    }
    const target = key.foreignRelation === null ? undefined : byOid.get(key.foreignRelation)
    if (!target || !key.foreignColumns || !key.columns.every((c) => table.columns.has(c)) || !key.foreignColumns.every((c) => target.columns.has(c))) continue
    const pairs = key.columns.map((c, i) => [c, key.foreignColumns![i]] as [string, string])
    const taken = (t: TableModel, name: string) =>
      t.columns.has(name) || t.manyToOne.some((r) => r.field === name) || t.oneToMany.some((r) => r.field === name)
    const suffix = pascalCase(key.columns.join('_'))
    let down = manyToOneName(key.columns, target.name)
    if (taken(table, down) || !isGraphqlName(down)) down = `${target.name}By${suffix}`
    if (!taken(table, down) && isGraphqlName(down)) table.manyToOne.push({ field: down, target, pairs, constraint: key.name })
    else skipped.push(`relationship ${key.name}`)
    let up = `${table.name}Collection`
    if (taken(target, up)) up = `${table.name}CollectionBy${suffix}`
    if (!taken(target, up)) target.oneToMany.push({ field: up, target: table, pairs: pairs.map(([a, b]) => [b, a] as [string, string]), constraint: key.name })
    else skipped.push(`relationship ${key.name}`)
  }
  return { tables: [...byOid.values()], skipped }
}
