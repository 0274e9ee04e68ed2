/**
 * The advisor's lint catalogue: checks run as SQL on a project's database (through pg-meta, so a
 * Read-only member can run them too: each is one read-only SELECT). Every lint returns rows that
 * name the object at fault (`schema`, `name`, plus fields of its own); `detail` turns a row into a
 * sentence and `fix`, where the fix is mechanical, into the SQL that fixes it.
 *
 * Names are stable: advisor rules (platform table `advisor_rules`) refer to lints by name.
 */
import type { IndexFormPrefill } from '@/lib/database/indexes'
import { PLATFORM_SCHEMA } from '@/lib/constants'
import { qualifiedNameForDisplay, quoteIdent, quoteQualified } from '@/lib/sql/identifiers'

export const LINT_LEVELS = ['ERROR', 'WARN', 'INFO'] as const
export type LintLevel = (typeof LINT_LEVELS)[number]
export type LintCategory = 'SECURITY' | 'PERFORMANCE'

/** One row a lint's SQL returns: the object at fault and the lint's own fields. */
export type LintRow = { schema: string; name: string } & Record<string, unknown>

export type Lint = {
  name: string
  title: string
  level: LintLevel
  category: LintCategory
  /** What the lint looks for and why it matters. */
  description: string
  /** What to do about a finding. */
  remediation: string
  sql: string
  /** One sentence about one finding. */
  detail: (row: LintRow) => string
  /** SQL that fixes the finding, when the fix is mechanical; null otherwise. */
  fix?: (row: LintRow) => string | null
  /** The index that would fix it, for a link opening the Indexes screen's create form filled in. */
  createIndex?: (row: LintRow) => IndexFormPrefill
}

/** Schemas the API exposes to clients; tables there are reachable by anyone holding a key. */
export const EXPOSED_SCHEMAS = ['public'] as const

/**
 * Schemas users create things in: everything but the system's own (spec §5 excluded schemas, the
 * platform's jail, its `auth` schema of auth.uid() and friends, temp schemas).
 */
const USER_SCHEMA = (col: string) =>
  `${col} not in ('pg_catalog', 'information_schema', 'pg_toast', '${PLATFORM_SCHEMA}', 'auth') and ${col} not like 'pg\\_temp\\_%' and ${col} not like 'pg\\_toast\\_temp\\_%'`

/** Objects an extension created are the extension's business, not the user's. */
const NOT_FROM_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend d where d.objid = ${oid} and d.deptype = 'e')`

/** SQL naming the relations (schema, name) that match `where`, those of extensions left out. */
const relationsWhere = (where: string) => `select n.nspname as schema, c.relname as name
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where ${where}
  and ${NOT_FROM_EXTENSION('c.oid')}
order by 1, 2`

const qualified = (row: LintRow) => qualifiedNameForDisplay(row.schema, row.name)
const str = (value: unknown) => (typeof value === 'string' ? value : '')
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [])
const bools = (value: unknown): boolean[] => (Array.isArray(value) ? value.map((v) => v === true || v === 't') : [])

const enableRls = (row: LintRow) => `alter table ${quoteQualified(row.schema, row.name)} enable row level security;`

export const LINTS: readonly Lint[] = [
  {
    name: 'rls_disabled_in_public',
    title: 'Row level security disabled on an exposed table',
    level: 'ERROR',
    category: 'SECURITY',
    description:
      'Tables in the public schema can be read and written through the project API. Without row level security, anyone with the API key can read and change every row.',
    remediation:
      'Enable row level security on the table, then add policies that say who may read and write which rows. With RLS on and no policy, only the table owner (and roles that bypass RLS) can reach the rows.',
    sql: relationsWhere(`n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and not c.relrowsecurity`),
    detail: (row) => `Table ${qualified(row)} is exposed through the API and has row level security disabled.`,
    fix: enableRls,
  },
  {
    name: 'rls_enabled_no_policy',
    title: 'Row level security enabled but no policy',
    level: 'INFO',
    category: 'SECURITY',
    description:
      'Row level security is on but the table has no policy, so every query by a role that does not bypass RLS sees no rows. That is safe, but usually not what was meant.',
    remediation:
      'Add policies for the roles that should reach the table (create policy ... using (...)), or leave it as is if only the owner should ever read it.',
    sql: relationsWhere(`n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
  and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`),
    detail: (row) => `Table ${qualified(row)} has row level security enabled and no policy: no row is visible to other roles.`,
  },
  {
    name: 'policy_exists_rls_disabled',
    title: 'Policies exist but row level security is disabled',
    level: 'ERROR',
    category: 'SECURITY',
    description:
      'The table has row level security policies, but RLS is not enabled, so the policies are ignored and every role with table privileges reaches every row.',
    remediation: 'Enable row level security on the table so that its policies take effect.',
    sql: `select n.nspname as schema, c.relname as name,
  (select string_agg(p.polname, ', ' order by p.polname) from pg_catalog.pg_policy p where p.polrelid = c.oid) as policies
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where ${USER_SCHEMA('n.nspname')} and c.relkind in ('r', 'p') and not c.relrowsecurity
  and exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)
