/**
 * Row level security (issue 12, Authentication → Policies): the tables of the project's own
 * schemas with their RLS switch and policies, and the DDL that turns RLS on or off and creates,
 * alters and drops policies. Pure: the screen previews exactly the script that runs.
 */
import { inTransaction, isNameTooLong, isSingleExpression, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteIdent, quoteQualified } from '@/lib/sql/identifiers'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'

/** The roles requests of the project API run as (the anon key, a user's token, the service key). */
export const PROJECT_API_ROLES = ['anon', 'authenticated', 'service_role'] as const

/** Schemas whose tables the screen leaves alone: the hidden ones and the platform's `auth`. */
export const POLICY_EXCLUDED_SCHEMAS = [...HIDDEN_SCHEMAS, 'auth'] as const

export const POLICY_COMMANDS = ['ALL', 'SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const
export type PolicyCommand = (typeof POLICY_COMMANDS)[number]

/** A policy `p` (a row of pg_policy) as the JSON `parsePolicyTables` reads; storage's policy list uses it too. */
export const POLICY_JSON_SQL = `json_build_object(
      'name', p.polname::text,
      'command', case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end,
      'permissive', p.polpermissive,
      'roles', case when p.polroles = '{0}'::oid[] then array['public']
        else array(select r.rolname::text from pg_catalog.pg_roles r where r.oid = any(p.polroles) order by r.rolname) end,
      'using', pg_catalog.pg_get_expr(p.polqual, p.polrelid),
      'with_check', pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid))`

/**
 * Tables (ordinary and partitioned, not partitions, none an extension made) outside `$1` (schemas as a Postgres array),
 * with their RLS flag, their uuid columns (for the "own rows" templates) and their policies.
 * polcmd: r select, a insert, w update, d delete, * all; polroles `{0}` is PUBLIC.
 */
export const POLICY_TABLES_SQL = `select c.oid::int8 as id, n.nspname::text as schema, c.relname::text as name, c.relrowsecurity as rls_enabled,
  coalesce((select json_agg(a.attname::text order by a.attnum) from pg_catalog.pg_attribute a
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype), '[]'::json) as uuid_columns,
  coalesce((select json_agg(${POLICY_JSON_SQL} order by p.polname)
    from pg_catalog.pg_policy p where p.polrelid = c.oid), '[]'::json) as policies
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and not c.relispartition
  and not (n.nspname = any($1::text::text[])) and n.nspname !~ '^pg_(toast_)?temp_'
  and not exists (select 1 from pg_catalog.pg_depend d
    where d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.objid = c.oid and d.deptype = 'e')
order by n.nspname = 'public' desc, n.nspname, c.relname`

export type Policy = {
  name: string
  command: PolicyCommand
  permissive: boolean
  /** Role names; `['public']` when the policy applies to every role. */
  roles: string[]
  using: string | null
  withCheck: string | null
}

export type PolicyTable = { id: number; schema: string; name: string; rlsEnabled: boolean; uuidColumns: string[]; policies: Policy[] }

type PolicyJson = { name: string; command: PolicyCommand; permissive: boolean; roles: string[]; using: string | null; with_check: string | null }

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

/** Rows of POLICY_TABLES_SQL as the platform returns them (json columns may arrive as text). */
export function parsePolicyTables(rows: readonly Record<string, unknown>[]): PolicyTable[] {
  return rows.map((row) => ({
    id: Number(row.id),
    schema: String(row.schema),
    name: String(row.name),
    rlsEnabled: Boolean(row.rls_enabled),
    uuidColumns: parseJson<string[]>(row.uuid_columns) ?? [],
    policies: (parseJson<PolicyJson[]>(row.policies) ?? []).map((p) => ({
      name: p.name,
      command: p.command,
      permissive: p.permissive,
      roles: p.roles,
      using: p.using,
      withCheck: p.with_check,
    })),
  }))
}

/** What the policy form edits. Empty `roles` means every role (PUBLIC); empty expressions mean none. */
export type PolicySpec = { name: string; command: PolicyCommand; permissive: boolean; roles: readonly string[]; using: string; withCheck: string }

type TableName = Pick<PolicyTable, 'schema' | 'name'>

/** Which expressions a command takes (Postgres refuses the others). */
export function policyClauses(command: PolicyCommand): { using: boolean; withCheck: boolean } {
  return { using: command !== 'INSERT', withCheck: command === 'INSERT' || command === 'UPDATE' || command === 'ALL' }
}

export type PolicyErrors = Partial<Record<'name' | 'roles' | 'using' | 'withCheck', string>>

/** What is wrong with a policy, field by field (empty when it can be created). */
export function validatePolicy(spec: PolicySpec): PolicyErrors {
  const errors: PolicyErrors = {}
  const name = spec.name.trim()
  if (name === '') errors.name = 'Give the policy a name'
  else if (isNameTooLong(name)) errors.name = `Use at most ${MAX_IDENTIFIER_BYTES} bytes (Postgres keeps ${MAX_IDENTIFIER_BYTES})`
  if (spec.roles.some((role) => role.trim() === '')) errors.roles = 'A role name cannot be empty'
  const clauses = policyClauses(spec.command)
  const using = spec.using.trim()
  const check = spec.withCheck.trim()
  if (clauses.using && using === '') errors.using = `A ${spec.command} policy needs a USING expression (true lets every row through)`
  else if (using && !isSingleExpression(using)) errors.using = 'Enter one SQL expression (no ; or comments)'
  if (spec.command === 'INSERT' && check === '') errors.withCheck = 'An INSERT policy needs a WITH CHECK expression'
  else if (check && !isSingleExpression(check)) errors.withCheck = 'Enter one SQL expression (no ; or comments)'
  return errors
}

/** Policy names are unique per table: a new name (or a rename) may not take one that exists. */
/** The tables of a schema ('' for all) whose name, qualified name or one of whose policies' names holds `search` (any case). */
export function filterPolicyTables<T extends Pick<PolicyTable, 'schema' | 'name' | 'policies'>>(tables: readonly T[], { search, schema }: { search: string; schema: string }): T[] {
  const wanted = search.trim().toLowerCase()
  return tables.filter(
    (table) =>
      (!schema || table.schema === schema) &&
      (!wanted || `${table.schema}.${table.name}`.toLowerCase().includes(wanted) || table.policies.some((p) => p.name.toLowerCase().includes(wanted)))
  )
}

export function policyNameTaken(table: Pick<PolicyTable, 'policies'>, name: string, editing: string | null = null): boolean {
  const wanted = name.trim()
  return wanted !== editing && table.policies.some((p) => p.name === wanted)
}

function assertValid(spec: PolicySpec): void {
  const first = Object.values(validatePolicy(spec))[0]
  if (first) throw new Error(first)
}

/** `TO …`: PUBLIC is a key word, never a quoted name. */
function rolesClause(roles: readonly string[]): string {
  return roles.length === 0 ? 'public' : roles.map((r) => (r.toLowerCase() === 'public' ? 'public' : quoteIdent(r))).join(', ')
}

/** The expressions a command keeps, trimmed (an expression the command cannot take is left out). */
function expressions(spec: PolicySpec): { using: string | null; withCheck: string | null } {
  const clauses = policyClauses(spec.command)
  return { using: (clauses.using && spec.using.trim()) || null, withCheck: (clauses.withCheck && spec.withCheck.trim()) || null }
}

function createPolicyStatement(table: TableName, spec: PolicySpec): string {
  const { using, withCheck } = expressions(spec)
  return [
    `CREATE POLICY ${quoteIdent(spec.name.trim())} ON ${quoteQualified(table.schema, table.name)}`,
    `  AS ${spec.permissive ? 'PERMISSIVE' : 'RESTRICTIVE'} FOR ${spec.command}`,
    `  TO ${rolesClause(spec.roles)}`,
    ...(using ? [`  USING (${using})`] : []),
    ...(withCheck ? [`  WITH CHECK (${withCheck})`] : []),
  ].join('\n')
}

/** ALTER TABLE … ENABLE / DISABLE ROW LEVEL SECURITY. */
export function setRowLevelSecuritySql(table: TableName, enabled: boolean): string {
  return inTransaction([`ALTER TABLE ${quoteQualified(table.schema, table.name)} ${enabled ? 'ENABLE' : 'DISABLE'} ROW LEVEL SECURITY`])
}

/** CREATE POLICY, in one transaction. */
export function createPolicySql(table: TableName, spec: PolicySpec): string {
  assertValid(spec)
  return inTransaction([createPolicyStatement(table, spec)])
}

/** DROP POLICY. */
export function dropPolicySql(table: TableName, name: string): string {
  return inTransaction([`DROP POLICY ${quoteIdent(name)} ON ${quoteQualified(table.schema, table.name)}`])
}

const sameRoles = (a: readonly string[], b: readonly string[]) => {
  const norm = (roles: readonly string[]) => (roles.length === 0 ? ['public'] : roles.map((r) => (r.toLowerCase() === 'public' ? 'public' : r))).sort().join('\n')
  return norm(a) === norm(b)
}

/**
 * The script that turns `before` into `spec`, or null when nothing changes. ALTER POLICY renames
 * and changes roles and expressions; it cannot change the command or permissive/restrictive, nor
 * remove an expression, so those become DROP + CREATE in one transaction.
 */
export function alterPolicySql(table: TableName, before: Policy, spec: PolicySpec): string | null {
  assertValid(spec)
  const name = spec.name.trim()
  const after = expressions(spec)
  const rolesChanged = !sameRoles(before.roles, spec.roles)
  const usingChanged = (before.using ?? null) !== after.using
  const checkChanged = (before.withCheck ?? null) !== after.withCheck
  const on = quoteQualified(table.schema, table.name)
  if (before.command !== spec.command || before.permissive !== spec.permissive || (before.using && !after.using) || (before.withCheck && !after.withCheck)) {
    return inTransaction([`DROP POLICY ${quoteIdent(before.name)} ON ${on}`, createPolicyStatement(table, spec)])
  }
  const statements: string[] = []
  if (name !== before.name) statements.push(`ALTER POLICY ${quoteIdent(before.name)} ON ${on} RENAME TO ${quoteIdent(name)}`)
  if (rolesChanged || usingChanged || checkChanged) {
    statements.push(
      [
        `ALTER POLICY ${quoteIdent(name)} ON ${on}`,
        ...(rolesChanged ? [`  TO ${rolesClause(spec.roles)}`] : []),
        ...(usingChanged && after.using ? [`  USING (${after.using})`] : []),
        ...(checkChanged && after.withCheck ? [`  WITH CHECK (${after.withCheck})`] : []),
      ].join('\n')
    )
  }
  return statements.length ? inTransaction(statements) : null
}

/** The form's values for an existing policy. */
export function policyToSpec(policy: Policy): PolicySpec {
  const roles = policy.roles.length === 1 && policy.roles[0] === 'public' ? [] : policy.roles
  return { name: policy.name, command: policy.command, permissive: policy.permissive, roles, using: policy.using ?? '', withCheck: policy.withCheck ?? '' }
}
