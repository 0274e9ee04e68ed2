import type { IntrospectionField, IntrospectionObjectType, IntrospectionQuery, IntrospectionType, IntrospectionTypeRef } from 'graphql'

/** The named type under NON_NULL and LIST wrappers. */
export function namedType(ref: IntrospectionTypeRef): { kind: string; name: string } {
  let current = ref as IntrospectionTypeRef & { ofType?: IntrospectionTypeRef; name?: string }
  while ((current.kind === 'NON_NULL' || current.kind === 'LIST') && current.ofType) current = current.ofType as typeof current
  return { kind: current.kind, name: current.name ?? '' }
}

/** `[Posts!]!` and the like: a type reference as GraphQL writes it. */
export function typeLabel(ref: IntrospectionTypeRef): string {
  const r = ref as IntrospectionTypeRef & { ofType?: IntrospectionTypeRef; name?: string }
  if (r.kind === 'NON_NULL' && r.ofType) return `${typeLabel(r.ofType)}!`
  if (r.kind === 'LIST' && r.ofType) return `[${typeLabel(r.ofType)}]`
  return r.name ?? ''
}

export function findType(schema: IntrospectionQuery['__schema'], name: string): IntrospectionType | undefined {
  return schema.types.find((t) => t.name === name)
}

function objectType(schema: IntrospectionQuery['__schema'], name: string): IntrospectionObjectType | undefined {
  const type = findType(schema, name)
  return type?.kind === 'OBJECT' ? type : undefined
}

/** The scalar (and enum) fields of an object type, in order. */
function leafFields(schema: IntrospectionQuery['__schema'], type: IntrospectionObjectType): string[] {
  return type.fields.filter((f) => ['SCALAR', 'ENUM'].includes(namedType(f.type).kind) && f.args.length === 0).map((f) => f.name)
}

const PLACEHOLDERS: Record<string, string> = {
  Int: '1',
  Float: '1.5',
  String: '"text"',
  Boolean: 'true',
  BigInt: '"1"',
  BigFloat: '"1.5"',
  UUID: '"00000000-0000-0000-0000-000000000000"',
  JSON: '{}',
  Date: '"2024-01-01"',
  Time: '"12:00:00"',
  Datetime: '"2024-01-01T12:00:00Z"',
  Opaque: '"text"',
}

const indent = (lines: string[], depth: number) => lines.map((l) => `${'  '.repeat(depth)}${l}`)

function recordSelection(schema: IntrospectionQuery['__schema'], typeName: string): string[] {
  const type = objectType(schema, typeName)
  const leaves = type ? leafFields(schema, type) : []
  return leaves.length ? leaves : ['__typename']
}

/** Whether a root field reads a table page (`…Collection` returning a connection). */
export function isCollectionField(schema: IntrospectionQuery['__schema'], field: IntrospectionField): boolean {
  const type = objectType(schema, namedType(field.type).name)
  return Boolean(type?.fields.some((f) => f.name === 'edges')) && Boolean(type?.fields.some((f) => f.name === 'totalCount'))
}

/**
 * A runnable example for a root field: a page of a table with every scalar column, or a
 * mutation with placeholder values to edit.
 */
export function exampleOperation(schema: IntrospectionQuery['__schema'], root: 'query' | 'mutation', fieldName: string): string {
  const rootName = root === 'query' ? schema.queryType?.name : schema.mutationType?.name
  const rootType = rootName ? objectType(schema, rootName) : undefined
  const field = rootType?.fields.find((f) => f.name === fieldName)
  if (!field) return ''
  const returned = namedType(field.type)
  const opName = fieldName[0].toUpperCase() + fieldName.slice(1)
  if (root === 'query') {
    const connection = objectType(schema, returned.name)
    if (!connection || !isCollectionField(schema, field)) {
      const sub = connection ? [' {', ...indent(recordSelection(schema, returned.name), 2), '  }'] : []
      return [`query ${opName} {`, `  ${fieldName}${sub.length ? sub.join('\n') : ''}`, '}'].join('\n')
    }
    const edges = connection.fields.find((f) => f.name === 'edges')!
    const edge = objectType(schema, namedType(edges.type).name)
    const node = edge?.fields.find((f) => f.name === 'node')
    const nodeFields = node ? recordSelection(schema, namedType(node.type).name) : ['__typename']
    return [
      `query ${opName} {`,
      `  ${fieldName}(first: 10) {`,
      '    totalCount',
      '    edges {',
      '      node {',
      ...indent(nodeFields, 4),
      '      }',
      '    }',
      '    pageInfo {',
      '      hasNextPage',
      '    }',
      '  }',
      '}',
    ].join('\n')
  }
  const response = objectType(schema, returned.name)
  const records = response?.fields.find((f) => f.name === 'records')
  const recordFields = records ? recordSelection(schema, namedType(records.type).name) : []
  const args: string[] = []
  const inputOf = (argName: string) => {
    const arg = field.args.find((a) => a.name === argName)
    const type = arg ? findType(schema, namedType(arg.type).name) : undefined
    return type?.kind === 'INPUT_OBJECT' ? type : undefined
  }
  const sampleValues = (argName: string) => {
    const input = inputOf(argName)
    const fields = (input?.inputFields ?? []).filter((f) => f.name !== 'id' && !['INPUT_OBJECT'].includes(namedType(f.type).kind)).slice(0, 3)
    return `{ ${fields.map((f) => `${f.name}: ${f.type.kind === 'LIST' ? '[]' : (PLACEHOLDERS[namedType(f.type).name] ?? '"text"')}`).join(', ')} }`
  }
  const sampleFilter = () => {
    const input = inputOf('filter')
    const first = input?.inputFields.find((f) => f.name === 'id') ?? input?.inputFields.find((f) => !['and', 'or', 'not'].includes(f.name))
    if (!first) return '{}'
    const filterType = findType(schema, namedType(first.type).name)
    const eq = filterType?.kind === 'INPUT_OBJECT' ? filterType.inputFields.find((f) => f.name === 'eq') : undefined
    const value = eq ? (PLACEHOLDERS[namedType(eq.type).name] ?? '"text"') : 'NOT_NULL'
    return `{ ${first.name}: { ${eq ? 'eq' : 'is'}: ${value} } }`
  }
  if (field.args.some((a) => a.name === 'objects')) args.push(`objects: [${sampleValues('objects')}]`)
  if (field.args.some((a) => a.name === 'set')) args.push(`set: ${sampleValues('set')}`)
  if (field.args.some((a) => a.name === 'filter')) args.push(`filter: ${sampleFilter()}`)
  if (field.args.some((a) => a.name === 'atMost')) args.push('atMost: 1')
  return [
    `mutation ${opName} {`,
    `  ${fieldName}${args.length ? `(${args.join(', ')})` : ''} {`,
    '    affectedCount',
    '    records {',
    ...indent(recordFields, 3),
    '    }',
    '  }',
    '}',
  ].join('\n')
}