order by 1, 2`,
    detail: (row) => `Table ${qualified(row)} has policies (${str(row.policies)}) that are not enforced because row level security is disabled.`,
    fix: enableRls,
  },
  {
    name: 'security_definer_view',
    title: 'View runs with its owner’s rights',
    level: 'ERROR',
    category: 'SECURITY',
    description:
      'By default a view reads its tables with the rights of the view’s owner, not of the user querying it, so it bypasses the row level security of the tables it reads. In an exposed schema that can leak rows.',
    remediation:
      'Make the view use the rights of the querying user with security_invoker (Postgres 15 and later), or move it out of the exposed schema.',
    sql: relationsWhere(`n.nspname = 'public' and c.relkind = 'v'
  and not exists (
    select 1 from unnest(coalesce(c.reloptions, '{}'::text[])) o
    where lower(o) in ('security_invoker=true', 'security_invoker=on', 'security_invoker=1', 'security_invoker=yes')
  )`),
    detail: (row) => `View ${qualified(row)} runs with its owner’s rights and bypasses the row level security of the tables it reads.`,
    fix: (row) => `alter view ${quoteQualified(row.schema, row.name)} set (security_invoker = on);`,
  },
  {
    name: 'function_search_path_mutable',
    title: 'Function with a mutable search_path',
    level: 'WARN',
    category: 'SECURITY',
    description:
      'A function that does not set its own search_path resolves unqualified names with the caller’s search_path, so a caller can make it call their objects instead of the intended ones (especially dangerous with SECURITY DEFINER).',
    remediation:
      'Give the function a fixed search_path. With search_path set to an empty string, write every name inside the function with its schema (public.todos, not todos).',
    sql: `select n.nspname as schema, p.proname as name, pg_catalog.pg_get_function_identity_arguments(p.oid) as arguments,
  case p.prokind when 'p' then 'procedure' else 'function' end as kind
from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where ${USER_SCHEMA('n.nspname')} and p.prokind in ('f', 'p')
  and not exists (select 1 from unnest(coalesce(p.proconfig, '{}'::text[])) c where c like 'search\\_path=%')
  and ${NOT_FROM_EXTENSION('p.oid')}
order by 1, 2, 3`,
    detail: (row) => `${str(row.kind) === 'procedure' ? 'Procedure' : 'Function'} ${qualified(row)}(${str(row.arguments)}) does not set search_path.`,
    fix: (row) => `alter routine ${quoteQualified(row.schema, row.name)}(${str(row.arguments)}) set search_path = '';`,
  },
  {
    name: 'security_definer_function_executable_by_public',
    title: 'SECURITY DEFINER function anyone can call',
    level: 'WARN',
    category: 'SECURITY',
    description:
      'A SECURITY DEFINER function runs with its owner’s rights. Functions are executable by every role (PUBLIC) unless revoked, so anyone who can connect can use the owner’s rights through it.',
    remediation: 'Revoke EXECUTE from PUBLIC and grant it only to the roles that need the function.',
    sql: `select n.nspname as schema, p.proname as name, pg_catalog.pg_get_function_identity_arguments(p.oid) as arguments
