/**
 * Enumerated types (/database/types): the catalogue query listing each enum with its values in
 * order and what uses it, and the DDL that creates, extends, renames and drops one. Pure: no I/O.
 * Every name goes through quoteIdent/quoteQualified and every value through quoteLiteral.
 */
import { isNameTooLong, inTransaction, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteLiteral, quoteQualified, quoteIdent } from '@/lib/sql/identifiers'

/**
 * The project's enum types ($1: hidden schemas as a Postgres array), none an extension's own: their
 * labels in sort order, the columns of tables, views and foreign tables typed by them (or arrays of
 * them), and the functions taking or returning them.
 */
export const ENUM_TYPES_SQL = `select t.oid::int as id, n.nspname::text as schema, t.typname::text as name,
  pg_catalog.to_json(array(select e.enumlabel::text from pg_catalog.pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)) as labels,
  (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object('schema', cn.nspname, 'table', c.relname, 'column', a.attname) order by cn.nspname, c.relname, a.attnum), '[]')
     from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid join pg_catalog.pg_namespace cn on cn.oid = c.relnamespace
    where a.atttypid in (t.oid, t.typarray) and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm', 'f')) as columns,
  (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object('schema', pn.nspname, 'signature', p.oid::pg_catalog.regprocedure::text) order by pn.nspname, p.proname), '[]')
     from pg_catalog.pg_proc p join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
    where p.prorettype in (t.oid, t.typarray) or t.oid = any(coalesce(p.proallargtypes, p.proargtypes::oid[])) or t.typarray = any(coalesce(p.proallargtypes, p.proargtypes::oid[]))) as functions
from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
where t.typtype = 'e' and not (n.nspname = any($1::text::text[]))
  and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass and d.objid = t.oid and d.deptype = 'e')
order by n.nspname, t.typname`

export type EnumColumnUse = { schema: string; table: string; column: string }
export type EnumFunctionUse = { schema: string; signature: string }

export type EnumTypeRow = {
  id: number
  schema: string
  name: string
  labels: string[] | string
  columns: EnumColumnUse[] | string
  functions: EnumFunctionUse[] | string
}

/** An enum type as the screen shows it. */
export type EnumType = { id: number; schema: string; name: string; values: string[]; columns: EnumColumnUse[]; functions: EnumFunctionUse[] }

const json = <T,>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

export function toEnumType(row: EnumTypeRow): EnumType {
  return { id: row.id, schema: row.schema, name: row.name, values: json(row.labels), columns: json(row.columns), functions: json(row.functions) }
}

/** Byte length as Postgres counts it (UTF-8). */

/** Why `name` cannot name a type or a label (empty when it can): Postgres keeps 63 bytes of each. */
function nameProblem(name: string, what: string): string | null {
  if (name.trim() === '') return `Enter ${what}`
  if (name.includes('\u0000')) return `${what[0].toUpperCase()}${what.slice(1)} cannot contain a NUL character`
  if (isNameTooLong(name)) return `Use at most ${MAX_IDENTIFIER_BYTES} bytes (Postgres keeps ${MAX_IDENTIFIER_BYTES})`
  return null
}

/** Why a value cannot be added next to `existing` (empty string when it can). */
export function enumValueProblem(value: string, existing: readonly string[]): string | null {
  const problem = nameProblem(value, 'a value')
  if (problem) return problem
  if (existing.includes(value)) return `The type already has the value "${value}"`
  return null
}

export type EnumTypeSpec = { schema: string; name: string; values: readonly string[] }

/** What is wrong with a new type, field by field; `values` holds one message per value (null when fine). */
export function validateEnumType(spec: EnumTypeSpec, existingNames: readonly string[] = []): { name?: string; schema?: string; values?: string; valueErrors: (string | null)[] } {
  const errors: ReturnType<typeof validateEnumType> = { valueErrors: spec.values.map((v, i) => enumValueProblem(v, spec.values.slice(0, i))) }
  const name = nameProblem(spec.name, 'a name')
  if (name) errors.name = name
  else if (existingNames.includes(spec.name)) errors.name = `The schema ${spec.schema} already has a type named "${spec.name}"`
  if (!spec.schema) errors.schema = 'Choose a schema'
  if (spec.values.length === 0) errors.values = 'Add at least one value'
  else if (errors.valueErrors.some(Boolean)) errors.values = 'Fix the values marked below'
  return errors
}

export const isValidEnumType = (errors: ReturnType<typeof validateEnumType>) => !errors.name && !errors.schema && !errors.values

/** CREATE TYPE … AS ENUM, its values in the order given. */
export function createEnumTypeSql(spec: EnumTypeSpec): string {
  return inTransaction([`CREATE TYPE ${quoteQualified(spec.schema, spec.name)} AS ENUM (${spec.values.map(quoteLiteral).join(', ')})`])
}

type TypeRef = { schema: string; name: string }

/**
 * ALTER TYPE … ADD VALUE, before or after an existing value (at the end without one). Postgres
 * cannot use the new value in the transaction that adds it, so the script adds it and nothing else.
 */
export function addEnumValueSql(type: TypeRef, value: string, position: { placement: 'BEFORE' | 'AFTER'; anchor: string } | null): string {
  const where = position ? ` ${position.placement} ${quoteLiteral(position.anchor)}` : ''
  return inTransaction([`ALTER TYPE ${quoteQualified(type.schema, type.name)} ADD VALUE ${quoteLiteral(value)}${where}`])
}

/** ALTER TYPE … RENAME VALUE (every row holding it reads the new label). */
export function renameEnumValueSql(type: TypeRef, from: string, to: string): string {
  return inTransaction([`ALTER TYPE ${quoteQualified(type.schema, type.name)} RENAME VALUE ${quoteLiteral(from)} TO ${quoteLiteral(to)}`])
}

/** Why a type cannot be renamed to `name` (null when it can). */
export function typeNameProblem(name: string, current: string, taken: readonly string[]): string | null {
  const problem = nameProblem(name, 'a name')
  if (problem) return problem
  if (name === current) return 'Enter a name different from the current one'
  if (taken.includes(name)) return `The schema already has a type named "${name}"`
  return null
}

/** ALTER TYPE … RENAME TO (the schema stays). */
export function renameEnumTypeSql(type: TypeRef, name: string): string {
  return inTransaction([`ALTER TYPE ${quoteQualified(type.schema, type.name)} RENAME TO ${quoteIdent(name)}`])
}

/** DROP TYPE; with `cascade` the columns and functions using it go too. */
export function dropEnumTypeSql(type: TypeRef, cascade: boolean): string {
  return inTransaction([`DROP TYPE ${quoteQualified(type.schema, type.name)}${cascade ? ' CASCADE' : ''}`])
}

/** The list of what uses a type, in words ("public.orders.status", "public.f(status)"). */
export function enumUses(type: Pick<EnumType, 'columns' | 'functions'>): { columns: string[]; functions: string[] } {
  return {
    columns: type.columns.map((c) => `${c.schema}.${c.table}.${c.column}`),
    functions: type.functions.map((f) => (f.signature.includes('.') ? f.signature : `${f.schema}.${f.signature}`)),
  }
}

/** Moves the item at `from` to `to` (a reorderable list's step). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}
