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
  policies: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'policies'] as const,
  migrations: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'migrations'] as const,
  managedRoles: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'database'), 'managed-roles'] as const,
}