from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where ${USER_SCHEMA('n.nspname')} and p.prosecdef
  and exists (
    select 1 from pg_catalog.aclexplode(coalesce(p.proacl, pg_catalog.acldefault('f', p.proowner))) a
    where a.grantee = 0 and a.privilege_type = 'EXECUTE'
  )
  and ${NOT_FROM_EXTENSION('p.oid')}
order by 1, 2, 3`,
    detail: (row) => `${qualified(row)}(${str(row.arguments)}) is SECURITY DEFINER and every role may execute it.`,
    fix: (row) => `revoke execute on function ${quoteQualified(row.schema, row.name)}(${str(row.arguments)}) from public;`,
  },
  {
    name: 'table_writable_by_public_role',
    title: 'Every role may change a table',
    level: 'ERROR',
    category: 'SECURITY',
    description:
      'INSERT, UPDATE, DELETE or TRUNCATE is granted to PUBLIC, the pseudo-role every database role belongs to, so any role that can connect can change the table’s rows.',
    remediation: 'Revoke the write privileges from PUBLIC and grant them to the specific roles that need them.',
    sql: `select n.nspname as schema, c.relname as name,
  string_agg(distinct a.privilege_type, ', ' order by a.privilege_type) as privileges
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace,
  lateral pg_catalog.aclexplode(c.relacl) a
where ${USER_SCHEMA('n.nspname')} and c.relkind in ('r', 'p', 'v', 'f')
  and a.grantee = 0 and a.privilege_type in ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
group by n.nspname, c.relname
order by 1, 2`,
    detail: (row) => `PUBLIC (every role) holds ${str(row.privileges)} on ${qualified(row)}.`,
    fix: (row) => `revoke insert, update, delete, truncate on table ${quoteQualified(row.schema, row.name)} from public;`,
  },
  {
    name: 'public_schema_create_for_everyone',
    title: 'Every role may create objects in the public schema',
    level: 'WARN',
    category: 'SECURITY',
    description:
      'PUBLIC holds CREATE on the public schema (the default before Postgres 15), so any role can create tables and functions there, including functions that shadow the ones other code calls.',
    remediation: 'Revoke CREATE on the public schema from PUBLIC; grant it to the roles that should create objects there.',
    sql: `select n.nspname as schema, n.nspname as name
from pg_catalog.pg_namespace n
where n.nspname = 'public' and exists (
  select 1 from pg_catalog.aclexplode(coalesce(n.nspacl, pg_catalog.acldefault('n', n.nspowner))) a
  where a.grantee = 0 and a.privilege_type = 'CREATE'
)`,
    detail: () => 'PUBLIC (every role) holds CREATE on schema public.',
    fix: () => 'revoke create on schema public from public;',
  },
  {
    name: 'extension_in_public',
    title: 'Extension installed in the public schema',
    level: 'WARN',
    category: 'SECURITY',
    description:
      'An extension in the public schema puts its functions, types and tables beside your own and, in an exposed schema, makes them reachable through the API.',
    remediation:
      'Move the extension to a schema of its own (for example "extensions"). Extensions that cannot be relocated must be dropped and created again in the other schema.',
    sql: `select n.nspname as schema, e.extname as name, e.extversion as version, e.extrelocatable as relocatable
