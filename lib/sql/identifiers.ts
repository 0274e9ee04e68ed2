/**
 * Quoting of SQL names and values for the SQL the dashboard writes (table editor DDL, SQL editor
 * completions, generated statements). The one place that knows Postgres quoting rules; everything
 * that builds SQL imports it. (Owned by the table editor; add to it, keep the existing exports.)
 */

/** Postgres's reserved key words: as identifiers they must be quoted. */
const RESERVED = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation
column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze
from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit
localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references
returning right select session_user similar some symmetric system_user table tablesample then to trailing true union
unique user using variadic verbose when where window with`.split(/\s+/)
)

/** True when `name` may be written bare: lower case, no special characters, not reserved. */
export function isPlainIdentifier(name: string): boolean {
  return /^[a-z_][a-z0-9_$]*$/.test(name) && !RESERVED.has(name)
}

/** A quoted identifier: `my "table"` → `"my ""table"""`. Always safe, whatever the name. */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw new Error('A name cannot contain a NUL character')
  return `"${name.replaceAll('"', '""')}"`
}

/** `name` as SQL: bare when it can be, otherwise in double quotes with quotes doubled (for SQL people read). */
export function quoteIdentifier(name: string): string {
  return isPlainIdentifier(name) ? name : quoteIdent(name)
}

/** Same as `quoteIdentifier`: quoted only when it needs to be. */
export const quoteIdentIfNeeded = quoteIdentifier

/** `"schema"."name"`, both parts quoted. */
export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`
}

/** `schema.name` quoted only where needed (for SQL people read). */
export function qualifiedNameForDisplay(schema: string, name: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`
}

/**
 * A string literal. Quotes are doubled; a value holding a backslash becomes an escape string
 * (`E'…'` with doubled backslashes) so it reads the same whatever `standard_conforming_strings` is.
 */
export function quoteLiteral(value: string): string {
  if (value.includes('\u0000')) throw new Error('A text value cannot contain a NUL character')
  const quoted = value.replaceAll("'", "''")
  return value.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`
}

/**
 * Whether `type` is a plausible Postgres type name to splice into DDL: words, optional schema,
 * optional modifiers `(n)` / `(p, s)`, optional `[]`s; quoted names allowed. Rejects anything
 * that could end the statement or start another (`;`, comments, quotes left open).
 */
export function isValidTypeName(type: string): boolean {
  const part = String.raw`(?:[A-Za-z_][A-Za-z0-9_$]*|"(?:[^"]|"")+")`
  const name = String.raw`${part}(?:\.${part})?(?:\s+${part})*`
  const modifiers = String.raw`(?:\s*\(\s*\d+\s*(?:,\s*\d+\s*)?\))?`
  const pattern = new RegExp(String.raw`^\s*${name}${modifiers}(?:\s+${part})*(?:\s*\[\s*\d*\s*\])*\s*$`)
  return pattern.test(type)
}
