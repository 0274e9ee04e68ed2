/** Naming of the generated schema: GraphQL names from Postgres identifiers. */

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

/** True when `name` can be a GraphQL name as it is (and is not reserved for introspection). */
export function isGraphqlName(name: string): boolean {
  return GRAPHQL_NAME.test(name) && !name.startsWith('__')
}

/** `blog_post` → `BlogPost` (the type name of a table). */
export function pascalCase(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')
}

/**
 * The name of a many-to-one field: a single `<x>_id` column gives `<x>`, else the referenced
 * table's name.
 */
export function manyToOneName(columns: string[], foreignTable: string): string {
  if (columns.length === 1 && /^.+_id$/.test(columns[0])) return columns[0].slice(0, -3)
  return foreignTable
}