from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
where n.nspname = 'public'
order by 2`,
    detail: (row) => `Extension ${quoteIdent(row.name)} (version ${str(row.version)}) is installed in schema public.`,
    fix: (row) =>
      row.relocatable === true || row.relocatable === 't'
        ? `create schema if not exists extensions;\nalter extension ${quoteIdent(row.name)} set schema extensions;`
        : null,
  },
  {
    name: 'no_primary_key',
    title: 'Table without a primary key',
    level: 'INFO',
    category: 'PERFORMANCE',
    description:
      'Without a primary key rows cannot be told apart reliably: updates and deletes from tools are ambiguous, logical replication cannot replicate updates, and lookups have no natural index.',
    remediation: 'Add a primary key, for example an identity column: alter table ... add column id bigint generated always as identity primary key.',
    sql: relationsWhere(`${USER_SCHEMA('n.nspname')} and c.relkind in ('r', 'p') and not c.relispartition
  and not exists (select 1 from pg_catalog.pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`),
    detail: (row) => `Table ${qualified(row)} has no primary key.`,
  },
  {
    name: 'unindexed_foreign_keys',
    title: 'Foreign key without an index',
    level: 'INFO',
    category: 'PERFORMANCE',
    description:
      'Postgres does not index the referencing columns of a foreign key. Without an index, joins on the key and every delete or key update of the referenced table scan the whole referencing table.',
    remediation: 'Create an index on the foreign key’s columns (in that order).',
    sql: `select n.nspname as schema, c.relname as name, k.conname as constraint_name,
  array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
        join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as columns
from pg_catalog.pg_constraint k
  join pg_catalog.pg_class c on c.oid = k.conrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where k.contype = 'f' and ${USER_SCHEMA('n.nspname')}
  and not exists (
    select 1 from pg_catalog.pg_index i
    where i.indrelid = k.conrelid and i.indpred is null
      and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] @> k.conkey
      and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] <@ k.conkey
  )
order by 1, 2, 3`,
    detail: (row) => `Foreign key ${quoteIdent(str(row.constraint_name))} on ${qualified(row)} (${strings(row.columns).join(', ')}) has no index.`,
    fix: (row) => `create index on ${quoteQualified(row.schema, row.name)} (${strings(row.columns).map(quoteIdent).join(', ')});`,
    createIndex: (row) => ({ schema: row.schema, table: row.name, columns: strings(row.columns) }),
  },
  {
    name: 'duplicate_index',
    title: 'Duplicate indexes',
    level: 'WARN',
    category: 'PERFORMANCE',
    description:
      'Two or more indexes of a table cover the same columns in the same way. Each one slows every write and takes space, and only one is ever needed.',
    remediation: 'Drop all but one of them (keep the one that backs a constraint, if any).',
    sql: `select n.nspname as schema, c.relname as name,
  array_agg(ic.relname::text order by (k.oid is not null) desc, i.indisunique desc, ic.relname) as indexes,
  array_agg(k.oid is not null order by (k.oid is not null) desc, i.indisunique desc, ic.relname) as constraint_backed
from pg_catalog.pg_index i
  join pg_catalog.pg_class ic on ic.oid = i.indexrelid
  join pg_catalog.pg_class c on c.oid = i.indrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  left join pg_catalog.pg_constraint k on k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x')
where ${USER_SCHEMA('n.nspname')}
group by n.nspname, c.relname, i.indrelid, ic.relam, i.indkey::text, i.indclass::text, i.indcollation::text,
  coalesce(pg_catalog.pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_catalog.pg_get_expr(i.indpred, i.indrelid), '')
having count(*) > 1
order by 1, 2, 3`,
    detail: (row) => `Table ${qualified(row)} has identical indexes ${strings(row.indexes).map(quoteIdent).join(', ')}.`,
    fix: (row) => {
      const names = strings(row.indexes)
      const backed = bools(row.constraint_backed)
      const drops = names.slice(1).filter((_, i) => !backed[i + 1])
      return drops.length ? drops.map((name) => `drop index ${quoteQualified(row.schema, name)};`).join('\n') : null
    },
  },
]

/** The lint of a name, if there is one. */
export function findLint(name: string): Lint | undefined {
  return LINTS.find((lint) => lint.name === name)
}

export const LINT_NAMES: readonly string[] = LINTS.map((lint) => lint.name)
