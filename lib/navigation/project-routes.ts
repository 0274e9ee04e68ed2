/** One entry of the project navigation. */
export type ProjectRoute = {
  key: string
  label: string
  section: string
  href: (ref: string) => string
  /** False until the area's screen ships; the navigation lists only what works. */
  available: boolean
}

/**
 * Every project route of spec §2, in navigation order, plus the extensions screen whose catalogue
 * links to the database areas (spec §2: "linked from the extension catalogue"). The security advisor's path depends on
 * the advisor rules preview (spec §2), so it takes that flag.
 */
export function projectRoutes({ advisorRulesPreview }: { advisorRulesPreview: boolean }): ProjectRoute[] {
  return [
    { key: 'home', label: 'Project overview', section: 'Project', href: (ref) => `/project/${ref}`, available: true },
    { key: 'editor', label: 'Table editor', section: 'Project', href: (ref) => `/project/${ref}/editor`, available: true },
    { key: 'sql', label: 'SQL editor', section: 'Project', href: (ref) => `/project/${ref}/sql`, available: true },
    { key: 'schemas', label: 'Schema visualizer', section: 'Database', href: (ref) => `/project/${ref}/database/schemas`, available: true },
    { key: 'tables', label: 'Tables', section: 'Database', href: (ref) => `/project/${ref}/database/tables`, available: true },
    { key: 'database-functions', label: 'Functions', section: 'Database', href: (ref) => `/project/${ref}/database/functions`, available: true },
    { key: 'database-triggers', label: 'Triggers', section: 'Database', href: (ref) => `/project/${ref}/database/triggers`, available: true },
    { key: 'types', label: 'Enumerated types', section: 'Database', href: (ref) => `/project/${ref}/database/types`, available: true },
    { key: 'extensions', label: 'Extensions', section: 'Database', href: (ref) => `/project/${ref}/database/extensions`, available: true },
    { key: 'indexes', label: 'Indexes', section: 'Database', href: (ref) => `/project/${ref}/database/indexes`, available: true },
    { key: 'publications', label: 'Publications', section: 'Database', href: (ref) => `/project/${ref}/database/publications`, available: true },
    { key: 'roles', label: 'Roles', section: 'Database', href: (ref) => `/project/${ref}/database/roles`, available: true },
    { key: 'column-privileges', label: 'Column privileges', section: 'Database', href: (ref) => `/project/${ref}/database/column-privileges`, available: true },
    { key: 'graphiql', label: 'GraphiQL', section: 'Database', href: (ref) => `/project/${ref}/database/graphiql`, available: true },
    { key: 'migrations', label: 'Migrations', section: 'Database', href: (ref) => `/project/${ref}/database/migrations`, available: true },
    { key: 'wrappers', label: 'Wrappers', section: 'Database', href: (ref) => `/project/${ref}/database/wrappers`, available: true },
    { key: 'hooks', label: 'Database hooks', section: 'Database', href: (ref) => `/project/${ref}/database/hooks`, available: true },
    { key: 'auth-users', label: 'Users', section: 'Authentication', href: (ref) => `/project/${ref}/auth/users`, available: true },
    { key: 'auth-policies', label: 'Policies', section: 'Authentication', href: (ref) => `/project/${ref}/auth/policies`, available: true },
    { key: 'auth-settings', label: 'Settings', section: 'Authentication', href: (ref) => `/project/${ref}/auth/settings`, available: true },
    { key: 'storage-buckets', label: 'Buckets', section: 'Storage', href: (ref) => `/project/${ref}/storage/buckets`, available: true },
    { key: 'storage-policies', label: 'Policies', section: 'Storage', href: (ref) => `/project/${ref}/storage/policies`, available: true },
    { key: 'functions', label: 'Functions', section: 'Edge Functions', href: (ref) => `/project/${ref}/functions`, available: true },
    { key: 'functions-secrets', label: 'Secrets', section: 'Edge Functions', href: (ref) => `/project/${ref}/functions/secrets`, available: true },
    {
      key: 'security-advisor',
      label: 'Security advisor',
      section: 'Advisors',
      href: (ref) => (advisorRulesPreview ? `/project/${ref}/advisors/rules/security` : `/project/${ref}/advisors/security`),
      available: true,
    },
    { key: 'query-performance', label: 'Query performance', section: 'Advisors', href: (ref) => `/project/${ref}/advisors/query-performance`, available: true },
    { key: 'realtime-inspector', label: 'Inspector', section: 'Realtime', href: (ref) => `/project/${ref}/realtime/inspector`, available: true },
    { key: 'logs', label: 'Logs', section: 'Observability', href: (ref) => `/project/${ref}/logs`, available: true },
    { key: 'api-graphiql', label: 'API explorer', section: 'Observability', href: (ref) => `/project/${ref}/api/graphiql`, available: true },
    { key: 'cron', label: 'Cron', section: 'Integrations', href: (ref) => `/project/${ref}/integrations/cron`, available: true },
    { key: 'settings-general', label: 'General', section: 'Settings', href: (ref) => `/project/${ref}/settings/general`, available: true },
    { key: 'settings-api', label: 'API', section: 'Settings', href: (ref) => `/project/${ref}/settings/api`, available: true },
    { key: 'vault', label: 'Vault secrets', section: 'Settings', href: (ref) => `/project/${ref}/settings/vault/secrets`, available: true },
  ]
}
