import { sqlKeys } from '@/data/sql/keys'

/**
 * Cache keys of the database screens. All live under the project's `sql` queries, so DDL run
 * here or in the SQL editor (which invalidates `sqlKeys` of the project) refreshes them.
 */
export const databaseKeys = {
  all: (projectRef: string | undefined) => sqlKeys.query(projectRef, 'database'),
  extensions: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'extensions'] as const,
  extensionDependents: (projectRef: string | undefined, name: string | undefined) =>
    [...sqlKeys.query(projectRef, 'database'), 'extension-dependents', name] as const,
  roles: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'roles'] as const,
  columnPrivileges: (projectRef: string | undefined, table: { schema?: string; name?: string }, role: string | undefined) =>
    [...sqlKeys.query(projectRef, 'database'), 'column-privileges', table.schema, table.name, role] as const,
  hooks: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'hooks'] as const,
  triggerFunctions: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'trigger-functions'] as const,
  fdwExtensions: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'fdw-extensions'] as const,
  foreignData: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'foreign-data'] as const,
  schemaGraph: (projectRef: string | undefined, schema: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'schema-graph', schema] as const,
  enumTypes: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'enum-types'] as const,
  indexes: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'indexes'] as const,
  indexMethods: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'index-methods'] as const,
  indexColumns: (projectRef: string | undefined, schema: string | undefined, table: string | undefined) =>
    [...sqlKeys.query(projectRef, 'database'), 'index-columns', schema, table] as const,
  publications: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'publications'] as const,
  publicationTables: (projectRef: string | undefined, name: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'publication-tables', name] as const,
  policies: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'policies'] as const,
  tables: (projectRef: string | undefined, schema: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'tables', schema] as const,
  columnTypes: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'column-types'] as const,
  tableDependents: (projectRef: string | undefined, id: number | undefined) => [...sqlKeys.query(projectRef, 'database'), 'table-dependents', id] as const,
  functions: (projectRef: string | undefined, schema: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'functions', schema] as const,
  functionDependents: (projectRef: string | undefined, id: number | undefined) => [...sqlKeys.query(projectRef, 'database'), 'function-dependents', id] as const,
  languages: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'languages'] as const,
  triggers: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'triggers'] as const,
  eventTriggers: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'event-triggers'] as const,
  migrations: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'migrations'] as const,
  managedRoles: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'managed-roles'] as const,
}
